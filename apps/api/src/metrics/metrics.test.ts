import { describe, expect, it } from 'vitest';
import type { Reconciliation, Renewals } from '../modules/billing';
import { PaymentJobs } from '../modules/billing';
import { YooKassaError } from '../providers/payments';
import { pgliteBackend, type TestApi, useApi } from '../test/harness';
import { CARDS, paymentsApp, SERIALY, useBillingCatalogue } from '../test/payments-fixture';
import { PRODUCTION_SETTINGS } from '../test/security-settings';
import { ServiceMetrics } from './metrics';

const TOKEN = 'metrics-token-metrics-token-0123456789';
const PHONE = '79991234567';

/** The value of one sample line of the exposition text (`name{labels}`), undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(t: Pick<TestApi, 'app'>, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  return { status: res.statusCode, headers: res.headers, text: res.body };
}

describe('metrics (PGlite)', () => {
  const api = useApi(pgliteBackend);

  it('counts requests by route pattern, method and status class, never by raw URL or id', async () => {
    const t = await api.setup();
    const device = 'web_metricsdevice0001';
    await t.anonymous(device);
    await t.anonymous(device);
    await t.call('GET', '/web/2/contents/987654');
    await t.call('GET', '/no/such/path/424242');
    const { status, headers, text } = await scrape(t);
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const count = (labels: string) => sample(text, `http_request_duration_seconds_count{${labels}}`);
    expect(count('method="GET",route="/web/1/auth/:device_uid",status_class="2xx"')).toBe(2);
    expect(count('method="GET",route="/web/2/contents/:id",status_class="4xx"')).toBe(1);
    expect(count('method="GET",route="unmatched",status_class="4xx"')).toBe(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_bucket{le="5",method="GET",route="/web/1/auth/:device_uid",status_class="2xx"}',
      ),
    ).toBe(2);
    for (const raw of [device, '987654', '424242', '/no/such']) expect(text).not.toContain(raw);
  });

  it('serves the default process metrics beside the service’s own', async () => {
    const t = await api.setup();
    const { text } = await scrape(t);
    for (const name of [
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'kadr_active_streams',
    ])
      expect(text).toMatch(new RegExp(`^${name} \\d`, 'm'));
    for (const event of ['created', 'succeeded', 'canceled'])
      expect(sample(text, `kadr_payments_total{event="${event}"}`)).toBe(0);
  });

  it('asks for the METRICS_TOKEN bearer token when one is set, in the error envelope', async () => {
    const t = await api.setup({ METRICS_TOKEN: TOKEN });
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(t, authorization ? { authorization } : {});
      expect(res.status, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(JSON.parse(res.text)).toEqual({
        code: 401,
        success: false,
        response: {
          error: 'metrics_token_required',
          message: 'Metrics need the METRICS_TOKEN bearer token',
        },
      });
    }
    const ok = await scrape(t, { authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('http_request_duration_seconds_count');
  });

  it('is not served in production without a METRICS_TOKEN, and is with one', async () => {
    const production = PRODUCTION_SETTINGS;
    const open = await api.setup(production);
    expect((await scrape(open)).status).toBe(404);
    const guarded = await api.setup({ ...production, METRICS_TOKEN: TOKEN });
    expect((await scrape(guarded)).status).toBe(401);
    expect((await scrape(guarded, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it('counts sign-ins by method and outcome: the refusal’s code, or success', async () => {
    const t = await api.setup({ PUSH_SIGNIN: 'off' });
    const anon = await t.anonymous('web_metricssignin0001');
    await t.sendAuth(PHONE, anon.access_token);
    const code = await t.lastCode(PHONE);
    const wrong = code === '0000' ? '1111' : '0000';
    expect((await t.authApp(PHONE, wrong, anon.access_token)).status).toBe(422);
    expect((await t.authApp(PHONE, code, anon.access_token)).status).toBe(200);
    expect((await t.authApp(PHONE, code, anon.access_token)).status).toBe(401);
    const { text } = await scrape(t);
    const signIns = (outcome: string) =>
      sample(text, `kadr_sign_ins_total{method="phone",outcome="${outcome}"}`);
    expect(signIns('wrong_code')).toBe(1);
    expect(signIns('success')).toBe(1);
    // The anonymous session ended with the sign-in: its token is refused before the service is asked.
    expect(signIns('session_invalid')).toBeUndefined();
  });
});

describe('payment metrics (PGlite)', () => {
  const api = useApi(pgliteBackend);
  useBillingCatalogue(api, true);

  it('counts a payment created, succeeded and canceled once each, however often it is settled', async () => {
    const metrics = new ServiceMetrics({ defaultMetrics: false });
    const t = await paymentsApp(api, { metrics });
    const v = await t.viewer();
    const paid = await v.buy(SERIALY, CARDS.ok);
    // The poll settles it; the notification (delivered by the sandbox) and a second poll find it settled.
    for (let i = 0; i < 2; i++) await v.check(paid.paymentId);
    await t.sandbox.webhooks.deliverDue();
    const other = await t.viewer();
    const declined = await other.buy(SERIALY, CARDS.declined);
    for (let i = 0; i < 2; i++) await other.check(declined.paymentId);
    const text = await metrics.text();
    expect(sample(text, 'kadr_payments_total{event="created"}')).toBe(2);
    expect(sample(text, 'kadr_payments_total{event="succeeded"}')).toBe(1);
    expect(sample(text, 'kadr_payments_total{event="canceled"}')).toBe(1);
  });

  it('counts a payment canceled by us when the provider refuses to create it', async () => {
    const metrics = new ServiceMetrics({ defaultMetrics: false });
    const refused = new YooKassaError('invalid_request', 'bad', { status: 400 });
    const t = await paymentsApp(api, {
      metrics,
      wrap: (inner) => ({
        kind: inner.kind,
        createPayment: async () => {
          throw refused;
        },
        getPayment: (id) => inner.getPayment(id),
        getReceipts: (id) => inner.getReceipts(id),
        receiptUrl: (receipt) => inner.receiptUrl(receipt),
      }),
    });
    const v = await t.viewer();
    expect((await v.create(SERIALY)).status).toBe(500);
    const text = await metrics.text();
    expect(sample(text, 'kadr_payments_total{event="created"}')).toBe(1);
    expect(sample(text, 'kadr_payments_total{event="canceled"}')).toBe(1);
  });
});

describe('renewal metrics', () => {
  it('shows the overdue receipts the last reconciliation pass counted', async () => {
    const metrics = new ServiceMetrics({ defaultMetrics: false });
    const counts = [2, 0];
    const renewals = {
      runOnce: async () => ({ claimed: 0, charged: 0, declined: 0, unknown: 0, lapsed: 0 }),
    };
    const reconciliation = {
      runOnce: async () => ({ payments: 0, receipts: 0, overdueReceipts: counts.shift()! }),
    };
    const jobs = new PaymentJobs(
      {
        renewals: renewals as unknown as Renewals,
        reconciliation: reconciliation as unknown as Reconciliation,
      },
      () => {},
      undefined,
      undefined,
      metrics,
    );
    await jobs.runOnce();
    expect(sample(await metrics.text(), 'kadr_receipts_overdue')).toBe(2);
    await jobs.runOnce();
    expect(sample(await metrics.text(), 'kadr_receipts_overdue')).toBe(0);
  });

  it('counts each renewal pass’s outcomes: charged, declined, unknown, lapsed', async () => {
    const metrics = new ServiceMetrics({ defaultMetrics: false });
    const passes = [
      { claimed: 3, charged: 2, declined: 1, unknown: 0, lapsed: 4 },
      { claimed: 1, charged: 0, declined: 0, unknown: 1, lapsed: 0 },
    ];
    const renewals = { runOnce: async () => passes.shift()! } as unknown as Renewals;
    const reconciliation = {
      runOnce: async () => ({ payments: 0, receipts: 0, overdueReceipts: 0 }),
    } as unknown as Reconciliation;
    const jobs = new PaymentJobs({ renewals, reconciliation }, () => {}, undefined, undefined, metrics);
    await jobs.runOnce();
    await jobs.runOnce();
    const text = await metrics.text();
    const renewed = (outcome: string) => sample(text, `kadr_renewals_total{outcome="${outcome}"}`);
    expect([renewed('charged'), renewed('declined'), renewed('unknown'), renewed('lapsed')]).toEqual([
      2, 1, 1, 4,
    ]);
  });
});

describe('demo media metrics', () => {
  it('shows the demo media’s progress on each scrape, none when there is no generation', async () => {
    const metrics = new ServiceMetrics({ defaultMetrics: false });
    expect(await metrics.text()).not.toMatch(/^kadr_demo_media_assets\{/m);
    const status = { total: 24, ready: 3, failed: 0 };
    metrics.watchDemoMedia(() => status);
    const at = async (state: string) =>
      sample(await metrics.text(), `kadr_demo_media_assets{state="${state}"}`);
    expect([await at('total'), await at('ready'), await at('failed')]).toEqual([24, 3, 0]);
    status.ready = 23;
    status.failed = 1;
    expect([await at('ready'), await at('failed')]).toEqual([23, 1]);
  });
});
