import { type CardDigits, cardsNamed } from './card-numbers';
import { isLive, type SubscriptionState, WEB_STORE } from './subscription-rules';

// Repeats of unsubscribePackage, restorePackage and deleteCard (docs/decisions/018-payment-flow.md,
// «Repeated calls»). The client sends a call again when its answer was lost (a time-out, a dropped
// connection, a proxy's 5xx: SPEC §8's retry), and a viewer presses again: the repeat must get the
// first call's answer, not a refusal of the state the first call made. The SPEC fixes these calls'
// bodies and headers, so there is no idempotence key: as createPayment finds the viewer's open payment
// for the same purchase (REUSE_WINDOW_MS), a repeat is recognised by the trace its first call left on
// the viewer's own rows — cancelled_at, restored_at, a card_deletions row — younger than the window.
// Older traces, and requests that left none, are refused exactly as before.

/** How long after a call its repeat is answered as the call was: createPayment's reuse window. */
export const REPEAT_WINDOW_MS = 20 * 60 * 1000;

/** Whether `at` lies in the window before `now`. */
export function withinRepeatWindow(at: Date | null, now: Date): boolean {
  if (at === null) return false;
  const age = now.getTime() - at.getTime();
  return age >= 0 && age < REPEAT_WINDOW_MS;
}

/** What a subscription's repeat check reads besides the rules' state. */
export interface RepeatTrace {
  cancelledAt: Date | null;
  restoredAt: Date | null;
}

/**
 * unsubscribePackage repeated: the viewer's subscription (the live row, else the latest — a trial or a
 * suspension cancelled ends at once) was cancelled by a call within the window. The answer is its
 * status now, as the first call's was: cancelled, or not_purchased for one that ended.
 */
export function cancelRepeated(s: (SubscriptionState & RepeatTrace) | null, now: Date): boolean {
  return (
    s !== null &&
    s.storeName === WEB_STORE &&
    s.status === 'cancelled' &&
    withinRepeatWindow(s.cancelledAt, now)
  );
}

/**
 * restorePackage repeated: the viewer's live subscription is confirmed and was restored within the
 * window; the answer is confirmed, as the first call's was. One suspended since (its renewal failed)
 * is not what the call made: refused as before.
 */
export function restoreRepeated(s: (SubscriptionState & RepeatTrace) | null, now: Date): boolean {
  return (
    s !== null &&
    isLive(s, now) &&
    s.storeName === WEB_STORE &&
    s.status === 'confirmed' &&
    withinRepeatWindow(s.restoredAt, now)
  );
}

/** A card_deletions row as the repeat check reads it. */
export interface CardDeletion {
  cardNumber: string;
  deletedAt: Date;
}

/**
 * deleteCard repeated: no saved card of the viewer's has that number now, and the viewer deleted one
 * by that very number within the window. A number naming a card of theirs is a deletion to make (or
 * refuse); another profile's card, or one never saved, left no trace here and stays card_not_found.
 */
export function cardDeletionRepeated(
  cards: readonly CardDigits[],
  deletions: readonly CardDeletion[],
  number: string,
  now: Date,
): boolean {
  if (cardsNamed(cards, number).length > 0) return false;
  return deletions.some((d) => d.cardNumber === number && withinRepeatWindow(d.deletedAt, now));
}
