import { describe, expect, it } from 'vitest';
import { payments, receipts, sandboxYookassaPayments, subscriptions } from '../../db/schema';
import { type PaymentProvider, YooKassaError } from '../../providers/payments';
import { backends, useApi } from '../../test/harness';
import {
  CARDS,
  counts,
  KADR,
  KINO,
  paymentsApp,
  SERIALY,
  SPORT,
  useBillingCatalogue,
} from '../../test/payments-fixture';
import { CHECK_DELAY_MS, CHECK_RETRIES } from './payment-flow';

type Body = Record<string, unknown>;
const refusal = (res: { status: number; body: unknown }) => {
  const body = res.body as { code: number; response: { error: string } };
  return { status: res.status, code: body.code, error: body.response.error };
};

/** A provider in front of the sandbox that records create keys and fails as told. */
function faulty(
  inner: PaymentProvider,
  plan: { createFailures?: YooKassaError[]; alterAmount?: string; getFailures?: number },
) {
  const keys: string[] = [];
  const failures = [...(plan.createFailures ?? [])];
  let getFailures = plan.getFailures ?? 0;
  const provider: PaymentProvider = {
    kind: inner.kind,
    async createPayment(params) {
      keys.push(params.idempotenceKey);
      const failure = failures.shift();
      if (failure) {
        // A time-out after the provider created it: the retry with the same key must find that one.
        if (failure.retryable) await inner.createPayment(params);
        throw failure;
      }
      const payment = await inner.createPayment(params);
      return plan.alterAmount
        ? { ...payment, amount: { ...payment.amount, value: plan.alterAmount } }
        : payment;
    },
    async getPayment(id) {
      if (getFailures > 0) {
        getFailures--;
        throw new YooKassaError('internal_server_error', 'down', { status: 500 });
      }
      return inner.getPayment(id);
    },
    getReceipts: (id) => inner.getReceipts(id),
    receiptUrl: (r) => inner.receiptUrl(r),
  };
  return { provider, keys };
}

