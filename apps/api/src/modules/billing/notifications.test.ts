import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  payments,
  sandboxYookassaNotifications,
  sandboxYookassaPayments,
  subscriptions,
} from '../../db/schema';
import type { Payment } from '../../providers/payments';
import { type PaymentProvider, YooKassaError } from '../../providers/payments';
import { anonymousClient, backends, testEnv, useApi } from '../../test/harness';
import { CARDS, counts, paymentsApp, SERIALY, useBillingCatalogue } from '../../test/payments-fixture';
import { NOTIFICATIONS_PATH } from './payment-routes';

type App = Awaited<ReturnType<typeof paymentsApp>>;

const notice = (event: string, object: Payment) => ({ type: 'notification', event, object });
const post = (t: App, body: unknown, ip = '10.0.0.1') => t.call('POST', NOTIFICATIONS_PATH, { body, ip });
const errorOf = (res: { status: number; body: unknown }) => ({
  status: res.status,
  error: (res.body as { response: { error: string } }).response.error,
});

for (const backend of backends) {
  describe.skipIf(!backend.available)(`payment notifications (${backend.name})`, () => {
    const api = useApi(backend);
    useBillingCatalogue(api, backend.available);

    it('the sandbox’s notifications fulfil the payment without any checkPayment, once under duplicates and reordering', async () => {
      const t = await paymentsApp(api, { chaos: { duplicates: 3, reorderWindowMs: 5000 } });
      const v = await t.viewer();
      const paid = await v.buy(SERIALY);
      const declined = await (await t.viewer()).buy(SERIALY, CARDS.declined);
      expect([paid.result, declined.result]).toEqual(['succeeded', 'canceled']);
      t.clock.advance(6);
      let delivered = 0;
      for (let n = 1; n > 0; ) {
        n = await t.sandbox.webhooks.deliverDue();
        delivered += n;
      }
      expect(delivered).toBe(8);
      const rows = await t.db.select().from(sandboxYookassaNotifications);
      expect(rows.every((r) => r.deliveredAt !== null && r.attempts === 1)).toBe(true);
      expect(await counts(t.db)).toEqual({ payments: 2, subscriptions: 1, receipts: 1 });
      const ours = await t.db.select().from(payments).orderBy(payments.id);
      expect(ours.map((p) => p.status)).toEqual(['succeeded', 'canceled']);
      expect((await v.check(paid.paymentId)).body.response).toMatchObject({ status: 'confirmed' });
    });

    it('a forged body is not believed: the re-fetched status decides (pending stays pending, canceled stays canceled)', async () => {
      const t = await paymentsApp(api);
      const v = await t.viewer();
      const created = (await v.create(SERIALY)).body.response as { payment_id: string; token: string };
      const pending = await t.provider.getPayment(created.payment_id);
      const forged = { ...pending, status: 'succeeded' as const, paid: true };
      expect((await post(t, notice('payment.succeeded', forged))).status).toBe(200);
      expect(await t.db.select().from(subscriptions)).toHaveLength(0);
      expect((await v.check(created.payment_id)).body.response).toMatchObject({ status: 'pending' });

      const declined = await v.buy(SERIALY, CARDS.declined);
      const canceled = await t.provider.getPayment(declined.paymentId);
      const claim = {
        ...canceled,
        status: 'succeeded' as const,
        paid: true,
        cancellation_details: undefined,
      };
      expect((await post(t, notice('payment.succeeded', claim))).status).toBe(200);
      expect(await t.db.select().from(subscriptions)).toHaveLength(0);
      const [row] = await t.db
        .select()
        .from(payments)
        .where(eq(payments.providerPaymentId, declined.paymentId));
      expect(row?.status).toBe('canceled');
    });

    it('refuses an unknown payment and a body that is no notification with 400', async () => {
      const t = await paymentsApp(api);
      const v = await t.viewer();
      const created = (await v.create(SERIALY)).body.response as { payment_id: string };
      const real = await t.provider.getPayment(created.payment_id);
      const unknown = { ...real, id: '00000000-0000-4000-8000-000000000000' };
      expect(errorOf(await post(t, notice('payment.succeeded', unknown)))).toEqual({
        status: 400,
        error: 'notification_invalid',
      });
      expect(errorOf(await post(t, { type: 'notification', event: 'payment.succeeded' }))).toEqual({
        status: 400,
        error: 'notification_invalid',
      });
      expect(errorOf(await post(t, { hello: 'world' }))).toEqual({
        status: 400,
        error: 'notification_invalid',
      });
    });

    it('replayed and out-of-order notifications change nothing once the payment is settled', async () => {
      const t = await paymentsApp(api);
      const v = await t.viewer();
      const paid = await v.buy(SERIALY);
      const succeeded = await t.provider.getPayment(paid.paymentId);
      expect((await post(t, notice('payment.succeeded', succeeded))).status).toBe(200);
      const before = await t.db.select().from(subscriptions);
      // A stale canceled notice after the success, and the success replayed a day later.
      const stale = { ...succeeded, status: 'canceled' as const, paid: false };
      expect((await post(t, notice('payment.canceled', stale))).status).toBe(200);
      t.clock.advance(24 * 3600);
      expect((await post(t, notice('payment.succeeded', succeeded))).status).toBe(200);
      expect(await t.db.select().from(subscriptions)).toEqual(before);
      expect(await counts(t.db)).toEqual({ payments: 1, subscriptions: 1, receipts: 1 });
      const [row] = await t.db.select().from(payments);
      expect(row?.status).toBe('succeeded');
    });

    it('real YooKassa: only from its published addresses (403 otherwise); the provider down is a 503, sent again later', async () => {
      let down = 0;
      const t = await paymentsApp(api, {
        wrap: (inner): PaymentProvider => ({
          kind: 'yookassa',
          createPayment: (p) => inner.createPayment(p),
          async getPayment(id) {
            if (down > 0) {
              down--;
              throw new YooKassaError('timeout', 'no answer');
            }
            return inner.getPayment(id);
          },
          getReceipts: (id) => inner.getReceipts(id),
          receiptUrl: (r) => inner.receiptUrl(r),
        }),
      });
      const v = await t.viewer();
      const created = (await v.create(SERIALY)).body.response as { payment_id: string; token: string };
      await t.sandbox.payWithCard(created.token, { number: CARDS.ok, expiry: '12/35', csc: '123' });
      const body = notice('payment.succeeded', await t.provider.getPayment(created.payment_id));
      expect(errorOf(await post(t, body, '203.0.113.9'))).toEqual({
        status: 403,
        error: 'notification_untrusted',
      });
      expect(await t.db.select().from(subscriptions)).toHaveLength(0);
      down = 1;
      expect(errorOf(await post(t, body, '185.71.76.10'))).toEqual({
        status: 503,
        error: 'payment_provider_unavailable',
      });
      expect(await t.db.select().from(subscriptions)).toHaveLength(0);
      expect((await post(t, body, '185.71.76.10')).status).toBe(200);
      expect(await counts(t.db)).toEqual({ payments: 1, subscriptions: 1, receipts: 1 });
    });

    it('a succeeded payment whose amount or currency is not ours gives no entitlement', async () => {
      let alter: 'amount' | 'currency' = 'amount';
      const t = await paymentsApp(api, {
        wrap: (inner): PaymentProvider => ({
          kind: inner.kind,
          createPayment: (p) => inner.createPayment(p),
          async getPayment(id) {
            const payment = await inner.getPayment(id);
            if (payment.status !== 'succeeded') return payment;
            const amount =
              alter === 'amount'
                ? { ...payment.amount, value: '1.00' }
                : { ...payment.amount, currency: 'USD' };
            return { ...payment, amount };
          },
          getReceipts: (id) => inner.getReceipts(id),
          receiptUrl: (r) => inner.receiptUrl(r),
        }),
      });
      for (const kind of ['amount', 'currency'] as const) {
        alter = kind;
        const v = await t.viewer();
        const paid = await v.buy(SERIALY);
        const body = notice('payment.succeeded', await t.provider.getPayment(paid.paymentId));
        expect((await post(t, body)).status).toBe(200);
        expect((await v.check(paid.paymentId)).body.response).toMatchObject({ status: 'failed' });
        const [row] = await t.db
          .select()
          .from(payments)
          .where(eq(payments.providerPaymentId, paid.paymentId));
        expect(row).toMatchObject({ status: 'canceled', cancellationReason: 'amount_mismatch' });
      }
      expect(await t.db.select().from(subscriptions)).toHaveLength(0);
    });

    it('a notification that comes before our row knows the provider’s id finds it by the payment’s metadata', async () => {
      const t = await paymentsApp(api);
      const v = await t.viewer();
      const paid = await v.buy(SERIALY);
      await t.db.update(payments).set({ providerPaymentId: null });
      const body = notice('payment.succeeded', await t.provider.getPayment(paid.paymentId));
      expect((await post(t, body)).status).toBe(200);
      const [row] = await t.db.select().from(payments);
      expect(row).toMatchObject({ providerPaymentId: paid.paymentId, status: 'succeeded' });
    });

    it('over HTTP: a listening server is the sandbox’s default target, and its notifications settle the payment', async () => {
      const clock = (await paymentsApp(api)).clock;
      const { createYooKassaSandbox } = await import('../../providers/payments');
      const sandbox = createYooKassaSandbox(api.database.db, clock, testEnv().yookassaSandbox);
      const t = await api.setup({ PAYMENT_JOBS: 'off' }, { clock, yookassaSandbox: sandbox });
      const { client } = await anonymousClient(t.app, 'web_httpnotifications1');
      const created = await client.call('createPayment', {
        body: { type: 'widget_yookassa', package_id: SERIALY, device_uid: 'web_httpnotifications1' },
      });
      await sandbox.payWithCard(created.token, { number: CARDS.ok, expiry: '12/35', csc: '123' });
      expect(await sandbox.webhooks.deliverDue()).toBe(1);
      expect(await counts(api.database.db)).toEqual({ payments: 1, subscriptions: 1, receipts: 1 });
      expect(
        await client.call('checkPayment', {
          body: { type: 'widget_yookassa', payment_id: created.payment_id },
        }),
      ).toEqual({
        status: 'confirmed',
        retries: 0,
        delay: 2000,
      });
    });

    // PGlite runs one statement at a time: only PostgreSQL interleaves the transactions.
    if (backend.name === 'PostgreSQL') {
      it('parallel notifications and checkPayment polls for one payment: one subscription, one receipt', async () => {
        const t = await paymentsApp(api);
        const v = await t.viewer();
        const paid = await v.buy(SERIALY);
        const body = notice('payment.succeeded', await t.provider.getPayment(paid.paymentId));
        const answers = await Promise.all([
          ...Array.from({ length: 8 }, () => post(t, body)),
          ...Array.from({ length: 4 }, () => v.check(paid.paymentId)),
        ]);
        expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
        expect(answers.slice(8).map((a) => (a.body.response as { status: string }).status)).toEqual(
          Array(4).fill('confirmed'),
        );
        expect(await counts(t.db)).toEqual({ payments: 1, subscriptions: 1, receipts: 1 });
      });

      it('parallel createPayment calls for one package make one payment at the provider', async () => {
        const t = await paymentsApp(api);
        const v = await t.viewer();
        const answers = await Promise.all(Array.from({ length: 6 }, () => v.create(SERIALY)));
        expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
        expect(new Set(answers.map((a) => (a.body.response as { payment_id: string }).payment_id)).size).toBe(
          1,
        );
        expect((await counts(t.db)).payments).toBe(1);
        expect(await t.db.select().from(sandboxYookassaPayments)).toHaveLength(1);
      });
    }
  });
}
