// The entry of providers/sms: all that other code may import from it (providers' rule, src/boundaries.test.ts).
// SMS: the port, the HTTP gateway and the sandbox outbox.
export { sandboxSmsRoutes } from './sandbox-routes';
export { HttpSmsGateway, SandboxSmsOutbox, type SmsSender } from './sms';
