import { and, asc, eq, inArray, lte, or } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { cardDeletions, paymentMethods, trialUses } from '../../db/schema';
import type { PaidCard } from './fulfil';

// Saved cards (payment_methods), the deleteCard record (card_deletions) and trial uses.

/** The card key of trial_uses: one card's first six, last four and expiry. */
export const cardKeyOf = (card: { first6: string; last4: string; expiryMonth: number; expiryYear: number }) =>
  `${card.first6}:${card.last4}:${String(card.expiryMonth).padStart(2, '0')}/${card.expiryYear}`;

/** Whether the profile, or the card when given, has taken a trial. */
export async function trialHistory(db: Queryable, profileId: number, cardKey: string | null) {
  const rows = await db
    .select({ profileId: trialUses.profileId, cardKey: trialUses.cardKey })
    .from(trialUses)
    .where(
      cardKey === null
        ? eq(trialUses.profileId, profileId)
        : or(eq(trialUses.profileId, profileId), eq(trialUses.cardKey, cardKey)),
    )
    .limit(2);
  return {
    profileUsedTrial: rows.some((r) => r.profileId === profileId),
    cardUsedTrial: cardKey !== null && rows.some((r) => r.cardKey === cardKey),
  };
}

/** Records a trial taken (one row a profile: a second is ignored). */
export async function insertTrialUse(
  tx: Tx,
  use: { profileId: number; packageId: number; cardKey: string | null; createdAt: Date },
): Promise<void> {
  await tx.insert(trialUses).values(use).onConflictDoNothing();
}

/** A profile's saved cards, oldest first. */
export function cardsOf(db: Queryable, profileId: number) {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.profileId, profileId))
    .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
}

/** A profile's saved cards, locked for a delete. */
export function cardsForUpdate(tx: Tx, profileId: number) {
  return tx.select().from(paymentMethods).where(eq(paymentMethods.profileId, profileId)).for('update');
}

/** Deletes saved cards by id. */
export async function deleteCardsById(tx: Tx, ids: readonly number[]): Promise<void> {
  await tx.delete(paymentMethods).where(inArray(paymentMethods.id, [...ids]));
}

/** Saves (or finds) the card as the profile's payment method; answers its id. */
export async function saveCard(
  tx: Tx,
  profileId: number,
  provider: string,
  card: PaidCard,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(paymentMethods)
    .values({
      profileId,
      provider,
      providerMethodId: card.providerMethodId,
      first6: card.first6,
      last4: card.last4,
      cardType: card.cardType,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [paymentMethods.provider, paymentMethods.providerMethodId],
      set: { expiryMonth: card.expiryMonth, expiryYear: card.expiryYear },
    })
    .returning({ id: paymentMethods.id });
  return row!.id;
}

/** A profile's recent card deletions (repeats.ts reads them to answer a repeated deleteCard). */
export function cardDeletionsOf(tx: Tx, profileId: number) {
  return tx
    .select({ cardNumber: cardDeletions.cardNumber, deletedAt: cardDeletions.deletedAt })
    .from(cardDeletions)
    .where(eq(cardDeletions.profileId, profileId));
}

/** Records a deleteCard by the number it named, dropping the profile's deletions older than `before`. */
export async function recordCardDeletion(
  tx: Tx,
  deletion: { profileId: number; cardNumber: string; deletedAt: Date },
  before: Date,
): Promise<void> {
  await tx
    .delete(cardDeletions)
    .where(and(eq(cardDeletions.profileId, deletion.profileId), lte(cardDeletions.deletedAt, before)));
  await tx.insert(cardDeletions).values(deletion);
}
