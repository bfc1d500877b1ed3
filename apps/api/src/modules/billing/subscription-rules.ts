import type { CancelReason, PackageAction, PackageStatus } from '@kadr/api-contract';

// The subscription rules (docs/decisions/015-billing-domain.md) as pure functions of a subscription's
// stored state and the time, which is always passed in: the database rows, the routes and the renewal
// scheduler all ask these, so one table of tests covers every status transition and refusal.

/** Hours after a successful payment during which the cancel flow only shows 'Проверка платежа'. */
export const FIRST_HOURS = 3;
/** SPEC §5: auto-renewal can be cancelled no later than 24 hours before the charge. */
export const CANCEL_LIMIT_HOURS = 24;

const HOUR_MS = 60 * 60 * 1000;

/** Stored statuses of a live subscription (not_purchased is "no live row"). */
export type StoredStatus = 'confirmed' | 'suspended' | 'cancelled';

/** Where a package is sold: 'web' here, 'hand' by an operator, anything else a mobile store. */
export const WEB_STORE = 'web';
/** Operator grants (package:grant); SPEC §4 disables the main button for them. */
export const HAND_STORE = 'hand';

/** What the rules read of a subscription. */
export interface SubscriptionState {
  status: StoredStatus;
  storeName: string;
  /** End of the current period (the next charge); null for an open-ended operator grant. */
  periodEnd: Date | null;
  isTrial: boolean;
  /** When the last successful payment was taken (first_hours); null for grants. */
  lastPaidAt: Date | null;
  /** When the subscription stopped being live (ended trial, cancelled suspension, revoke). */
  endedAt: Date | null;
}

/** Rules' settings; FIRST_HOURS is configurable (env BILLING_FIRST_HOURS). */
export interface RuleSettings {
  firstHours: number;
}

/** Default settings. */
export const DEFAULT_RULES: RuleSettings = { firstHours: FIRST_HOURS };

const periodOver = (s: SubscriptionState, now: Date) => s.periodEnd !== null && s.periodEnd <= now;

/** Whether the subscription still counts at `now`: not ended, and not a cancelled one past its end. */
export function isLive(s: SubscriptionState | null, now: Date): s is SubscriptionState {
  if (!s || (s.endedAt !== null && s.endedAt <= now)) return false;
  // Only web subscriptions renew here: a grant or a store's period that ran out is over.
  return !((s.status === 'cancelled' || s.storeName !== WEB_STORE) && periodOver(s, now));
}

/** The package status a viewer sees (SPEC §3): a subscription that is no longer live is not_purchased. */
export function statusOf(s: SubscriptionState | null, now: Date): PackageStatus {
  return isLive(s, now) ? s.status : 'not_purchased';
}

/**
 * Entitled (goods.is_bought): confirmed or cancelled and the period not over. A suspended subscription
 * (its renewal charge failing and being retried) gives no access; a confirmed one past its end waits
 * for the renewal charge and gives none either until it is paid.
 */
export function isEntitled(s: SubscriptionState | null, now: Date): boolean {
  if (!isLive(s, now) || s.status === 'suspended') return false;
  return !periodOver(s, now);
}

/** Whether the subscription is in its free trial now (goods.is_trial_current). */
export function inTrial(s: SubscriptionState | null, now: Date): boolean {
  return isLive(s, now) && s.isTrial && s.status !== 'suspended' && !periodOver(s, now);
}

/** Whether a payment was taken less than FIRST_HOURS ago. */
function inFirstHours(s: SubscriptionState, now: Date, settings: RuleSettings): boolean {
  if (s.lastPaidAt === null) return false;
  const since = now.getTime() - s.lastPaidAt.getTime();
  return since >= 0 && since < settings.firstHours * HOUR_MS;
}

/**
 * goods.actions, the first driving the cancel flow (SPEC §4): none for a package not held or sold
 * elsewhere ('hand', a mobile store: managed there); first_hours first while a fresh payment is being
 * checked; cancel_trial_package during a trial, cancel_package for a paid or suspended one;
 * restore_package for a cancelled one whose period runs.
 */
