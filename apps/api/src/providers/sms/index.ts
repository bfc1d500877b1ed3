export { sandboxSmsRoutes } from './sandbox-routes';
export { HttpSmsGateway, SandboxSmsOutbox, type SmsSender } from './sms';
