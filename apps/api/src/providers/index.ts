import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { PaymentProvider } from './payments/provider';
import type { YooKassaSandbox } from './payments/sandbox/emulator';
import { YooKassaClient } from './payments/yookassa-client';
import { noPush, type PushSender, SandboxPush } from './push/push';
import { HttpSmsGateway, SandboxSmsOutbox, type SmsSender } from './sms/sms';

/** External services the api talks to, injected into buildApp (tests pass fakes). */
export interface Providers {
  sms: SmsSender;
  push: PushSender;
  payments: PaymentProvider;
}

/**
 * The providers the configuration asks for: a real SMS gateway when configured, else the sandbox;
 * real YooKassa when YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY are set, else the YooKassa adapter
 * pointed at the sandbox emulator in-process (`yookassaSandbox`, present with sandbox providers;
 * loadEnv refuses a configuration that has neither).
 */
export function createProviders(
  env: Env,
  db: Db,
  clock: Clock,
  sandboxes: { yookassa?: YooKassaSandbox } = {},
): Providers {
  return {
    sms: env.smsGateway ? new HttpSmsGateway(env.smsGateway) : new SandboxSmsOutbox(db, clock),
    push: env.pushSignin ? new SandboxPush(db, clock) : noPush,
    payments: paymentProvider(env, sandboxes.yookassa),
  };
}

function paymentProvider(env: Env, sandbox: YooKassaSandbox | undefined): PaymentProvider {
  if (env.yookassa) {
    return new YooKassaClient({
      baseUrl: env.yookassa.apiUrl,
      shopId: env.yookassa.shopId,
      secretKey: env.yookassa.secretKey,
    });
  }
  if (!sandbox) {
    throw new Error(
      'No payment provider: set YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY, or SANDBOX_PROVIDERS=on',
    );
  }
  return sandboxPaymentProvider(sandbox);
}

/** The YooKassa adapter talking to the sandbox emulator in-process (no network hop). */
export function sandboxPaymentProvider(sandbox: YooKassaSandbox): PaymentProvider {
  return new YooKassaClient({
    kind: 'sandbox',
    baseUrl: 'http://yookassa.sandbox/v3',
    shopId: sandbox.shopId,
    secretKey: sandbox.secretKey,
    fetch: sandbox.fetch,
    receiptUrl: (receipt) => `/sandbox/yookassa/receipts/${encodeURIComponent(receipt.id)}`,
  });
}
