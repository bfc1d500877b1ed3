// The entry of providers/push: all that other code may import from it (providers' rule, src/boundaries.test.ts).
// Push sign-in: the port and the sandbox push "phone".
export { noPush, type PushSender, type RequesterContext, SandboxPush } from './push';
export { sandboxPushRoutes } from './sandbox-routes';
