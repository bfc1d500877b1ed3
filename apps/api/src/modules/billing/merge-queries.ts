import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { paymentMethods, payments, profiles, receipts, subscriptions, trialUses } from '../../db/schema';
import type { SubscriptionRow } from './subscription-queries';

// The statements of a sign-in's move of an anonymous profile's holdings (profile-merge.ts), all in the
// sign-in's transaction.

/** Locks a profile's payments FOR UPDATE, in id order. */
export async function lockPaymentsOf(tx: Tx, profileId: number): Promise<void> {
  await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.profileId, profileId))
    .orderBy(asc(payments.id))
    .for('update');
}

/** A profile's phone and merge, locked FOR UPDATE; undefined when it does not exist. */
export async function profileForUpdate(tx: Tx, profileId: number) {
  const [row] = await tx
    .select({ phone: profiles.phone, mergedIntoId: profiles.mergedIntoId })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .for('update');
  return row;
}

/** The packages a profile has live rows of, in package order. */
export function heldPackages(tx: Tx, profileId: number) {
  return tx
    .selectDistinct({ packageId: subscriptions.packageId })
    .from(subscriptions)
    .where(and(eq(subscriptions.profileId, profileId), isNull(subscriptions.endedAt)))
    .orderBy(asc(subscriptions.packageId));
}

/** A profile's live subscriptions, locked FOR UPDATE. */
export function liveSubscriptionsForUpdate(tx: Tx, profileId: number): Promise<SubscriptionRow[]> {
  return tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.profileId, profileId), isNull(subscriptions.endedAt)))
    .for('update');
}

/** A profile's saved cards in id order. */
export function cardsInIdOrder(tx: Tx, profileId: number) {
  return tx
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.profileId, profileId))
    .orderBy(asc(paymentMethods.id));
}

/** Subscriptions and payments that name saved card `card` name `twin` instead. */
export async function repointCard(tx: Tx, card: number, twin: number): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ paymentMethodId: twin })
    .where(eq(subscriptions.paymentMethodId, card));
  await tx.update(payments).set({ paymentMethodId: twin }).where(eq(payments.paymentMethodId, card));
}

/** Moves the saved cards of profile `from` to `to`. */
export async function moveCards(tx: Tx, from: number, to: number): Promise<void> {
  await tx.update(paymentMethods).set({ profileId: to }).where(eq(paymentMethods.profileId, from));
}

/** Moves the subscriptions of profile `from` to `to`. */
export async function moveSubscriptions(tx: Tx, from: number, to: number): Promise<void> {
  await tx.update(subscriptions).set({ profileId: to }).where(eq(subscriptions.profileId, from));
}

/** Whether a profile has a trial use recorded. */
export async function hasTrialUse(tx: Tx, profileId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: trialUses.id })
    .from(trialUses)
    .where(eq(trialUses.profileId, profileId));
  return row !== undefined;
}

/** Moves the trial use of profile `from` to `to`. */
export async function moveTrialUse(tx: Tx, from: number, to: number): Promise<void> {
  await tx.update(trialUses).set({ profileId: to }).where(eq(trialUses.profileId, from));
}

/** Moves the payments and then the receipts of profile `from` to `to` (payments' updated_at left alone). */
export async function movePaymentsAndReceipts(tx: Tx, from: number, to: number): Promise<void> {
  await tx.update(payments).set({ profileId: to }).where(eq(payments.profileId, from));
  await tx.update(receipts).set({ profileId: to }).where(eq(receipts.profileId, from));
}
