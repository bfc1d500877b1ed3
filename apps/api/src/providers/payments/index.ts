export { type CreatePaymentParams, type PaymentProvider, YooKassaError } from './provider';
export { createYooKassaSandbox, YooKassaSandbox } from './sandbox/emulator';
export { yookassaSandboxRoutes } from './sandbox/routes';
export { SandboxWebhooks, type WebhookChaos } from './sandbox/webhooks';
export type { Amount, Payment } from './schemas';
export { trustedNotification, UntrustedNotification } from './webhook-trust';
export { YooKassaClient } from './yookassa-client';