export function actionsOf(
  s: SubscriptionState | null,
  now: Date,
  settings: RuleSettings = DEFAULT_RULES,
): PackageAction[] {
  if (!isLive(s, now) || s.storeName !== WEB_STORE) return [];
  if (s.status === 'cancelled') return ['restore_package'];
  if (s.status === 'suspended') return ['cancel_package'];
  const cancel: PackageAction = inTrial(s, now) ? 'cancel_trial_package' : 'cancel_package';
  return inFirstHours(s, now, settings) ? ['first_hours', cancel] : [cancel];
}

/** Why a cancel or restore is refused: the error ids of the billing routes (errors.ts). */
export type CancelRefusal =
  | 'package_not_subscribed'
  | 'package_store_managed'
  | 'package_already_cancelled'
  | 'cancel_payment_checking'
  | 'cancel_too_late';
/** Why a restore is refused. */
export type RestoreRefusal =
  | 'package_not_subscribed'
  | 'package_store_managed'
  | 'package_not_cancelled'
  | 'restore_period_ended';

/** What a cancel does to the stored row. */
export interface CancelChange {
  status: 'cancelled';
  autoRenew: false;
  cancelReason: CancelReason | null;
  cancelledAt: Date;
  /** Set when access ends at once (a trial, a suspended renewal): the row stops being live. */
  endedAt: Date | null;
  /** A trial cancel ends the period now too, so ended_at shows when access stopped. */
  periodEnd: Date | null;
}

/** The outcome of a cancel request. */
export type CancelDecision = { ok: true; change: CancelChange } | { ok: false; refusal: CancelRefusal };

/**
 * unsubscribePackage:
 * - not held (or no longer live) → package_not_subscribed; sold elsewhere → package_store_managed;
 *   cancelled already → package_already_cancelled;
 * - within FIRST_HOURS of a payment → cancel_payment_checking (the client shows 'Проверка платежа');
 * - suspended → ends now (no charge is scheduled: the retries stop, access is already off);
 * - later than 24 h before the charge (the period's end; a trial's end) → cancel_too_late (SPEC §5);
 * - a trial → ends now («Подписка перестанет действовать сразу после отмены»);
 * - otherwise → cancelled: no renewal, access until the period's end.
 */
export function decideCancel(
  s: SubscriptionState | null,
  now: Date,
  reason: CancelReason | null,
  settings: RuleSettings = DEFAULT_RULES,
): CancelDecision {
  if (!isLive(s, now)) return { ok: false, refusal: 'package_not_subscribed' };
  if (s.storeName !== WEB_STORE) return { ok: false, refusal: 'package_store_managed' };
  if (s.status === 'cancelled') return { ok: false, refusal: 'package_already_cancelled' };
  const base = { status: 'cancelled', autoRenew: false, cancelReason: reason, cancelledAt: now } as const;
  if (s.status === 'suspended')
    return { ok: true, change: { ...base, endedAt: now, periodEnd: s.periodEnd } };
  if (inFirstHours(s, now, settings)) return { ok: false, refusal: 'cancel_payment_checking' };
  if (s.periodEnd !== null && now.getTime() > s.periodEnd.getTime() - CANCEL_LIMIT_HOURS * HOUR_MS)
    return { ok: false, refusal: 'cancel_too_late' };
  if (inTrial(s, now)) return { ok: true, change: { ...base, endedAt: now, periodEnd: now } };
  return { ok: true, change: { ...base, endedAt: null, periodEnd: s.periodEnd } };
}

/** What a restore does to the stored row. */
export interface RestoreChange {
  status: 'confirmed';
  autoRenew: true;
  cancelReason: null;
  cancelledAt: null;
}

/** The outcome of a restore request. */
export type RestoreDecision = { ok: true; change: RestoreChange } | { ok: false; refusal: RestoreRefusal };

