import type { Tx } from '../../db/client';
import { cardKeyOf, deleteCardsById } from './card-queries';
import * as mq from './merge-queries';
import { lockProfileKey } from './queries';
import { liveSubscription, type SubscriptionRow, stateOf, updateSubscription } from './subscription-queries';
import { isEntitled, WEB_STORE } from './subscription-rules';

// An anonymous buyer signs in to a phone that has a profile already: what the anonymous profile holds
// moves to the phone's profile inside the sign-in's transaction (docs/decisions/019-anonymous-purchases.md).

/** Milliseconds of paid access a row still gives: web, entitled now, not a trial; 0 otherwise. */
function paidTimeLeft(row: SubscriptionRow, now: Date): number {
  if (row.storeName !== WEB_STORE || row.isTrial || row.periodEnd === null) return 0;
  if (!isEntitled(stateOf(row), now)) return 0;
  return Math.max(0, row.periodEnd.getTime() - now.getTime());
}

/** Which of two live rows of one package stays: the entitling one that ends later (open-ended last of all). */
function survivorOf(phones: SubscriptionRow, anonymous: SubscriptionRow, now: Date) {
  const reach = (row: SubscriptionRow) =>
    !isEntitled(stateOf(row), now)
      ? Number.NEGATIVE_INFINITY
      : row.periodEnd === null
        ? Number.POSITIVE_INFINITY
        : row.periodEnd.getTime();
  // A tie keeps the phone's row (its card and its renewal settings).
  return reach(anonymous) > reach(phones)
    ? { keep: anonymous, drop: phones }
    : { keep: phones, drop: anonymous };
}

/**
 * Waits for everything in flight on the anonymous profile, then holds it still: its payments' row
 * locks first (a fulfilment of one of them finishes before, or runs after and sees the payment moved),
 * then the profile row FOR UPDATE (an insert referencing it — a createPayment's row — waits for the
 * sign-in, then finds the profile retired). Then the phone profile's (profile, package) locks that
 * fulfilment takes, in package order, and its trial lock.
 */
async function lockBoth(tx: Tx, from: number, to: number): Promise<boolean> {
  await mq.lockPaymentsOf(tx, from);
  const anonymous = await mq.profileForUpdate(tx, from);
  // Adopted or merged by a parallel sign-in meanwhile: not anonymous any more, nothing of it moves.
  if (!anonymous || anonymous.phone !== null || anonymous.mergedIntoId !== null) return false;
  const held = await mq.heldPackages(tx, from);
  for (const { packageId } of held) await lockProfileKey(tx, to, packageId);
  await lockProfileKey(tx, to, 0);
  return true;
}

/** Saved cards: a card the phone's profile has saved too (same digits and expiry) becomes that one row. */
async function moveCards(tx: Tx, from: number, to: number): Promise<void> {
  const [theirs, ours] = await Promise.all([mq.cardsInIdOrder(tx, from), mq.cardsInIdOrder(tx, to)]);
  const twins = new Map<number, number>();
  for (const card of theirs) {
    const twin = ours.find((o) => o.provider === card.provider && cardKeyOf(o) === cardKeyOf(card));
    if (twin) twins.set(card.id, twin.id);
  }
  for (const [card, twin] of twins) await mq.repointCard(tx, card, twin);
  if (twins.size > 0) await deleteCardsById(tx, [...twins.keys()]);
  await mq.moveCards(tx, from, to);
}

/**
 * Subscriptions, live and past. Two live rows of one package become one: the survivor (survivorOf)
 * gains the other's paid time left, the other ends now and stops renewing — so no paid time is lost
 * and one renewal at most charges. A renewal charge in flight for the ended row still lands: its
 * fulfilment extends the package's live row (fulfil.ts). Claims (renewal_claimed_until) move as they are.
 */
async function moveSubscriptions(tx: Tx, from: number, to: number, now: Date): Promise<void> {
  const live = await mq.liveSubscriptionsForUpdate(tx, from);
  for (const anonymous of live) {
    const phones = await liveSubscription(tx, to, anonymous.packageId, { lock: true });
    if (!phones) continue;
    const { keep, drop } = survivorOf(phones, anonymous, now);
    const extra = paidTimeLeft(drop, now);
    await updateSubscription(tx, drop.id, {
      endedAt: now,
      autoRenew: false,
      nextRetryAt: null,
      updatedAt: now,
    });
    if (extra > 0 && keep.periodEnd !== null) {
      await updateSubscription(tx, keep.id, {
        periodEnd: new Date(keep.periodEnd.getTime() + extra),
        // Paid time added to a trial makes it a paid period: cancelling a trial ends access at once.
        isTrial: false,
        updatedAt: now,
      });
    }
  }
  await mq.moveSubscriptions(tx, from, to);
}

/**
 * A trial used on either stays used: the anonymous profile's record moves when the phone's profile
 * has none; otherwise it stays on the retired profile, still marking its card (trial_uses is one row
 * per profile, and the per-card check reads every profile's).
 */
async function moveTrialUse(tx: Tx, from: number, to: number): Promise<void> {
  if (!(await mq.hasTrialUse(tx, to))) await mq.moveTrialUse(tx, from, to);
}

/**
 * Moves everything the anonymous profile `from` holds — subscriptions (live and past), saved cards,
 * payments (pending ones too: every settling path finds a payment by its ids, and checkPayment by the
 * caller's profile, which is now `to`), receipts and the trial use — to the phone's profile `to`, in
 * the caller's transaction (the sign-in's). False, moving nothing, when `from` is not an anonymous
 * profile any more; the caller then retires `from`.
 */
export async function moveAnonymousHoldings(tx: Tx, from: number, to: number, now: Date): Promise<boolean> {
  if (!(await lockBoth(tx, from, to))) return false;
  await moveCards(tx, from, to);
  await moveSubscriptions(tx, from, to, now);
  await moveTrialUse(tx, from, to);
  // updated_at is left alone: reconciliation's clock for a pending payment must not restart.
  await mq.movePaymentsAndReceipts(tx, from, to);
  return true;
}
