import { createHash } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { type Payment, YooKassaError } from '../../providers/payments';
import { RENEWAL_CONCURRENCY } from '../../settings';
import { paymentDescription, receiptItems } from './fulfil';
import { type PaymentRow, storeProviderPaymentId } from './payment-queries';
import { moneyOf, realSleep, type Sleep, withProviderRetries } from './provider-calls';
import {
  chargeDetails,
  claimDue,
  deleteUnsentPayments,
  insertRenewalPayments,
  lapseEnded,
  liveIds,
  type RenewalPaymentValues,
  releaseClaims,
} from './renewal-queries';
import { type PaymentLog, type PaymentSettlement, silentLog } from './settlement';
import {
  type SubscriptionRow,
  stateOf,
  subscriptionForUpdate,
  updateSubscription,
} from './subscription-queries';
import { afterRenewalFailure, type RenewalState, renewalDue, WEB_STORE } from './subscription-rules';

/** How long a claimed subscription is its instance's; a crashed instance's claims come back after it. */
export const RENEWAL_LEASE_MS = 5 * 60 * 1000;

/**
 * Renewals handled as one group: checked for a merge in one query before their charges, and their
 * successes fulfilled in one statement after (the charges of a group run at once).
 */
export const RENEWAL_GROUP = 32;

/** What one renewal came to. */
export type RenewalOutcome = 'charged' | 'declined' | 'unknown' | 'skipped';

/** A pass's counts. */
export interface RenewalPass {
  claimed: number;
  charged: number;
  declined: number;
  /** The provider's answer is unknown or still pending: the claim runs out and the same key is tried again. */
  unknown: number;
  /** Cancelled (or never renewing) web subscriptions whose period ended, now ended. */
  lapsed: number;
}

/**
 * The idempotence key of a renewal charge: one per subscription, period and attempt, so however often
 * an instance repeats it (a time-out, a crash and another instance's claim) the provider charges once.
 * A UUID-shaped digest (payments.idempotence_key is a uuid).
 */
