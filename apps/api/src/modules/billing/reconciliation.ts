import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { YooKassaError } from '../../providers/payments';
import {
  claimStalePayments,
  paymentById,
  recordReceipt,
  unregisteredReceiptCount,
  unregisteredReceipts,
} from './payment-queries';
import { type PaymentLog, type PaymentSettlement, silentLog } from './settlement';

/** A receipt is asked for this long after its payment succeeded at the earliest… */
const RECEIPT_AFTER_MS = 30 * 1000;
/** …and no longer than this: a provider that never registers it is support's, not a loop's. */
const RECEIPT_GIVE_UP_MS = 7 * 24 * 3600 * 1000;
/** A receipt still unregistered this long after its payment is overdue: counted and logged as an error. */
export const RECEIPT_OVERDUE_MS = 24 * 3600 * 1000;

/**
 * Reconciliation (docs/decisions/018-payment-flow.md): settles our payments still pending
 * `afterMinutes` after they were last looked at — a notification that never came, a viewer who closed
 * the page — by asking the provider; and records the provider's receipts of succeeded payments whose
 * receipt is not registered yet. Safe on several instances at once: a pass claims its payments with
 * FOR UPDATE SKIP LOCKED by moving their `updated_at`, so another pass skips them for `afterMinutes`.
 */
export class Reconciliation {
  private readonly log: PaymentLog;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      settlement: PaymentSettlement;
      afterMinutes: number;
      log?: PaymentLog;
    },
  ) {
    this.log = deps.log ?? silentLog;
  }

  /**
   * One pass over at most `limit` payments and `limit` receipts; answers how many of each changed, and
   * how many receipts are overdue (unregistered for over a day, those given up on included).
   */
  async runOnce(limit = 100): Promise<{ payments: number; receipts: number; overdueReceipts: number }> {
    const changed = { payments: await this.payments(limit), receipts: await this.receipts(limit) };
    return { ...changed, overdueReceipts: await this.overdueReceipts() };
  }

  /**
   * Receipts of this provider's payments still unregistered a day after they were made: a 54-FZ receipt
   * must reach the tax service, so support registers them by hand once the provider has not. Logged at
   * error level each pass while any is left, and the pass reports the count (metrics: an alert's input).
   */
  private async overdueReceipts(): Promise<number> {
    const { db, clock, settlement } = this.deps;
    const before = new Date(clock.now().getTime() - RECEIPT_OVERDUE_MS);
    const overdue = await unregisteredReceiptCount(db, settlement.provider.kind, before);
    if (overdue > 0)
      this.log.error(
        { overdue, provider: settlement.provider.kind },
        'receipts not registered for over a day: register them by hand (docs/deployment.md)',
      );
    return overdue;
  }

  private async payments(limit: number): Promise<number> {
    const { db, clock, settlement } = this.deps;
    const now = clock.now();
    const before = new Date(now.getTime() - this.deps.afterMinutes * 60 * 1000);
    const claimed = await claimStalePayments(db, settlement.provider.kind, now, before, limit);
    let changed = 0;
    for (const row of claimed) {
      if (row.provider_payment_id === null) {
        // A first payment whose create never finished: the viewer never got a token, so nothing can
        // be paid on it. (A renewal's charge is repeated with its own key by the renewal scheduler.)
        if (row.kind === 'first') {
          const reason = { party: 'merchant', reason: 'not_created' };
          if (await settlement.cancel(row.id, reason)) changed++;
        }
        continue;
      }
      try {
        const payment = await settlement.provider.getPayment(row.provider_payment_id);
        const ours = await paymentById(db, row.id);
        if (ours && (await settlement.settle(ours, payment)) !== 'pending') changed++;
      } catch (error) {
        if (!(error instanceof YooKassaError)) throw error;
        this.log.warn({ err: error, paymentId: row.id }, 'reconciliation could not ask the provider');
      }
    }
    return changed;
  }

  private async receipts(limit: number): Promise<number> {
    const { db, clock, settlement } = this.deps;
    const now = clock.now().getTime();
    const due = await unregisteredReceipts(
      db,
      settlement.provider.kind,
      { from: new Date(now - RECEIPT_GIVE_UP_MS), to: new Date(now - RECEIPT_AFTER_MS) },
      limit,
    );
    let changed = 0;
    for (const row of due) {
      try {
        const found = await settlement.provider.getReceipts(row.provider_payment_id);
        const receipt = found.find((r) => r.type === 'payment');
        if (!receipt) continue;
        await recordReceipt(db, row.payment_id, {
          providerReceiptId: receipt.id,
          status: receipt.status,
          url: receipt.status === 'succeeded' ? settlement.provider.receiptUrl(receipt) : null,
          registeredAt: receipt.registered_at ? new Date(receipt.registered_at) : null,
        });
        if (receipt.status !== 'pending') changed++;
      } catch (error) {
        if (!(error instanceof YooKassaError)) throw error;
        this.log.warn({ err: error, paymentId: row.payment_id }, 'reconciliation could not fetch receipts');
      }
    }
    return changed;
  }
}