for (const backend of backends) {
  describe.skipIf(!backend.available)(`createPayment and checkPayment (${backend.name})`, () => {
    const api = useApi(backend);
    useBillingCatalogue(api, backend.available);

    describe('createPayment', () => {
      it('creates our pending row, then the provider payment with the widget, the card saved, the 54-FZ receipt and our id', async () => {
        const t = await paymentsApp(api);
        const v = await t.viewer();
        const res = await v.create(SERIALY);
        expect(res.status).toBe(200);
        const answer = res.body.response as Body;
        expect(answer).toEqual({
          token: expect.stringMatching(/^ct-/),
          title: 'Сериалы',
          price: 249,
          payment_id: expect.any(String),
          package_id: SERIALY,
          type: 'widget_yookassa',
        });
        const [row] = await t.db.select().from(payments);
        expect(row).toMatchObject({
          profileId: v.profileId,
          packageId: SERIALY,
          kind: 'first',
          provider: 'sandbox',
          providerPaymentId: answer.payment_id,
          amount: 24900,
          status: 'pending',
          saveMethod: true,
          customer: { email: 'receipts@kadr.example' },
        });
        const [sandboxRow] = await t.db.select().from(sandboxYookassaPayments);
        expect(sandboxRow?.savePaymentMethod).toBe(true);
        expect(sandboxRow?.object).toMatchObject({
          amount: { value: '249.00', currency: 'RUB' },
          confirmation: { type: 'embedded' },
          metadata: { kadr_payment_id: String(row!.id) },
        });
        // An anonymous buyer has no phone: the receipt goes to the configured contact.
        expect(sandboxRow?.receipt).toEqual({
          customer: { email: 'receipts@kadr.example' },
          items: [
            {
              description: 'Подписка «Сериалы» на 1 мес.',
              quantity: '1.00',
              amount: { value: '249.00', currency: 'RUB' },
              vat_code: 1,
              payment_subject: 'service',
              payment_mode: 'full_payment',
            },
          ],
        });
      });

      it('a trial is a 1 ₽ binding charge', async () => {
        const t = await paymentsApp(api);
        const v = await t.viewer();
        const res = await v.create(KINO);
        expect(res.body.response).toMatchObject({ title: 'Кино', price: 1 });
        const [row] = await t.db.select().from(payments);
        expect(row).toMatchObject({ amount: 100, isTrial: true });
      });

      it('a retried create (double click, network retry) answers the same open payment; a canceled one gives way to a new one', async () => {
        const t = await paymentsApp(api);
        const v = await t.viewer();
        const first = (await v.create(SERIALY)).body.response as Body;
        const again = (await v.create(SERIALY)).body.response as Body;
        expect(again).toEqual(first);
        expect((await counts(t.db)).payments).toBe(1);
        // Declined in the widget: the next create is a new payment, the old one is recorded canceled.
        await t.sandbox.payWithCard(first.token as string, {
          number: CARDS.declined,
          expiry: '12/35',
          csc: '123',
        });
        const third = (await v.create(SERIALY)).body.response as Body;
        expect(third.payment_id).not.toBe(first.payment_id);
        const rows = await t.db.select().from(payments).orderBy(payments.id);
        expect(rows.map((r) => [r.status, r.cancellationReason])).toEqual([
          ['canceled', 'insufficient_funds'],
          ['pending', null],
        ]);
        // Past the reuse window a new payment is made (the old token may expire while the card is typed).
        t.clock.advance(21 * 60);
        const fourth = (await v.create(SERIALY)).body.response as Body;
        expect(fourth.payment_id).not.toBe(third.payment_id);
        // Another package is another payment.
        const other = (await v.create(KADR)).body.response as Body;
        expect(other.payment_id).not.toBe(fourth.payment_id);
      });

      it('refuses an unknown package, a package not sold here, a bought one (also through its parent), a device not the session’s', async () => {
        const t = await paymentsApp(api);
        const v = await t.viewer();
        expect(refusal(await v.create(999))).toEqual({ status: 404, code: 404, error: 'package_not_found' });
        expect(refusal(await v.create(SPORT))).toEqual({
          status: 409,
          code: 424,
          error: 'package_not_for_sale',
        });
        expect(refusal(await v.create(SERIALY, 'web_someoneelsesdevice'))).toEqual({
          status: 403,
          code: 403,
          error: 'payment_device_mismatch',
        });
        const bought = await v.buy(KADR);
        expect(bought.result).toBe('succeeded');
        expect((await v.check(bought.paymentId)).body.response).toMatchObject({ status: 'confirmed' });
        expect(refusal(await v.create(KADR))).toEqual({
          status: 409,
          code: 424,
          error: 'package_already_bought',
        });
        expect(refusal(await v.create(SERIALY))).toEqual({
          status: 409,
          code: 424,
          error: 'package_already_bought',
        });
        // Nothing was created for the refusals: one payment, the one paid.
        expect(await counts(t.db)).toEqual({ payments: 1, subscriptions: 1, receipts: 1 });
      });

      it('a paid open payment is settled, not answered again: the package is bought', async () => {
        const t = await paymentsApp(api);
        const v = await t.viewer();
        const { result } = await v.buy(SERIALY);
        expect(result).toBe('succeeded');
        // No checkPayment and no notification yet: the next create asks the provider and finds it paid.
        expect(refusal(await v.create(SERIALY))).toMatchObject({ error: 'package_already_bought' });
        expect(await counts(t.db)).toEqual({ payments: 1, subscriptions: 1, receipts: 1 });
      });

      it('retries a provider time-out with the same idempotence key: one provider payment', async () => {
        const timeout = () => new YooKassaError('timeout', 'no answer');
        let keys: string[] = [];
        const t = await paymentsApp(api, {
          wrap: (inner) => {
            const f = faulty(inner, { createFailures: [timeout(), timeout()] });
            keys = f.keys;
            return f.provider;
          },
        });
        const v = await t.viewer();
        const res = await v.create(SERIALY);
        expect(res.status).toBe(200);
        expect(keys).toHaveLength(3);
        expect(new Set(keys).size).toBe(1);
        const [row] = await t.db.select().from(payments);
        expect(keys[0]).toBe(row?.idempotenceKey);
        expect(await t.db.select().from(sandboxYookassaPayments)).toHaveLength(1);
      });

      it('a provider that stays down: 503 and our row canceled; a refusal: 500 and canceled; never a half state', async () => {
        const down = () => new YooKassaError('internal_server_error', 'down', { status: 500 });
        const t = await paymentsApp(api, {
          wrap: (inner) =>
            faulty(inner, {
              createFailures: [
                down(),
                down(),
                down(),
                new YooKassaError('invalid_request', 'bad', { status: 400 }),
              ],
            }).provider,
        });
        const v = await t.viewer();
        expect(refusal(await v.create(SERIALY))).toEqual({
          status: 503,
          code: 503,
          error: 'payment_provider_unavailable',
        });
        expect(refusal(await v.create(SERIALY))).toEqual({
          status: 500,
          code: 500,
          error: 'payment_provider_error',
        });
        const rows = await t.db.select().from(payments).orderBy(payments.id);
        expect(rows.map((r) => [r.status, r.cancellationParty, r.cancellationReason])).toEqual([
          ['canceled', 'merchant', 'provider_unavailable'],
          ['canceled', 'merchant', 'provider_refused'],
        ]);
        // The provider is back: a new payment.
        expect((await v.create(SERIALY)).status).toBe(200);
      });

      it('refuses a provider answer whose amount is not the tariff’s, and cancels our row', async () => {
        const t = await paymentsApp(api, {
          wrap: (inner) => faulty(inner, { alterAmount: '1.00' }).provider,
        });
        const v = await t.viewer();
        expect(refusal(await v.create(SERIALY))).toEqual({
          status: 500,
          code: 500,
          error: 'payment_amount_mismatch',
        });
        const [row] = await t.db.select().from(payments);
        expect(row).toMatchObject({ status: 'canceled', cancellationReason: 'amount_mismatch' });
      });
    });

    describe('checkPayment', () => {
      it('pending → poll at the delay; paid → confirmed, the title bought, the card saved, one receipt', async () => {
        const t = await paymentsApp(api);
        const v = await t.viewer();
        const created = (await v.create(SERIALY)).body.response as { payment_id: string; token: string };
        expect((await v.check(created.payment_id)).body.response).toEqual({
          status: 'pending',
          retries: CHECK_RETRIES,
          delay: CHECK_DELAY_MS,
        });
        expect((await v.call('getPackageInfoById', { package_id: SERIALY })).body.response).toMatchObject({
          goods: { is_bought: false },
        });
        await t.sandbox.payWithCard(created.token, { number: CARDS.ok, expiry: '12/35', csc: '123' });
        expect((await v.check(created.payment_id)).body.response).toEqual({
          status: 'confirmed',
          retries: 0,
          delay: CHECK_DELAY_MS,
        });
        expect((await v.check(created.payment_id)).body.response).toMatchObject({ status: 'confirmed' });
        expect((await v.call('getPackageInfoById', { package_id: SERIALY })).body.response).toMatchObject({
          status: 'confirmed',
          goods: { is_bought: true, store_name: 'web' },
        });
        expect((await v.call('getCardList')).body.response).toEqual({
          is_recurrent: true,
          cards: [{ number: '•••• 4444', first: '555555' }],
        });
        expect(await counts(t.db)).toEqual({ payments: 1, subscriptions: 1, receipts: 1 });
        const [receipt] = await t.db.select().from(receipts);
        expect(receipt).toMatchObject({ amount: 24900, customer: { email: 'receipts@kadr.example' } });
      });

      it('declined → failed, no entitlement; a 3-D Secure card waits, then confirms', async () => {
        const t = await paymentsApp(api);
        const v = await t.viewer();
        const declined = await v.buy(SERIALY, CARDS.declined);
        expect(declined.result).toBe('canceled');
        expect((await v.check(declined.paymentId)).body.response).toEqual({
          status: 'failed',
          retries: 0,
          delay: CHECK_DELAY_MS,
        });
        expect(await t.db.select().from(subscriptions)).toHaveLength(0);
        const threeDs = await v.buy(SERIALY, CARDS.threeDs);
        expect(threeDs.result).toBe('three_ds');
        expect((await v.check(threeDs.paymentId)).body.response).toMatchObject({ status: 'pending' });
        await t.sandbox.decideThreeDs(threeDs.token, 'confirm');
        expect((await v.check(threeDs.paymentId)).body.response).toMatchObject({ status: 'confirmed' });
      });

      it('paying another profile’s payment (its token) buys nothing for the payer: the payment stays its owner’s', async () => {
        const t = await paymentsApp(api);
        const owner = await t.viewer();
        const payer = await t.viewer();
        const created = (await owner.create(SERIALY)).body.response as { payment_id: string; token: string };
        await t.sandbox.payWithCard(created.token, { number: CARDS.ok, expiry: '12/35', csc: '123' });
        expect(refusal(await payer.check(created.payment_id))).toMatchObject({ error: 'payment_not_found' });
        expect((await owner.check(created.payment_id)).body.response).toMatchObject({ status: 'confirmed' });
        expect((await payer.call('getPackageInfoById', { package_id: SERIALY })).body.response).toMatchObject(
          {
            goods: { is_bought: false },
          },
        );
        const subs = await t.db.select().from(subscriptions);
        expect(subs.map((s) => s.profileId)).toEqual([owner.profileId]);
      });

      it('another profile’s payment, or an unknown one, is not found; a provider down leaves it pending', async () => {
        const t = await paymentsApp(api, { wrap: (inner) => faulty(inner, { getFailures: 3 }).provider });
        const owner = await t.viewer();
        const stranger = await t.viewer();
        const { paymentId } = await owner.buy(SERIALY);
        expect(refusal(await stranger.check(paymentId))).toEqual({
          status: 404,
          code: 404,
          error: 'payment_not_found',
        });
        expect(refusal(await owner.check('no-such-payment'))).toEqual({
          status: 404,
          code: 404,
          error: 'payment_not_found',
        });
        // The provider cannot be asked (three 500s): still pending, poll again; then confirmed.
        expect((await owner.check(paymentId)).body.response).toMatchObject({
          status: 'pending',
          retries: CHECK_RETRIES,
        });
        expect((await owner.check(paymentId)).body.response).toMatchObject({ status: 'confirmed' });
        // The stranger has nothing.
        expect(
          (await stranger.call('getPackageInfoById', { package_id: SERIALY })).body.response,
        ).toMatchObject({
          goods: { is_bought: false },
        });
      });
    });
  });
}
