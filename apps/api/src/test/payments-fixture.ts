import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../db/client';
import { payments, receipts, subscriptions } from '../db/schema';
import type { ServiceMetrics } from '../metrics/metrics';
import { NOTIFICATIONS_PATH, PaymentSettlement, Reconciliation, Renewals } from '../modules/billing';
import { sandboxPaymentProvider } from '../providers';
import type { PaymentProvider } from '../providers/payments';
import { SandboxWebhooks, type WebhookChaos, YooKassaSandbox } from '../providers/payments';
import { fixtureData, loadFixtureData } from './catalogue-fixture';
import { FakeClock, type TestApi, type useApi } from './harness';

// Test helpers of the payment suites (payment-flow, renewals, reconciliation): the billing suite's
// packages, and an app with the sandbox YooKassa on a fake clock whose notifications reach the app
// in-process.

/** Packages (ids in this order): 1 kadr (parent of 2 and 3), 2 kino (7-day trial), 3 serialy, 4 sport (hand). */
export const PACKAGES = [
  { key: 'kadr', name: 'Подписка Кадр', children: ['kino', 'serialy'], tariffs: [{ cost: 399 }] },
  {
    key: 'kino',
    name: 'Кино',
    tariffs: [{ cost: 199, trial_days: 7, pay_text: 'Попробовать бесплатно' }],
  },
  { key: 'serialy', name: 'Сериалы', cost: 249 },
  { key: 'sport', name: 'Спорт', cost: 299, store: 'hand' },
];
export const KADR = 1;
export const KINO = 2;
export const SERIALY = 3;
export const SPORT = 4;
/** Test cards of the sandbox (decision 016). */
export const CARDS = {
  ok: '5555555555554444',
  declined: '5555555555555599',
  threeDs: '5555555555554477',
  succeedsOnce: '4000000000000341',
} as const;
export const DAY = 24 * 3600;

/** The payment suites' titles: which package sells each (by title key). */
const TITLE_PACKAGES: Record<string, string> = { 'tikhiy-dom': 'kino', 'moskva-slezam': 'serialy' };

/**
 * Imports a suite's packages once per suite (beforeAll): the fixture catalogue with `packages`, each
 * title of `titlePackages` sold by the package named (default: the payment suites' own).
 */
export function useBillingCatalogue(
  api: ReturnType<typeof useApi>,
  available: boolean,
  catalogue: {
    packages?: ReturnType<typeof fixtureData>['packages'];
    titlePackages?: Record<string, string>;
  } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kadr-billing-'));
  beforeAll(async () => {
    if (!available) return;
    const data = fixtureData();
    data.packages = catalogue.packages ?? PACKAGES;
    for (const [key, pack] of Object.entries(catalogue.titlePackages ?? TITLE_PACKAGES))
      Object.assign(data.titles.find((t) => t.key === key) as Record<string, unknown>, { package: pack });
    await loadFixtureData(
      api.database.db,
      data,
      join(dataDir, 'media', 'images'),
      new Date('2030-01-15T10:00:00Z'),
    );
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
}

type Body = Record<string, unknown>;

/**
 * An app with its own sandbox YooKassa on a fake clock; `wrap` may put a faulty provider in front of
 * the sandbox. Notifications of the sandbox are posted to the app by `deliver()` (in-process).
 */
export async function paymentsApp(
  api: ReturnType<typeof useApi>,
  options: {
    wrap?: (provider: PaymentProvider) => PaymentProvider;
    chaos?: WebhookChaos;
    env?: Record<string, string>;
    /** The app's metrics, for tests that read them. */
    metrics?: ServiceMetrics;
  } = {},
) {
  const clock = new FakeClock();
  const db = api.database.db;
  let app: TestApi['app'] | undefined;
  const webhooks = new SandboxWebhooks(db, clock, {
    url: `http://kadr.test${NOTIFICATIONS_PATH}`,
    chaos: options.chaos,
    fetch: async (input, init) => {
      const res = await app!.inject({
        method: 'POST',
        url: new URL(input).pathname,
        headers: { 'content-type': 'application/json' },
        payload: String(init.body),
      });
      return new Response(res.body, { status: res.statusCode });
    },
  });
  const sandbox = new YooKassaSandbox(db, clock, { webhooks });
  const sandboxProvider = sandboxPaymentProvider(sandbox);
  const provider = options.wrap ? options.wrap(sandboxProvider) : sandboxProvider;
  const t = await api.setup(
    { PAYMENT_JOBS: 'off', ...options.env },
    { clock, yookassaSandbox: sandbox, providers: { payments: provider }, metrics: options.metrics },
  );
  app = t.app;
  /** The jobs as a server runs them, on this app's database, clock and provider. */
  const jobs = (jobProvider: PaymentProvider = provider, db2: Db = db) => {
    const settlement = new PaymentSettlement({
      db: db2,
      clock,
      provider: jobProvider,
      contact: { fallbackEmail: 'receipts@kadr.example' },
    });
    return {
      settlement,
      reconciliation: new Reconciliation({ db: db2, clock, settlement, afterMinutes: 10 }),
      renewals: new Renewals({ db: db2, clock, settlement, sleep: async () => {} }),
    };
  };
  return { ...t, db, sandbox, provider: sandboxProvider, jobs, ...viewerHelpers(t, sandbox) };
}

function viewerHelpers(t: TestApi, sandbox: YooKassaSandbox) {
  /** A viewer on a device of its own; each call takes a fresh token (tests move the clock by days). */
  async function viewer(device = `web_${randomUUID().replace(/-/g, '').slice(0, 16)}`) {
    const first = await t.anonymous(device);
    const call = async (name: string, body?: unknown) =>
      t.call<Body>('POST', `/v1/agregator/${name}`, {
        token: (await t.anonymous(device)).access_token,
        ...(body === undefined ? {} : { body }),
      });
    const create = (packageId: number, deviceUid = device) =>
      call('createPayment', { type: 'widget_yookassa', package_id: packageId, device_uid: deviceUid });
    const check = (paymentId: string) =>
      call('checkPayment', { type: 'widget_yookassa', payment_id: paymentId });
    /** createPayment, then the card in the sandbox checkout; answers the payment id and the result. */
    const buy = async (packageId: number, card: string = CARDS.ok) => {
      const created = await create(packageId);
      if (created.status !== 200) throw new Error(`createPayment: ${JSON.stringify(created.body)}`);
      const { token, payment_id } = created.body.response as { token: string; payment_id: string };
      const paid = await sandbox.payWithCard(token, { number: card, expiry: '12/35', csc: '123' });
      return { paymentId: payment_id, token, result: paid.result, paid };
    };
    return { device, profileId: first.profile_id, call, create, check, buy };
  }
  return { viewer };
}

/** Rows counted, for "exactly once" assertions. */
export async function counts(db: Db) {
  const n = async (table: typeof payments | typeof subscriptions | typeof receipts) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return { payments: await n(payments), subscriptions: await n(subscriptions), receipts: await n(receipts) };
}
