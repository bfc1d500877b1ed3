// The entry of providers/payments: all that other code may import from it (providers' rule, src/boundaries.test.ts).
// Payments: the port, the real YooKassa client, webhook trust, and the sandbox YooKassa emulator.
export { type CreatePaymentParams, type PaymentProvider, YooKassaError } from './provider';
export { createYooKassaSandbox, YooKassaSandbox } from './sandbox/emulator';
export { yookassaSandboxRoutes } from './sandbox/routes';
export { SandboxWebhooks, type WebhookChaos } from './sandbox/webhooks';
export type { Amount, Payment } from './schemas';
export { trustedNotification, UntrustedNotification } from './webhook-trust';
export { YooKassaClient } from './yookassa-client';
