import { and, asc, desc, eq, inArray, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  cardDeletions,
  contents,
  packageChildren,
  packages,
  paymentMethods,
  receipts,
  tariffs,
  trialUses,
} from '../../db/schema';

/** A package row. */
export type PackageRow = typeof packages.$inferSelect;
/** A tariff row. */
export type TariffRow = typeof tariffs.$inferSelect;

/** One package, or undefined. */
export async function packageById(db: Db | Tx, id: number): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(packages).where(eq(packages.id, id));
  return row;
}

/** Every package (or only the visible ones) in list order. */
export function listPackages(db: Db, includeHidden: boolean): Promise<PackageRow[]> {
  return db
    .select()
    .from(packages)
    .where(includeHidden ? undefined : eq(packages.hidden, false))
    .orderBy(asc(packages.position), asc(packages.id));
}

/** The tariffs of packages in order, by package id. */
export async function tariffsOf(
  db: Db | Tx,
  packageIds: readonly number[],
): Promise<Map<number, TariffRow[]>> {
  const byPackage = new Map<number, TariffRow[]>();
  if (packageIds.length === 0) return byPackage;
  const rows = await db
    .select()
    .from(tariffs)
    .where(inArray(tariffs.packageId, [...packageIds]))
    .orderBy(asc(tariffs.packageId), asc(tariffs.position));
  for (const row of rows) {
    const list = byPackage.get(row.packageId) ?? [];
    list.push(row);
    byPackage.set(row.packageId, list);
  }
  return byPackage;
}

/** Every parent → child link (a handful of rows: the packages list reads them whole). */
export function allPackageChildren(db: Db) {
  return db
    .select({ parentId: packageChildren.parentId, childId: packageChildren.childId })
    .from(packageChildren);
}

/** The card key of trial_uses: one card's first six, last four and expiry. */
export const cardKeyOf = (card: { first6: string; last4: string; expiryMonth: number; expiryYear: number }) =>
  `${card.first6}:${card.last4}:${String(card.expiryMonth).padStart(2, '0')}/${card.expiryYear}`;

/** Whether the profile, or the card when given, has taken a trial. */
export async function trialHistory(db: Db | Tx, profileId: number, cardKey: string | null) {
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

/** A profile's saved cards, oldest first. */
export function cardsOf(db: Db, profileId: number) {
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

/** A profile's receipts, newest first. */
export function receiptsOf(db: Db, profileId: number) {
  return db
    .select()
    .from(receipts)
    .where(eq(receipts.profileId, profileId))
    .orderBy(desc(receipts.createdAt), desc(receipts.id));
}

/** The package that sells a title, or undefined when none does. */
export async function packageOfTitle(db: Db, contentId: number) {
  const [row] = await db
    .select({ pack: packages })
    .from(contents)
    .innerJoin(packages, eq(packages.id, contents.packageId))
    .where(eq(contents.id, contentId));
  return row?.pack;
}
