import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partnerAccounts, profiles } from '../../db/schema';
import { isSignedIn } from '../auth';

/** A stored account: its title plain, its e-mail and password sealed under `keyId`. */
export interface SealedAccountRow {
  id: number;
  title: string;
  keyId: string;
  email: string;
  password: string;
}

/** The profile as the partners command sees it, or undefined when there is none. */
export async function profileOf(
  db: Db,
  id: number,
): Promise<{ phone: string | null; signedIn: boolean; mergedIntoId: number | null } | undefined> {
  const [row] = await db
    .select({
      phone: profiles.phone,
      identityLinked: profiles.identityLinked,
      mergedIntoId: profiles.mergedIntoId,
    })
    .from(profiles)
    .where(eq(profiles.id, id));
  if (!row) return undefined;
  return { phone: row.phone, signedIn: isSignedIn(row), mergedIntoId: row.mergedIntoId };
}

/** Writes the profile's account of this title, replacing one of the same title; true when it was new. */
export async function upsertAccount(
  db: Db,
  row: Omit<SealedAccountRow, 'id'> & { profileId: number; now: Date },
): Promise<boolean> {
  const { now, ...values } = row;
  const [written] = await db
    .insert(partnerAccounts)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [partnerAccounts.profileId, partnerAccounts.title],
      set: { keyId: values.keyId, email: values.email, password: values.password, updatedAt: now },
    })
    // xmax is 0 on a row this statement inserted, the updating transaction's id on one it replaced.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return written?.inserted === true;
}

/** The profile's accounts, oldest first (the order they were added in). */
export async function accountsOf(db: Db, profileId: number): Promise<SealedAccountRow[]> {
  return db
    .select({
      id: partnerAccounts.id,
      title: partnerAccounts.title,
      keyId: partnerAccounts.keyId,
      email: partnerAccounts.email,
      password: partnerAccounts.password,
    })
    .from(partnerAccounts)
    .where(eq(partnerAccounts.profileId, profileId))
    .orderBy(asc(partnerAccounts.createdAt), asc(partnerAccounts.id));
}

/** Deletes the profile's account of this title; true when there was one. */
export async function deleteAccount(db: Db, profileId: number, title: string): Promise<boolean> {
  const rows = await db
    .delete(partnerAccounts)
    .where(and(eq(partnerAccounts.profileId, profileId), eq(partnerAccounts.title, title)))
    .returning({ id: partnerAccounts.id });
  return rows.length > 0;
}

/** Accounts sealed under another key than `keyId` (what a rotation has left to re-seal), oldest first. */
export async function accountsNotUnder(
  db: Db,
  keyId: string,
): Promise<Array<SealedAccountRow & { profileId: number }>> {
  return db
    .select({
      id: partnerAccounts.id,
      profileId: partnerAccounts.profileId,
      title: partnerAccounts.title,
      keyId: partnerAccounts.keyId,
      email: partnerAccounts.email,
      password: partnerAccounts.password,
    })
    .from(partnerAccounts)
    .where(ne(partnerAccounts.keyId, keyId))
    .orderBy(asc(partnerAccounts.id));
}

/**
 * Replaces a row's sealed values unless it changed since it was read (still under `fromKeyId`): a
 * `partners:set` in between wins. True when this call wrote it.
 */
export async function resealAccount(
  db: Db,
  row: { id: number; fromKeyId: string; keyId: string; email: string; password: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(partnerAccounts)
    .set({ keyId: row.keyId, email: row.email, password: row.password, updatedAt: row.now })
    .where(and(eq(partnerAccounts.id, row.id), eq(partnerAccounts.keyId, row.fromKeyId)))
    .returning({ id: partnerAccounts.id });
  return rows.length > 0;
}
