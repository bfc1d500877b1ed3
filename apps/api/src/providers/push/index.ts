export { noPush, type PushSender, type RequesterContext, SandboxPush } from './push';
export { sandboxPushRoutes } from './sandbox-routes';