export function renewalKey(subscriptionId: number, periodEnd: Date, attempt: number): string {
  const hex = createHash('sha256')
    .update(`kadr-renewal:${subscriptionId}:${periodEnd.toISOString()}:${attempt}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A claimed subscription ready to charge: `charge` null when it has no card or tariff left. */
interface Due {
  sub: SubscriptionRow;
  charge: {
    key: string;
    amount: number;
    currency: string;
    methodId: number;
    providerMethodId: string;
    description: string;
    customer: { phone: string } | { email: string };
  } | null;
  row: PaymentRow | null;
  /** The payment row was made by this pass (not found from an earlier one): nothing was sent for it yet. */
  fresh: boolean;
}

const renewalStateOf = (row: SubscriptionRow): RenewalState => ({
  ...stateOf(row),
  autoRenew: row.autoRenew,
  renewalAttempts: row.renewalAttempts,
  nextRetryAt: row.nextRetryAt,
});

/**
 * The renewal scheduler (docs/decisions/018-payment-flow.md). Each pass claims due subscriptions in
 * one short statement (FOR UPDATE SKIP LOCKED, then a lease in `renewal_claimed_until`), so any number
 * of instances share the work and none charges a subscription another holds; then charges each one's
 * saved card outside any transaction (no confirmation, a key per subscription-period-attempt), fulfils
 * a success (the next period, a receipt) and applies `afterRenewalFailure` to a decline.
 */
export class Renewals {
  private readonly sleep: Sleep;
  private readonly log: PaymentLog;
  private readonly leaseMs: number;
  private readonly concurrency: number;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      settlement: PaymentSettlement;
      leaseMs?: number;
      /** Renewals charged at once by one pass (RENEWAL_CONCURRENCY). */
      concurrency?: number;
      sleep?: Sleep;
      log?: PaymentLog;
    },
  ) {
    this.sleep = deps.sleep ?? realSleep;
    this.log = deps.log ?? silentLog;
    this.leaseMs = deps.leaseMs ?? RENEWAL_LEASE_MS;
    this.concurrency = deps.concurrency ?? RENEWAL_CONCURRENCY;
  }

  /** One pass: lapse what ended, claim at most `batch` due subscriptions and renew them. */
  async runOnce(batch = 50): Promise<RenewalPass> {
    const lapsed = await this.lapse();
    const claimed = await this.claim(batch);
    const pass: RenewalPass = { claimed: claimed.length, charged: 0, declined: 0, unknown: 0, lapsed };
    if (claimed.length === 0) return pass;
    // The bookkeeping is set-based: the batch's packages, tariffs, cards and contacts in one query, its
    // payment rows in one insert; then groups of renewals, each checked in one query, charged at once
    // (a provider call is mostly waiting) and settled in one statement. Each renewal holds only its
    // own rows (its subscription, its payment, the card's row at the sandbox): groups do not block
    // each other.
    const due = await this.prepare(claimed);
    const size = Math.min(RENEWAL_GROUP, this.concurrency);
    const groups: Due[][] = [];
    for (let i = 0; i < due.length; i += size) groups.push(due.slice(i, i + size));
    let next = 0;
    const worker = async () => {
      while (next < groups.length) {
        for (const outcome of await this.renewGroup(groups[next++]!)) {
          if (outcome === 'charged') pass.charged++;
          else if (outcome === 'declined') pass.declined++;
          else if (outcome === 'unknown') pass.unknown++;
        }
      }
    };
    const workers = Math.max(1, Math.floor(this.concurrency / size));
    await Promise.all(Array.from({ length: Math.min(workers, groups.length) }, worker));
    return pass;
  }

  /**
   * Ends the live web subscriptions that will not renew and whose period is over — cancelled ones, and
   * ones without a saved card — at their period's end (the rules already show them not_purchased).
   */
  private async lapse(): Promise<number> {
    return lapseEnded(this.deps.db, WEB_STORE, this.deps.clock.now());
  }

  /** Claims due subscriptions for this instance (one statement; rows another pass holds are skipped). */
  async claim(batch: number): Promise<SubscriptionRow[]> {
    const now = this.deps.clock.now().toISOString();
    const lease = new Date(this.deps.clock.now().getTime() + this.leaseMs).toISOString();
    return claimDue(this.deps.db, WEB_STORE, now, lease, batch);
  }

  private async release(subscriptionIds: number[]): Promise<void> {
    if (subscriptionIds.length === 0) return;
    await releaseClaims(this.deps.db, subscriptionIds);
  }

  /**
   * The claimed batch made ready to charge, in three statements whatever its size: what each charge
   * needs (package, tariff, card, the profile's phone) in one query; the ones not due any more
   * released; the rest's renewal payment rows (a key per subscription, period and attempt) inserted
   * `on conflict do nothing`, so a repeat after a crash finds the same rows, and read back.
   */
  private async prepare(claimed: SubscriptionRow[]): Promise<Due[]> {
    const { db, clock, settlement } = this.deps;
    const now = clock.now();
    const found = await chargeDetails(
      db,
      claimed.map((c) => c.id),
    );
    const byId = new Map(found.map((f) => [f.id, f]));
    const skipped: number[] = [];
    const due: Due[] = [];
    for (const sub of claimed) {
      const f = byId.get(sub.id);
      if (!renewalDue(renewalStateOf(sub), now) || sub.periodEnd === null || !f || f.endedAt !== null) {
        skipped.push(sub.id);
        continue;
      }
      const charge =
        f.tariff && f.providerMethodId && f.methodId !== null
          ? {
              key: renewalKey(sub.id, sub.periodEnd, sub.renewalAttempts),
              amount: f.tariff.amount,
              currency: f.tariff.currency,
              methodId: f.methodId,
              providerMethodId: f.providerMethodId,
              description: paymentDescription(f.pack, f.tariff.periodMonths, null),
              // Fixed with the key: a repeat sends the same body even if the viewer signed in meanwhile.
              customer: settlement.contactOfPhone(f.phone),
            }
          : null;
      due.push({ sub: { ...sub, profileId: f.profileId }, charge, row: null, fresh: false });
    }
    await this.release(skipped);
    const charged = due.filter((d) => d.charge !== null);
    if (charged.length === 0) return due;
    const made: RenewalPaymentValues[] = charged.map(({ sub, charge }) => ({
      profile_id: sub.profileId,
      package_id: sub.packageId,
      tariff_id: sub.tariffId,
      subscription_id: sub.id,
      idempotence_key: charge!.key,
      amount: charge!.amount,
      currency: charge!.currency,
      payment_method_id: charge!.methodId,
      customer: charge!.customer,
    }));
    const rows = await insertRenewalPayments(db, settlement.provider.kind, now, made);
    const byKey = new Map(rows.map((r) => [r.idempotenceKey, r]));
    for (const d of charged) {
      d.row = byKey.get(d.charge!.key) ?? null;
      d.fresh = d.row?.createdAt.getTime() === now.getTime();
    }
    return due;
  }

  /**
   * Renews a group of claimed subscriptions; every path but an unknown answer releases the claim.
   * The batch was prepared before the groups ahead of this one: a sign-in since may have ended a row
   * in a merge (decision 019). A charge made by this pass and not sent yet is dropped with its row;
   * one from an earlier pass may have reached the provider, so it is asked again with its key, and
   * fulfilment gives a success to the row that stayed.
   */
  private async renewGroup(group: Due[]): Promise<RenewalOutcome[]> {
    const ended = await this.dropEnded(group);
    const charged = await Promise.all(
      group.map((d) => (ended.has(d.sub.id) ? Promise.resolve(null) : this.charge(d))),
    );
    const answered = group.flatMap((d, i) => {
      const c = charged[i];
      return c && 'payment' in c ? [{ d, payment: c.payment }] : [];
    });
    const settled = await this.deps.settlement.settleAll(
      answered.map(({ d, payment }) => ({
        row: { ...d.row!, providerPaymentId: payment.id },
        payment,
        description: d.charge!.description,
      })),
    );
    const outcomes: RenewalOutcome[] = [];
    for (const [i, d] of group.entries()) {
      const c = charged[i];
      if (c === null || c === undefined) outcomes.push('skipped');
      else if ('outcome' in c) outcomes.push(c.outcome);
      else {
        const s = settled[answered.findIndex((a) => a.d === d)];
        if (s === 'pending') outcomes.push('unknown');
        else if (s === 'canceled') {
          await this.failed(d.sub);
          outcomes.push('declined');
        }
        // Fulfilment ended the claim; a payment another path fulfilled first (a notification) did too.
        else outcomes.push('charged');
      }
    }
    return outcomes;
  }

  /** The group's rows made by this pass whose subscription ended since: dropped, claims released. */
  private async dropEnded(group: Due[]): Promise<Set<number>> {
    const { db } = this.deps;
    const fresh = group.filter((d) => d.fresh && d.row);
    if (fresh.length === 0) return new Set();
    const alive = await liveIds(
      db,
      fresh.map((d) => d.sub.id),
    );
    const gone = fresh.filter((d) => !alive.has(d.sub.id));
    if (gone.length === 0) return new Set();
    await deleteUnsentPayments(
      db,
      gone.map((d) => d.row!.id),
    );
    await this.release(gone.map((d) => d.sub.id));
    return new Set(gone.map((d) => d.sub.id));
  }

  /**
   * Charges one renewal's card: the provider's payment, or the outcome when there is nothing to settle
   * (no card or tariff, charged before, an unknown or refused answer).
   */
  private async charge({
    sub,
    charge,
    row,
  }: Due): Promise<{ payment: Payment } | { outcome: RenewalOutcome }> {
    const { db, clock, settlement } = this.deps;
    if (!charge || !row) {
      // No card left (deleted) or no tariff to charge: a failed renewal, on the same schedule.
      await this.failed(sub);
      return { outcome: 'declined' };
    }
    if (row.status === 'succeeded') {
      await this.release([sub.id]);
      return { outcome: 'charged' };
    }
    let payment: Payment;
    try {
      payment = await withProviderRetries(
        async () =>
          settlement.provider.createPayment({
            amount: { value: moneyOf(row.amount), currency: row.currency },
            description: charge.description,
            capture: true,
            payment_method_id: charge.providerMethodId,
            receipt: {
              customer: await settlement.contactFor(row),
              items: receiptItems(charge.description, row.amount, row.currency).map((item) => ({ ...item })),
            },
            metadata: { kadr_payment_id: String(row.id), kadr_subscription_id: String(sub.id) },
            idempotenceKey: row.idempotenceKey,
          }),
        this.sleep,
      );
      if (payment.status === 'pending') payment = await settlement.provider.getPayment(payment.id);
    } catch (error) {
      if (!(error instanceof YooKassaError)) throw error;
      if (error.retryable) {
        // The charge may or may not have happened: keep the claim; after the lease the same key asks again.
        this.log.warn({ err: error, subscriptionId: sub.id }, 'renewal charge outcome unknown');
        return { outcome: 'unknown' };
      }
      this.log.error({ err: error, subscriptionId: sub.id }, 'renewal charge refused by the provider');
      await settlement.cancel(row.id, { party: 'merchant', reason: 'provider_refused' });
      await this.failed(sub);
      return { outcome: 'declined' };
    }
    // A success stores the provider's id in fulfilment's statement; anything else stores it here.
    if (payment.status !== 'succeeded') await storeProviderPaymentId(db, row.id, payment.id, clock.now());
    return { payment };
  }

  /**
   * A declined renewal: `afterRenewalFailure` (suspended, the next retry, or ended after the last),
   * applied only while the subscription is still at the period and attempt that was charged — a
   * success settled meanwhile by a notification is never overwritten.
   */
  private async failed(sub: SubscriptionRow): Promise<void> {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      const now = await subscriptionForUpdate(tx, sub.id);
      const unchanged =
        now &&
        now.endedAt === null &&
        now.periodEnd?.getTime() === sub.periodEnd?.getTime() &&
        now.renewalAttempts === sub.renewalAttempts;
      if (!unchanged) {
        await updateSubscription(tx, sub.id, { renewalClaimedUntil: null });
        return;
      }
      const change = afterRenewalFailure(renewalStateOf(now), clock.now());
      await updateSubscription(tx, sub.id, { ...change, renewalClaimedUntil: null, updatedAt: clock.now() });
    });
  }
}
