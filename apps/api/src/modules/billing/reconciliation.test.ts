import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { payments, receipts, subscriptions } from '../../db/schema';
import { backends, useApi } from '../../test/harness';
import { CARDS, paymentsApp, SERIALY, useBillingCatalogue } from '../../test/payments-fixture';
import { Reconciliation } from './reconciliation';

for (const backend of backends) {
  describe.skipIf(!backend.available)(`reconciliation (${backend.name})`, () => {
    const api = useApi(backend);
    useBillingCatalogue(api, backend.available);

    it('settles a paid payment whose notification never came, after N minutes, and then registers its receipt', async () => {
      const t = await paymentsApp(api);
      const { reconciliation } = t.jobs();
      const v = await t.viewer();
      const paid = await v.buy(SERIALY);
      expect(paid.result).toBe('succeeded');
      // No checkPayment, no notification delivered: before N minutes nothing is asked.
      expect(await reconciliation.runOnce()).toEqual({ payments: 0, receipts: 0, overdueReceipts: 0 });
      expect(await t.db.select().from(subscriptions)).toHaveLength(0);
      t.clock.advance(10 * 60);
      expect(await reconciliation.runOnce()).toEqual({ payments: 1, receipts: 0, overdueReceipts: 0 });
      expect(await t.db.select().from(subscriptions)).toHaveLength(1);
      // The receipt is asked for 30 s after the payment succeeded here (the sandbox registers it in 5 s).
      t.clock.advance(31);
      expect(await reconciliation.runOnce()).toEqual({ payments: 0, receipts: 1, overdueReceipts: 0 });
      const [receipt] = await t.db.select().from(receipts);
      expect(receipt).toMatchObject({
        status: 'succeeded',
        providerReceiptId: expect.stringMatching(/^rt-/),
        url: expect.stringMatching(/^\/sandbox\/yookassa\/receipts\/rt-/),
        registeredAt: expect.any(Date),
      });
      expect((await v.call('listReceipts')).body.response).toMatchObject({
        receipts: [{ status: 'succeeded', url: receipt!.url, price: 249 }],
      });
      expect(await reconciliation.runOnce()).toEqual({ payments: 0, receipts: 0, overdueReceipts: 0 });
    });

    it('cancels a payment left unpaid (its token expires at the provider) and one whose create never finished', async () => {
      const t = await paymentsApp(api);
      const { reconciliation } = t.jobs();
      const v = await t.viewer();
      await v.create(SERIALY);
      const declined = await (await t.viewer()).buy(SERIALY, CARDS.declined);
      expect(declined.result).toBe('canceled');
      const [orphan] = await t.db
        .insert(payments)
        .values({
          profileId: v.profileId,
          packageId: SERIALY,
          kind: 'first',
          provider: 'sandbox',
          idempotenceKey: '00000000-0000-4000-8000-000000000001',
          amount: 24900,
          createdAt: t.clock.now(),
          updatedAt: t.clock.now(),
        })
        .returning();
      t.clock.advance(11 * 60);
      // The unpaid one is still pending at the provider (its token lives an hour); the others settle.
      expect(await reconciliation.runOnce()).toEqual({ payments: 2, receipts: 0, overdueReceipts: 0 });
      t.clock.advance(3600);
      expect(await reconciliation.runOnce()).toEqual({ payments: 1, receipts: 0, overdueReceipts: 0 });
      const rows = await t.db.select().from(payments).orderBy(payments.id);
      expect(rows.map((r) => [r.status, r.cancellationReason])).toEqual([
        ['canceled', 'expired_on_confirmation'],
        ['canceled', 'insufficient_funds'],
        ['canceled', 'not_created'],
      ]);
      expect(rows[2]?.id).toBe(orphan!.id);
      expect(await t.db.select().from(subscriptions)).toHaveLength(0);
    });

    it('counts and logs receipts the provider has not registered a day after their payment, those given up on too', async () => {
      const t = await paymentsApp(api);
      const log = { warn: vi.fn(), error: vi.fn() };
      const reconciliation = new Reconciliation({
        db: t.db,
        clock: t.clock,
        settlement: t.jobs().settlement,
        afterMinutes: 10,
        log,
      });
      // Two purchases, each settled by the viewer's checkPayment (its receipt made pending).
      for (const v of [await t.viewer(), await t.viewer()]) await v.check((await v.buy(SERIALY)).paymentId);
      const rows = await t.db.select().from(receipts).orderBy(receipts.id);
      expect(rows).toHaveLength(2);
      expect(rows.every((row) => row.status === 'pending')).toBe(true);
      // Fresh: not overdue, nothing logged.
      expect((await reconciliation.runOnce()).overdueReceipts).toBe(0);
      expect(log.error).not.toHaveBeenCalled();
      // One made 8 days ago (past the 7 days it is asked for), one 25 hours ago that the provider
      // still has not registered (its lookup answers pending, as a provider that is late would).
      const day = 24 * 3600 * 1000;
      const now = t.clock.now().getTime();
      await t.db
        .update(receipts)
        .set({ createdAt: new Date(now - 8 * day) })
        .where(eq(receipts.id, rows[0]!.id));
      await t.db
        .update(receipts)
        .set({ createdAt: new Date(now - day - 3600_000) })
        .where(eq(receipts.id, rows[1]!.id));
      const getReceipts = vi.spyOn(t.jobs().settlement.provider, 'getReceipts');
      getReceipts.mockResolvedValue([]);
      expect((await reconciliation.runOnce()).overdueReceipts).toBe(2);
      expect(log.error).toHaveBeenCalledWith(
        { overdue: 2, provider: 'sandbox' },
        'receipts not registered for over a day: register them by hand (docs/deployment.md)',
      );
      // Registered since (by the provider late, or by hand): no longer counted.
      await t.db.update(receipts).set({ status: 'succeeded' }).where(eq(receipts.id, rows[1]!.id));
      expect((await reconciliation.runOnce()).overdueReceipts).toBe(1);
    });
  });
}
