import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { identityLinks, identityRequests, profiles } from '../../db/schema';

/** A pending authorization request (identity_requests). */
export interface PendingRequest {
  stateHash: string;
  provider: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  profileId: number;
  deviceUid: string | null;
  now: Date;
  expiresAt: Date;
}

/** Stores a request sent to a provider. */
export async function insertRequest(db: Queryable, request: PendingRequest): Promise<void> {
  const { now, ...values } = request;
  await db.insert(identityRequests).values({ ...values, createdAt: now });
}

/**
 * Spends the request with this state for this caller (profile and device), if unspent and unexpired,
 * in one conditional UPDATE … RETURNING: of two answers with one state, one wins.
 */
export async function spendRequest(
  db: Queryable,
  where: { stateHash: string; provider: string; profileId: number; deviceUid: string | null; now: Date },
) {
  const [row] = await db
    .update(identityRequests)
    .set({ usedAt: where.now })
    .where(
      and(
        eq(identityRequests.stateHash, where.stateHash),
        eq(identityRequests.provider, where.provider),
        eq(identityRequests.profileId, where.profileId),
        sql`${identityRequests.deviceUid} is not distinct from ${where.deviceUid}`,
        isNull(identityRequests.usedAt),
        gt(identityRequests.expiresAt, where.now),
      ),
    )
    .returning({
      nonce: identityRequests.nonce,
      codeVerifier: identityRequests.codeVerifier,
      redirectUri: identityRequests.redirectUri,
    });
  return row;
}

/** Deletes requests that expired before `before`; answers how many. */
export async function pruneRequests(db: Queryable, before: Date): Promise<number> {
  const gone = await db
    .delete(identityRequests)
    .where(sql`${identityRequests.expiresAt} < ${before.toISOString()}::timestamptz`)
    .returning({ hash: identityRequests.stateHash });
  return gone.length;
}

/**
 * The live profile a subject is linked to, locked against a concurrent change: the linked profile, or
 * the phone's profile it was merged into at a phone sign-in (modules/billing/profile-merge.ts).
 */
export async function linkedProfile(
  db: Queryable,
  issuer: string,
  subject: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: profiles.id, mergedIntoId: profiles.mergedIntoId })
    .from(identityLinks)
    .innerJoin(profiles, eq(profiles.id, identityLinks.profileId))
    .where(and(eq(identityLinks.issuer, issuer), eq(identityLinks.subject, subject)))
    .for('no key update', { of: profiles });
  if (!row) return undefined;
  return row.mergedIntoId ?? row.id;
}

/** Whether a profile is live (not merged away) and has no subject of this issuer yet. */
export async function canLink(db: Queryable, profileId: number, issuer: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id, linked: identityLinks.subject })
    .from(profiles)
    .leftJoin(identityLinks, and(eq(identityLinks.profileId, profiles.id), eq(identityLinks.issuer, issuer)))
    .where(and(eq(profiles.id, profileId), isNull(profiles.mergedIntoId)))
    .for('no key update', { of: profiles });
  return row !== undefined && row.linked === null;
}

/**
 * Links a subject to a profile, which is signed in from now on (`identity_linked`, the rule of
 * modules/auth/queries.ts `isSignedIn`). The row is locked `for update` first — as setting a phone
 * does — so a refresh storing an anonymous session on it (`for key share`) waits and then refuses.
 */
export async function insertLink(
  db: Queryable,
  link: { issuer: string; subject: string; profileId: number; now: Date },
): Promise<void> {
  await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, link.profileId)).for('update');
  await db
    .insert(identityLinks)
    .values({ issuer: link.issuer, subject: link.subject, profileId: link.profileId, createdAt: link.now });
  await db.update(profiles).set({ identityLinked: true }).where(eq(profiles.id, link.profileId));
}

/** A new profile without a phone, for a subject's first sign-in. */
export async function createProfile(db: Queryable, now: Date): Promise<number> {
  const [row] = await db
    .insert(profiles)
    .values({ createdAt: now, seenAt: now })
    .returning({ id: profiles.id });
  return row!.id;
}
