import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Core } from '../core';
import type { Db } from '../db/client';
import type { Env } from '../env';
import {
  createYooKassaSandbox,
  type PaymentProvider,
  YooKassaClient,
  type YooKassaSandbox,
  yookassaSandboxRoutes,
} from './payments';
import { noPush, type PushSender, SandboxPush, sandboxPushRoutes } from './push';
import { HttpSmsGateway, SandboxSmsOutbox, type SmsSender, sandboxSmsRoutes } from './sms';

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
    throw new Error('No payment provider: set YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY');
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

/** What registerProviders is given beyond the shared infrastructure (tests and benchmarks). */
export interface ProviderOverrides {
  /** Replaces individual providers (SMS, push, payments). */
  providers?: Partial<Providers>;
  /** The YooKassa emulator served under /sandbox/yookassa/ (with sandbox providers); tests pass theirs. */
  yookassaSandbox?: YooKassaSandbox;
  /** Where the sandbox YooKassa posts its notifications by default: this api's own route, once it listens. */
  notificationsUrl: () => string;
}

/**
 * The providers the configuration asks for, with the sandboxes' pages when sandbox providers are on
 * (never in production): the SMS outbox, the push "phone" and the YooKassa emulator, whose expired
 * tokens are canceled and due notifications posted in the background by every instance (rows are claimed).
 */
export async function registerProviders(
  app: FastifyInstance,
  core: Core,
  overrides: ProviderOverrides,
): Promise<Providers> {
  const { env, db, clock } = core;
  const yookassaSandbox = env.sandboxProviders
    ? (overrides.yookassaSandbox ??
      createYooKassaSandbox(db, clock, { ...env.yookassaSandbox, writeSlots: core.writeSlots }))
    : undefined;
  if (env.sandboxProviders) {
    await app.register(sandboxSmsRoutes, { db });
    await app.register(sandboxPushRoutes, { db, clock });
  }
  if (yookassaSandbox) {
    await app.register(yookassaSandboxRoutes, { sandbox: yookassaSandbox, prefix: '/sandbox/yookassa' });
    core.background.add({
      start: () => {
        yookassaSandbox.webhooks.setDefaultUrl(overrides.notificationsUrl());
        yookassaSandbox.start((err) => core.log.warn({ err }, 'sandbox YooKassa notifications failed'));
      },
      stop: () => yookassaSandbox.stop(),
    });
  }
  return { ...createProviders(env, db, clock, { yookassa: yookassaSandbox }), ...overrides.providers };
}
