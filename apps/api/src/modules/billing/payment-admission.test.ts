import type { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { payments, sandboxYookassaPayments } from '../../db/schema';
import type { PaymentProvider } from '../../providers/payments';
import { backends, type TestApi, useApi } from '../../test/harness';
import { paymentsApp, SERIALY, useBillingCatalogue } from '../../test/payments-fixture';

type Body = Record<string, unknown>;
type App = Awaited<ReturnType<typeof paymentsApp>>;

/**
 * A viewer on a device of its own, calling from `ip` with one token (its session stays cached);
 * `renew()` takes a new one after the clock has moved past the token's life.
 */
async function caller(t: App, ip: string) {
  const v = await t.viewer();
  let token = (await t.anonymous(v.device)).access_token;
  const post = (name: string, body: unknown) =>
    t.call<Body>('POST', `/v1/agregator/${name}`, { token, body, ip }) as ReturnType<TestApi['call']>;
  return {
    ...v,
    renew: async () => {
      token = (await t.anonymous(v.device)).access_token;
    },
    create: () =>
      post('createPayment', { type: 'widget_yookassa', package_id: SERIALY, device_uid: v.device }),
    check: (paymentId: string) => post('checkPayment', { type: 'widget_yookassa', payment_id: paymentId }),
  };
}

const paymentId = (res: { body: { response: unknown } }) =>
  (res.body.response as { payment_id: string }).payment_id;

/** The parts of a refusal a client acts on. */
const refusal = (res: { status: number; body: { code: number; response: unknown }; headers: Body }) => ({
  status: res.status,
  code: res.body.code,
  error: (res.body.response as { error: string }).error,
  retryAfter: res.headers['retry-after'],
});

for (const backend of backends) {
  describe.skipIf(!backend.available)(`payment calls' limits and turns (${backend.name})`, () => {
    const api = useApi(backend);
    useBillingCatalogue(api, backend.available);

    describe('per profile', () => {
      it('lets a profile make its payments and repeat them, then refuses with 429 and Retry-After, creating nothing', async () => {
        const t = await paymentsApp(api, { env: { PAYMENT_CREATES_PER_PROFILE_HOUR: '2' } });
        const v = await caller(t, '10.1.0.1');
        const first = await v.create();
        // A repeat (a double click, a lost answer) is answered with the same open payment.
        const repeat = await v.create();
        expect([first.status, repeat.status]).toEqual([200, 200]);
        expect(paymentId(repeat)).toBe(paymentId(first));
        const refused = await v.create();
        expect(refusal(refused)).toEqual({
          status: 429,
          code: 429,
          error: 'rate_limited',
          retryAfter: '3660',
        });
        expect(refused.body.response).toMatchObject({ retry_after: 3660 });
        expect(await t.db.select().from(payments)).toHaveLength(1);
        expect(await t.db.select().from(sandboxYookassaPayments)).toHaveLength(1);
      });

      it('refusals spend nothing: once the window has room the profile gets in again; others never waited', async () => {
        const t = await paymentsApp(api, { env: { PAYMENT_CREATES_PER_PROFILE_HOUR: '1' } });
        const v = await caller(t, '10.1.0.2');
        expect((await v.create()).status).toBe(200);
        for (let i = 0; i < 5; i++) expect((await v.create()).status).toBe(429);
        // Another profile on the same network is not limited by this one.
        expect((await (await caller(t, '10.1.0.2')).create()).status).toBe(200);
        t.clock.advance(3600 + 60);
        await v.renew();
        const again = await v.create();
        expect(again.status).toBe(200);
      });

      it('limits checkPayment apart from createPayment', async () => {
        const t = await paymentsApp(api, { env: { PAYMENT_CHECKS_PER_PROFILE_HOUR: '2' } });
        const v = await caller(t, '10.1.0.3');
        const id = paymentId(await v.create());
        expect((await v.check(id)).status).toBe(200);
        expect((await v.check(id)).status).toBe(200);
        expect(refusal(await v.check(id))).toMatchObject({ status: 429, error: 'rate_limited' });
        // createPayment has its own budget.
        expect((await v.create()).status).toBe(200);
      });
    });

    describe('per network', () => {
      it('counts every profile of one address (IPv6: its /64) and none of another', async () => {
        const t = await paymentsApp(api, { env: { PAYMENT_CREATES_PER_NETWORK_HOUR: '2' } });
        expect((await (await caller(t, '2001:db8:1:2::10')).create()).status).toBe(200);
        expect((await (await caller(t, '2001:db8:1:2::20')).create()).status).toBe(200);
        const third = await (await caller(t, '2001:db8:1:2:ffff::1')).create();
        expect(refusal(third)).toMatchObject({ status: 429, error: 'rate_limited' });
        expect((await (await caller(t, '2001:db8:1:3::10')).create()).status).toBe(200);
        expect((await (await caller(t, '10.1.0.4')).create()).status).toBe(200);
        expect(await t.db.select().from(payments)).toHaveLength(4);
      });
    });

    describe('heavy writes in turns', () => {
      /** A provider whose createPayment waits until the test opens the gate; `reached` once one waits. */
      function gated() {
        let open!: () => void;
        const gate = new Promise<void>((resolve) => {
          open = resolve;
        });
        let reached!: () => void;
        const waiting = new Promise<void>((resolve) => {
          reached = resolve;
        });
        const wrap = (inner: PaymentProvider): PaymentProvider => ({
          kind: inner.kind,
          async createPayment(params) {
            reached();
            await gate;
            return inner.createPayment(params);
          },
          getPayment: (id) => inner.getPayment(id),
          getReceipts: (id) => inner.getReceipts(id),
          receiptUrl: (receipt) => inner.receiptUrl(receipt),
        });
        return { wrap, open, waiting };
      }

      it('sheds a call beyond the queue with the 503 envelope and Retry-After, without spending its limit', async () => {
        const { wrap, open, waiting } = gated();
        const t = await paymentsApp(api, {
          wrap,
          env: {
            HEAVY_WRITES_IN_FLIGHT: '1',
            HEAVY_WRITES_QUEUE: '0',
            PAYMENT_CREATES_PER_PROFILE_HOUR: '1',
          },
        });
        const busy = await caller(t, '10.2.0.1');
        const other = await caller(t, '10.2.0.2');
        const running = busy.create();
        await waiting;
        const shed = await other.create();
        expect(refusal(shed)).toEqual({
          status: 503,
          code: 503,
          error: 'service_unavailable',
          retryAfter: '1',
        });
        expect(shed.body.response).toMatchObject({ retry_after: 1 });
        // The shed call made nothing: one payment, the running one's.
        expect(await t.db.select().from(payments)).toHaveLength(1);
        open();
        expect((await running).status).toBe(200);
        // Its one createPayment of the hour was given back: the retry gets in.
        expect((await other.create()).status).toBe(200);
      });

      it('lets another profile through while one profile’s calls wait behind its own', async () => {
        const { wrap, open, waiting } = gated();
        const t = await paymentsApp(api, { wrap, env: { HEAVY_WRITES_IN_FLIGHT: '2' } });
        const flood = await caller(t, '10.2.0.3');
        const floods = [flood.create(), flood.create(), flood.create()];
        await waiting;
        // The flood holds one slot (its other calls wait behind it); the viewer takes the second.
        const viewer = await caller(t, '10.2.0.4');
        const own = viewer.create();
        await vi.waitFor(async () => expect(await t.db.select().from(payments)).toHaveLength(2));
        open();
        const answers = await Promise.all([...floods, own]);
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
        // The flood's calls ran one after another: its repeats found its open payment.
        expect(new Set(answers.slice(0, 3).map(paymentId)).size).toBe(1);
      });
    });

    if (backend.name === 'PGlite')
      describe('on the embedded database', () => {
        afterEach(() => {
          vi.restoreAllMocks();
        });

        it('a flood of one profile’s calls read in one turn: one runs, eight wait, the rest are shed at once', async () => {
          const t = await paymentsApp(api, { env: { PAYMENT_CREATES_PER_PROFILE_HOUR: '1000' } });
          const v = await caller(t, '10.3.0.3');
          const answers = await Promise.all(Array.from({ length: 30 }, () => v.create()));
          const statuses = answers.map((a) => a.status);
          expect(statuses).toEqual([...Array(9).fill(200), ...Array(21).fill(503)]);
          expect(new Set(answers.slice(0, 9).map(paymentId)).size).toBe(1);
          expect(await t.db.select().from(payments)).toHaveLength(1);
        });

        it('refuses over a limit without a database round trip', async () => {
          const t = await paymentsApp(api, {
            env: { PAYMENT_CREATES_PER_PROFILE_HOUR: '1', PAYMENT_CHECKS_PER_NETWORK_HOUR: '1' },
          });
          const v = await caller(t, '10.3.0.1');
          const id = paymentId(await v.create());
          expect((await v.check(id)).status).toBe(200);
          const client = (t.db as unknown as { $client: PGlite }).$client;
          const statements = [
            vi.spyOn(client, 'query'),
            vi.spyOn(client, 'exec'),
            vi.spyOn(client, 'transaction'),
          ];
          for (let i = 0; i < 20; i++) {
            expect((await v.create()).status).toBe(429);
            expect((await v.check(id)).status).toBe(429);
          }
          expect(statements.map((s) => s.mock.calls.length)).toEqual([0, 0, 0]);
          // The spies see statements: a call that is let in makes some.
          const other = await caller(t, '10.3.0.2');
          expect((await other.create()).status).toBe(200);
          expect(statements[0]!.mock.calls.length + statements[2]!.mock.calls.length).toBeGreaterThan(0);
        });
      });
  });
}