/**
 * restorePackage: only a cancelled web subscription whose period has not ended comes back (renewal on
 * again, the same period end). An ended one (a cancelled trial, a cancelled suspension, a period that
 * ran out) is refused with restore_period_ended: it is bought anew.
 */
export function decideRestore(s: SubscriptionState | null, now: Date): RestoreDecision {
  if (!s) return { ok: false, refusal: 'package_not_subscribed' };
  if (s.storeName !== WEB_STORE) return { ok: false, refusal: 'package_store_managed' };
  if (s.status !== 'cancelled') {
    return isLive(s, now)
      ? { ok: false, refusal: 'package_not_cancelled' }
      : { ok: false, refusal: 'package_not_subscribed' };
  }
  if (!isLive(s, now)) return { ok: false, refusal: 'restore_period_ended' };
  return {
    ok: true,
    change: { status: 'confirmed', autoRenew: true, cancelReason: null, cancelledAt: null },
  };
}

/** Trials a profile or a card has taken already. */
export interface TrialHistory {
  profileUsedTrial: boolean;
  /** Whether the card (when known) has paid for a trial of any profile. */
  cardUsedTrial: boolean;
}

/** SPEC §5/§9: the trial is available only once — per profile, and per card. */
export function trialEligible(trialDays: number, history: TrialHistory): boolean {
  return trialDays > 0 && !history.profileUsedTrial && !history.cardUsedTrial;
}

/** Adds whole months (a period), clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** The period a succeeded payment starts: a trial's days, or the tariff's months. */
export function periodAfterPayment(
  start: Date,
  tariff: { periodMonths: number; trialDays: number },
  trial: boolean,
): { start: Date; end: Date } {
  const end = trial
    ? new Date(start.getTime() + tariff.trialDays * 24 * HOUR_MS)
    : addMonths(start, tariff.periodMonths);
  return { start, end };
}

/**
 * When a failed renewal charge is tried again, in hours after the charge was due (the period's end):
 * a day, three days, a week. After the last one fails the subscription ends.
 */
export const RENEWAL_RETRY_HOURS = [24, 72, 168] as const;

/** What the renewal scheduler reads of a subscription besides the state. */
export interface RenewalState extends SubscriptionState {
  autoRenew: boolean;
  renewalAttempts: number;
  nextRetryAt: Date | null;
}

/**
 * Whether a renewal charge is due now: a live web subscription that renews, confirmed at or past its
 * period's end, or suspended with its next retry due. Cancelled ones never are (they lapse).
 */
export function renewalDue(s: RenewalState, now: Date): boolean {
  if (!isLive(s, now) || s.storeName !== WEB_STORE || !s.autoRenew || s.periodEnd === null) return false;
  if (s.status === 'confirmed') return s.periodEnd <= now;
  if (s.status === 'suspended') return s.nextRetryAt !== null && s.nextRetryAt <= now;
  return false;
}

/** What a failed renewal charge does to the row. */
export type RenewalFailure =
  | { status: 'suspended'; renewalAttempts: number; nextRetryAt: Date; endedAt: null }
  | { status: 'suspended'; renewalAttempts: number; nextRetryAt: null; endedAt: Date; autoRenew: false };

/**
 * A failed renewal charge: confirmed → suspended (no access) with the next retry on the schedule,
 * counted from the period's end; the failure of the last retry ends the subscription.
 */
export function afterRenewalFailure(s: RenewalState, now: Date): RenewalFailure {
  const attempts = s.renewalAttempts + 1;
  const retryHours = RENEWAL_RETRY_HOURS[attempts - 1];
  if (retryHours === undefined || s.periodEnd === null)
    return {
      status: 'suspended',
      renewalAttempts: attempts,
      nextRetryAt: null,
      endedAt: now,
      autoRenew: false,
    };
  const due = new Date(s.periodEnd.getTime() + retryHours * HOUR_MS);
  // A scheduler running late retries at once rather than in the past.
  return {
    status: 'suspended',
    renewalAttempts: attempts,
    nextRetryAt: due > now ? due : now,
    endedAt: null,
  };
}
