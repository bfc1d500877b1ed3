import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { ServiceMetrics } from '../../metrics/metrics';
import type { Payment, PaymentProvider } from '../../providers/payments';
import { fulfilPayment, fulfilRenewals, type SucceededRenewal } from './fulfil';
import {
  adoptProviderPayment,
  type PaymentRow,
  paymentOfProvider,
  recordPaymentCanceled,
} from './payment-queries';
import { paidCardOf, sameAmount } from './provider-calls';
import { phoneOf } from './queries';

/** Where log lines of the payment wiring go (Fastify's logger, or nothing in unit tests). */
export interface PaymentLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
export const silentLog: PaymentLog = { warn: () => {}, error: () => {} };

/** What a provider payment came to for us. */
export type Settled = 'succeeded' | 'canceled' | 'pending';

/** The receipt contact when the profile has no phone (an anonymous buyer): 54-FZ needs one. */
export interface ReceiptContact {
  /** BILLING_RECEIPT_EMAIL. */
  fallbackEmail: string;
}

/**
 * Applies what the provider says of a payment to ours — the one place every path goes through
 * (createPayment's reuse check, checkPayment, notifications, reconciliation, renewals). Only a status
 * fetched from the provider reaches it, never a notification's body. Idempotent: fulfilPayment
 * fulfils once under the payment's row lock, recordPaymentCanceled changes only a pending row.
 */
