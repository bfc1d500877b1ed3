import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/client';
import { payments, profiles, receipts, sandboxYookassaPayments, subscriptions } from '../../db/schema';
import { type PaymentProvider, YooKassaError } from '../../providers/payments';
import { backends, useApi } from '../../test/harness';
import { CARDS, DAY, KINO, paymentsApp, SERIALY, useBillingCatalogue } from '../../test/payments-fixture';
import { fulfilRenewal, paymentDescription, receiptItems } from './fulfil';
import { renewalKey } from './renewals';

type App = Awaited<ReturnType<typeof paymentsApp>>;

/** A viewer who bought SERIALY with `card`; answers the viewer and the sandbox's saved method id. */
async function subscriber(t: App, card: string) {
  const v = await t.viewer();
  const bought = await v.buy(SERIALY, card);
  if (bought.result !== 'succeeded') throw new Error(`could not buy: ${bought.result}`);
  expect((await v.check(bought.paymentId)).body.response).toMatchObject({ status: 'confirmed' });
  const method = 'payment' in bought.paid ? (bought.paid.payment.payment_method?.id ?? '') : '';
  return { ...v, method };
}

const subscriptionOf = async (t: App, profileId: number) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.profileId, profileId)))[0]!;

const paymentsOf = async (t: App, profileId: number) =>
  (await t.db.select().from(payments).where(eq(payments.profileId, profileId)).orderBy(payments.id)).map(
    (p) => p.status,
  );

for (const backend of backends) {
  describe.skipIf(!backend.available)(`renewals (${backend.name})`, () => {
    const api = useApi(backend);
    useBillingCatalogue(api, backend.available);

    it('13 simulated months: monthly charges with receipts, a decline and recovery, a card that fails and ends, cancel and restore', async () => {
      const t = await paymentsApp(api);
      const { renewals, reconciliation } = t.jobs();
      const steady = await subscriber(t, CARDS.ok);
      const once = await subscriber(t, CARDS.succeedsOnce);
      const leaver = await subscriber(t, CARDS.ok);
      const back = await subscriber(t, CARDS.ok);
      t.clock.advance(4 * 3600);
      expect((await leaver.call('unsubscribePackage', { package_id: SERIALY, reason: 'price' })).status).toBe(
        200,
      );
      expect((await back.call('unsubscribePackage', { package_id: SERIALY })).status).toBe(200);
      expect((await back.call('restorePackage', { package_id: SERIALY })).status).toBe(200);

      const statusOf = async (v: typeof steady) =>
        (await v.call('getPackageInfoById', { package_id: SERIALY })).body.response as {
          status: string;
          goods: { is_bought: boolean };
        };
      const seen: Record<number, unknown> = {};
      for (let day = 1; day <= 400; day++) {
        t.clock.advance(DAY);
        // The Apr 15 charge and its first retry are declined; the second retry (Apr 18) goes through.
        if (day === 85) await t.sandbox.setDecline(steady.method, 'insufficient_funds');
        if (day === 92) await t.sandbox.setDecline(steady.method, null);
        await renewals.runOnce();
        await reconciliation.runOnce();
        if (day === 91) {
          const s = await statusOf(steady);
          seen[day] = [
            s.status,
            s.goods.is_bought,
            (await subscriptionOf(t, steady.profileId)).renewalAttempts,
          ];
        }
      }
      // Suspended meanwhile: no access while the charge was failing.
      expect(seen[91]).toEqual(['suspended', false, 2]);

      const renewedTo = new Date('2031-03-15T10:00:00Z');
      expect(await subscriptionOf(t, steady.profileId)).toMatchObject({
        status: 'confirmed',
        periodEnd: renewedTo,
        renewalAttempts: 0,
        endedAt: null,
      });
      expect(await subscriptionOf(t, back.profileId)).toMatchObject({
        status: 'confirmed',
        periodEnd: renewedTo,
      });
      expect(await statusOf(steady)).toMatchObject({ status: 'confirmed', goods: { is_bought: true } });
      // 1 + 13 monthly charges; the two declines are canceled payments.
      const steadyPayments = await paymentsOf(t, steady.profileId);
      expect(steadyPayments.filter((s) => s === 'succeeded')).toHaveLength(14);
      expect(steadyPayments.filter((s) => s === 'canceled')).toHaveLength(2);
      expect((await paymentsOf(t, back.profileId)).filter((s) => s === 'succeeded')).toHaveLength(14);
      // The card that succeeds once: the renewal and its three retries fail, then it ends.
      expect(await paymentsOf(t, once.profileId)).toEqual([
        'succeeded',
        'canceled',
        'canceled',
        'canceled',
        'canceled',
      ]);
      expect(await subscriptionOf(t, once.profileId)).toMatchObject({
        status: 'suspended',
        renewalAttempts: 4,
        autoRenew: false,
        endedAt: new Date('2030-02-22T14:00:00Z'),
      });
      expect(await statusOf(once)).toMatchObject({ status: 'not_purchased', goods: { is_bought: false } });
      // Cancelled: never charged again, ended at its period's end.
      expect(await paymentsOf(t, leaver.profileId)).toEqual(['succeeded']);
      expect(await subscriptionOf(t, leaver.profileId)).toMatchObject({
        status: 'cancelled',
        endedAt: new Date('2030-02-15T10:00:00Z'),
      });

      // Nothing charged twice: each succeeded charge at the provider is one of ours, one per period.
      const ours = await t.db.select().from(payments).where(eq(payments.status, 'succeeded'));
      const theirs = await t.db
        .select()
        .from(sandboxYookassaPayments)
        .where(eq(sandboxYookassaPayments.status, 'succeeded'));
      expect(ours).toHaveLength(30);
      expect(theirs).toHaveLength(30);
      expect(new Set(ours.map((p) => p.providerPaymentId)).size).toBe(30);
      const renewalPeriods = ours
        .filter((p) => p.kind === 'renewal')
        .map((p) => `${p.subscriptionId}:${p.idempotenceKey}`);
      expect(new Set(renewalPeriods).size).toBe(26);
      // Every charge has its 54-FZ receipt, registered.
      const all = await t.db.select().from(receipts);
      expect(all).toHaveLength(30);
      expect(
        all.every((r) => r.status === 'succeeded' && r.url?.startsWith('/sandbox/yookassa/receipts/')),
      ).toBe(true);
      expect(all.every((r) => r.items[0]?.vat_code === 1)).toBe(true);
    }, 120_000);

    it('a trial ends in the tariff’s charge from the bound card; a suspended one whose card was deleted ends without a charge', async () => {
      const t = await paymentsApp(api);
      const { renewals } = t.jobs();
      const trial = await t.viewer();
      const bought = await trial.buy(KINO);
      expect((await trial.check(bought.paymentId)).body.response).toMatchObject({ status: 'confirmed' });
      expect(await subscriptionOf(t, trial.profileId)).toMatchObject({
        isTrial: true,
        periodEnd: new Date('2030-01-22T10:00:00Z'),
      });
      const lapsing = await subscriber(t, CARDS.ok);
      await t.sandbox.setDecline(lapsing.method, 'card_expired');
      t.clock.advance(7 * DAY);
      expect(await renewals.runOnce()).toMatchObject({ claimed: 1, charged: 1 });
      expect(await subscriptionOf(t, trial.profileId)).toMatchObject({
        status: 'confirmed',
        isTrial: false,
        periodEnd: new Date('2030-02-22T10:00:00Z'),
      });
      const amounts = (await t.db.select().from(payments).where(eq(payments.profileId, trial.profileId))).map(
        (p) => [p.kind, p.amount, p.status],
      );
      expect(amounts).toEqual([
        ['first', 100, 'succeeded'],
        ['renewal', 19900, 'succeeded'],
      ]);

      t.clock.advance(24 * DAY);
      expect(await renewals.runOnce()).toMatchObject({ claimed: 1, declined: 1 });
      expect(await subscriptionOf(t, lapsing.profileId)).toMatchObject({
        status: 'suspended',
        renewalAttempts: 1,
      });
      // Suspended: the card may be deleted (SPEC §4 blocks it only while confirmed or cancelled).
      expect((await lapsing.call('deleteCard', { card_number: '•••• 4444' })).status).toBe(200);
      for (let day = 0; day < 8; day++) {
        t.clock.advance(DAY);
        await renewals.runOnce();
      }
      expect(await subscriptionOf(t, lapsing.profileId)).toMatchObject({
        renewalAttempts: 4,
        endedAt: expect.any(Date),
      });
      // No card, no charge: the retries fail without asking the provider.
      expect(await paymentsOf(t, lapsing.profileId)).toEqual(['succeeded', 'canceled']);
    });

    it('a scheduler stopped for months charges once when it comes back, and the period starts then', async () => {
      const t = await paymentsApp(api);
      const { renewals } = t.jobs();
      const v = await subscriber(t, CARDS.ok);
      t.clock.advance(100 * DAY);
      for (let pass = 0; pass < 3; pass++) await renewals.runOnce();
      expect(await paymentsOf(t, v.profileId)).toEqual(['succeeded', 'succeeded']);
      expect(await subscriptionOf(t, v.profileId)).toMatchObject({
        status: 'confirmed',
        periodStart: t.clock.now(),
        periodEnd: new Date('2030-05-25T10:00:00Z'),
      });
    });

    it('a suspended subscription cannot be cancelled while its retry is being charged (the claim), only after', async () => {
      const t = await paymentsApp(api);
      const { renewals } = t.jobs();
      const v = await subscriber(t, CARDS.succeedsOnce);
      t.clock.advance(31 * DAY);
      expect(await renewals.runOnce()).toMatchObject({ declined: 1 });
      t.clock.advance(DAY);
      // An instance has claimed the retry and is charging it.
      expect(await renewals.claim(10)).toHaveLength(1);
      const refused = await v.call('unsubscribePackage', { package_id: SERIALY });
      expect(refused.status).toBe(409);
      expect((refused.body.response as { error: string }).error).toBe('cancel_payment_checking');
      t.clock.advance(6 * 60);
      const done = await v.call('unsubscribePackage', { package_id: SERIALY });
      expect(done.body.response).toEqual({ package_id: SERIALY, status: 'not_purchased' });
      expect(await renewals.runOnce()).toMatchObject({ claimed: 0 });
    });

    it('a charge whose answer is lost is asked again with the same key after the claim’s lease: charged once', async () => {
      let lose = true;
      const t = await paymentsApp(api);
      const v = await subscriber(t, CARDS.ok);
      const inner = t.provider;
      const lossy: PaymentProvider = {
        ...inner,
        kind: inner.kind,
        getPayment: (id) => inner.getPayment(id),
        getReceipts: (id) => inner.getReceipts(id),
        receiptUrl: (r) => inner.receiptUrl(r),
        async createPayment(params) {
          const payment = await inner.createPayment(params);
          if (lose) throw new YooKassaError('timeout', 'the answer was lost');
          return payment;
        },
      };
      const { renewals } = t.jobs(lossy);
      t.clock.advance(31 * DAY);
      expect(await renewals.runOnce()).toMatchObject({ claimed: 1, unknown: 1 });
      // Claimed: another pass (another instance) leaves it alone until the lease runs out.
      expect(await renewals.runOnce()).toMatchObject({ claimed: 0 });
      lose = false;
      // The viewer signs in meanwhile: the repeat still sends the body the key was first sent with.
      await t.db.update(profiles).set({ phone: '79990001122' }).where(eq(profiles.id, v.profileId));
      t.clock.advance(6 * 60);
      expect(await renewals.runOnce()).toMatchObject({ claimed: 1, charged: 1 });
      const sub = await subscriptionOf(t, v.profileId);
      expect(sub.periodEnd).toEqual(new Date('2030-03-15T10:00:00Z'));
      const renewal = await t.db
        .select()
        .from(payments)
        .where(and(eq(payments.kind, 'renewal')));
      expect(renewal).toHaveLength(1);
      expect(renewal[0]?.idempotenceKey).toBe(renewalKey(sub.id, new Date('2030-02-15T10:00:00Z'), 0));
      expect(await t.db.select().from(sandboxYookassaPayments)).toHaveLength(2);
      expect(await renewals.runOnce()).toMatchObject({ claimed: 0 });
      const [receipt] = await t.db.select().from(receipts).where(eq(receipts.paymentId, renewal[0]!.id));
      expect(receipt?.customer).toEqual({ email: 'receipts@kadr.example' });
    });

    it('a renewal settled by the scheduler and a notification at once renews once, with the receipt fulfilPayment would make', async () => {
      const t = await paymentsApp(api);
      const v = await subscriber(t, CARDS.ok);
      const { settlement } = t.jobs();
      const inner = t.provider;
      const seen: Array<Promise<unknown>> = [];
      // The provider's notification arrives while the scheduler settles the charge's own answer.
      const racing: PaymentProvider = {
        ...inner,
        kind: inner.kind,
        getPayment: (id) => inner.getPayment(id),
        getReceipts: (id) => inner.getReceipts(id),
        receiptUrl: (r) => inner.receiptUrl(r),
        async createPayment(params) {
          const payment = await inner.createPayment(params);
          seen.push(
            settlement.rowOf(payment).then((row) => (row ? settlement.settle(row, payment) : undefined)),
          );
          return payment;
        },
      };
      const { renewals } = t.jobs(racing);
      t.clock.advance(31 * DAY);
      expect(await renewals.runOnce()).toMatchObject({ claimed: 1, charged: 1 });
      expect(await Promise.all(seen)).toEqual(['succeeded']);
      const sub = await subscriptionOf(t, v.profileId);
      expect(sub).toMatchObject({
        status: 'confirmed',
        periodStart: new Date('2030-02-15T10:00:00Z'),
        periodEnd: new Date('2030-03-15T10:00:00Z'),
        renewalAttempts: 0,
        renewalClaimedUntil: null,
      });
      const [renewal] = await t.db.select().from(payments).where(eq(payments.kind, 'renewal'));
      expect(renewal).toMatchObject({ status: 'succeeded', subscriptionId: sub.id });
      expect(renewal?.providerPaymentId).toMatch(/^[0-9a-f-]{36}$/);
      const made = await t.db.select().from(receipts).where(eq(receipts.paymentId, renewal!.id));
      const description = paymentDescription('Сериалы', 1, null);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({
        description,
        amount: 24900,
        items: receiptItems(description, 24900, 'RUB'),
        customer: { email: 'receipts@kadr.example' },
        status: 'pending',
      });
      // Once more: nothing changes.
      expect(
        await fulfilRenewal(t.db, t.clock, {
          paymentId: renewal!.id,
          providerPaymentId: renewal!.providerPaymentId!,
          customer: {},
        }),
      ).toEqual({ subscriptionId: sub.id, alreadyFulfilled: true });
      expect((await subscriptionOf(t, v.profileId)).periodEnd).toEqual(new Date('2030-03-15T10:00:00Z'));
    });

    if (backend.name === 'PostgreSQL') {
      it('two scheduler instances on separate pools charge each due subscription exactly once', async () => {
        const t = await paymentsApp(api);
        const viewers = [];
        for (let i = 0; i < 12; i++) viewers.push(await subscriber(t, CARDS.ok));
        const second = await createDatabase({ databaseUrl: api.databaseUrl, dataDir: '' }, { poolSize: 5 });
        try {
          const one = t.jobs().renewals;
          const two = t.jobs(undefined, second.db).renewals;
          t.clock.advance(31 * DAY);
          const drain = async (r: typeof one) => {
            let charged = 0;
            for (;;) {
              const pass = await r.runOnce(2);
              charged += pass.charged;
              if (pass.claimed === 0) return charged;
            }
          };
          const [a, b] = await Promise.all([drain(one), drain(two)]);
          expect(a + b).toBe(12);
          const renewalsMade = await t.db.select().from(payments).where(eq(payments.kind, 'renewal'));
          expect(renewalsMade).toHaveLength(12);
          expect(new Set(renewalsMade.map((p) => p.subscriptionId)).size).toBe(12);
          expect(await t.db.select().from(sandboxYookassaPayments)).toHaveLength(24);
          const subs = await t.db.select().from(subscriptions);
          expect(subs.every((s) => s.periodEnd?.getTime() === Date.parse('2030-03-15T10:00:00Z'))).toBe(true);
        } finally {
          await second.close();
        }
      });
    }
  });
}