export class PaymentSettlement {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      provider: PaymentProvider;
      contact: ReceiptContact;
      log?: PaymentLog;
      /** Counts payments that become succeeded or canceled here (metrics/metrics.ts). */
      metrics?: Pick<ServiceMetrics, 'payment'>;
    },
  ) {}

  get provider(): PaymentProvider {
    return this.deps.provider;
  }

  private get log(): PaymentLog {
    return this.deps.log ?? silentLog;
  }

  /** The 54-FZ receipt contact of a profile: its phone, else the configured e-mail. */
  async customerOf(profileId: number): Promise<{ phone: string } | { email: string }> {
    return this.contactOfPhone(await phoneOf(this.deps.db, profileId));
  }

  /** The contact for a profile's phone when the caller read it already (the renewal batch's join). */
  contactOfPhone(phone: string | null): { phone: string } | { email: string } {
    return phone ? { phone } : { email: this.deps.contact.fallbackEmail };
  }

  /** The contact a payment was sent with (older rows without one: the profile's). */
  async contactFor(
    row: Pick<PaymentRow, 'profileId' | 'customer'>,
  ): Promise<{ phone: string } | { email: string }> {
    if (row.customer?.phone) return { phone: row.customer.phone };
    if (row.customer?.email) return { email: row.customer.email };
    return this.customerOf(row.profileId);
  }

  /**
   * Our row of a provider payment: by the provider's id, else by the `kadr_payment_id` the payment
   * carries in its metadata when our row has no provider id yet (a saved-card charge settles at once,
   * and its notification may come before the charging instance stored the id) — the id is then stored.
   */
  async rowOf(payment: Payment): Promise<PaymentRow | undefined> {
    const { db } = this.deps;
    const kind = this.deps.provider.kind;
    const byId = await paymentOfProvider(db, kind, payment.id);
    if (byId) return byId;
    const ours = Number(payment.metadata?.kadr_payment_id);
    if (!Number.isSafeInteger(ours) || ours <= 0) return undefined;
    const adopted = await adoptProviderPayment(db, ours, kind, payment.id, this.deps.clock.now());
    if (adopted) return adopted;
    // Stored meanwhile by the charging instance (or its fulfilment): ours all the same.
    return paymentOfProvider(db, kind, payment.id, { id: ours });
  }

  /**
   * Settles our payment from the provider's: succeeded → fulfilled (subscription, card, receipt row);
   * canceled → recorded with its cancellation_details; pending → nothing. A succeeded payment whose
   * amount or currency is not ours, or that names another of our payments, gives no entitlement: ours
   * is canceled (`merchant`, `amount_mismatch`) and the error logged for support (a refund).
   */
  async settle(
    row: PaymentRow,
    payment: Payment,
    /** A renewal's receipt description when the caller has it (the scheduler); else it is read. */
    known: { description?: string } = {},
  ): Promise<Settled> {
    const [settled] = await this.settleAll([{ row, payment, description: known.description }]);
    return settled!;
  }

  /**
   * Cancels our payment — only a pending one changes — and counts it once: every path that cancels a
   * payment (the provider's verdict, a refused create or renewal charge, reconciliation) comes here.
   * True when the row changed.
   */
  async cancel(paymentId: number, details: { party: string; reason: string }): Promise<boolean> {
    const changed = await recordPaymentCanceled(this.deps.db, paymentId, details, this.deps.clock.now());
    if (changed) this.deps.metrics?.payment('canceled');
    return changed;
  }

  /**
   * `settle` for a group (the scheduler's chunk of renewal charges): each is judged on its own, and
   * the succeeded renewals among them are fulfilled together in fulfilRenewals' one statement.
   * Answers each one's outcome in order.
   */
  async settleAll(
    group: Array<{ row: PaymentRow; payment: Payment; description?: string }>,
  ): Promise<Settled[]> {
    const { db, clock } = this.deps;
    const outcomes: Settled[] = [];
    const renewals: Array<{ index: number; input: SucceededRenewal }> = [];
    for (const [index, { row, payment, description }] of group.entries()) {
      const verdict = this.verdictOf(row, payment);
      if (verdict === 'mismatch') {
        await this.cancel(row.id, { party: 'merchant', reason: 'amount_mismatch' });
        outcomes.push('canceled');
      } else if (verdict === 'succeeded') {
        const customer = await this.contactFor(row);
        outcomes.push('succeeded');
        // A renewal (kind and subscription fixed when the row was made) takes fulfilment's
        // one-statement path: the scheduler settles thousands a minute.
        if (row.kind === 'renewal' && row.subscriptionId !== null)
          renewals.push({
            index,
            input: { paymentId: row.id, providerPaymentId: payment.id, customer, description },
          });
        else {
          const fulfilled = await fulfilPayment(db, clock, {
            paymentId: row.id,
            card: paidCardOf(payment),
            customer,
          });
          // A notification, a poll and reconciliation may all settle one payment: counted once.
          if (!fulfilled.alreadyFulfilled) this.deps.metrics?.payment('succeeded');
        }
      } else if (verdict === 'canceled') {
        const details = payment.cancellation_details ?? { party: 'yoo_money', reason: 'general_decline' };
        await this.cancel(row.id, { party: details.party, reason: details.reason });
        outcomes.push('canceled');
      } else outcomes.push('pending');
    }
    const renewed = await fulfilRenewals(
      db,
      clock,
      renewals.map((r) => r.input),
    );
    this.deps.metrics?.payment('succeeded', renewed.filter((r) => !r.alreadyFulfilled).length);
    return outcomes;
  }

  /**
   * What a provider payment says of our row. A succeeded payment whose amount or currency is not ours
   * gives no entitlement (`mismatch`: ours is canceled, `merchant`, `amount_mismatch`, and the error
   * logged for support — a refund); one that names another of our payments is not ours (`pending`).
   */
  private verdictOf(row: PaymentRow, payment: Payment): Settled | 'mismatch' {
    const named = payment.metadata?.kadr_payment_id;
    if (
      (row.providerPaymentId !== null && row.providerPaymentId !== payment.id) ||
      (named && named !== String(row.id))
    ) {
      this.log.error({ paymentId: row.id, providerPaymentId: payment.id }, 'provider payment is not ours');
      return 'pending';
    }
    if (payment.status === 'succeeded') {
      if (sameAmount(payment.amount, row.amount, row.currency)) return 'succeeded';
      this.log.error(
        { paymentId: row.id, providerPaymentId: payment.id, amount: payment.amount },
        'provider payment amount does not match ours: not fulfilled, refund it',
      );
      return 'mismatch';
    }
    return payment.status === 'canceled' ? 'canceled' : 'pending';
  }
}
