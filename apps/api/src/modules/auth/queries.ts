import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { devices, profiles, refreshTokens, sessions, signInAttempts } from '../../db/schema';

/** Anything that runs queries: the database or an open transaction. */
export type Queryable = Db | Tx;

// ── profiles and devices ─────────────────────────────────────────────────────────────────────────

/** The device's anonymous profile, creating it on first sight (race-safe: one device, one profile). */
export async function deviceProfile(db: Db, deviceUid: string, now: Date): Promise<number> {
  const [known] = await db
    .select({ profileId: devices.profileId })
    .from(devices)
    .where(eq(devices.deviceUid, deviceUid));
  if (known) return known.profileId;
  return db.transaction(async (tx) => {
    const [profile] = await tx.insert(profiles).values({ createdAt: now }).returning({ id: profiles.id });
    const [mapped] = await tx
      .insert(devices)
      .values({ deviceUid, profileId: profile!.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ profileId: devices.profileId });
    if (mapped) return mapped.profileId;
    // Another request mapped the device first: drop ours and use theirs.
    await tx.delete(profiles).where(eq(profiles.id, profile!.id));
    const [winner] = await tx
      .select({ profileId: devices.profileId })
      .from(devices)
      .where(eq(devices.deviceUid, deviceUid));
    return winner!.profileId;
  });
}

/** The profile of a phone, locked for the sign-in transaction. */
export async function lockPhoneProfile(tx: Tx, phone: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.phone, phone))
    .for('update');
  return row?.id;
}

/** Gives an anonymous profile a phone; undefined when the profile is not anonymous any more. */
export async function adoptAnonymousProfile(
  tx: Tx,
  profileId: number,
  phone: string,
): Promise<number | undefined> {
  const [row] = await tx
    .update(profiles)
    .set({ phone })
    .where(and(eq(profiles.id, profileId), isNull(profiles.phone)))
    .returning({ id: profiles.id });
  if (!row) return undefined;
  // The device no longer has an anonymous profile: after logout it must get a fresh one, not this.
  await tx.delete(devices).where(eq(devices.profileId, profileId));
  return row.id;
}

/** A new profile for a phone. */
export async function createPhoneProfile(tx: Tx, phone: string, now: Date): Promise<number> {
  const [row] = await tx.insert(profiles).values({ phone, createdAt: now }).returning({ id: profiles.id });
  return row!.id;
}

// ── sessions and refresh tokens ─────────────────────────────────────────────────────────────────

/** Opens a session for a profile. */
export async function createSession(
  db: Queryable,
  values: { profileId: number; deviceUid: string | null; now: Date },
): Promise<string> {
  const id = randomUUID();
  await db
    .insert(sessions)
    .values({ id, profileId: values.profileId, deviceUid: values.deviceUid, createdAt: values.now });
  return id;
}

/** A session that has not ended. */
export async function activeSession(db: Queryable, id: string) {
  const [row] = await db
    .select({ id: sessions.id, profileId: sessions.profileId, deviceUid: sessions.deviceUid })
    .from(sessions)
    .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
  return row;
}

/** Ends a session; its access and refresh tokens are refused from now on. */
export async function endSession(db: Queryable, id: string, reason: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
}

/** Stores a refresh token's hash. */
export async function insertRefreshToken(
  db: Queryable,
  values: { hash: string; sessionId: string; parentHash: string | null; now: Date },
): Promise<void> {
  await db.insert(refreshTokens).values({
    hash: values.hash,
    sessionId: values.sessionId,
    parentHash: values.parentHash,
    createdAt: values.now,
  });
}

/** A refresh token with its session, row-locked so concurrent refreshes of one token take turns. */
export async function lockRefreshToken(tx: Tx, hash: string) {
  const [row] = await tx
    .select({
      hash: refreshTokens.hash,
      rotatedAt: refreshTokens.rotatedAt,
      sessionId: sessions.id,
      profileId: sessions.profileId,
      endedAt: sessions.endedAt,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.hash, hash))
    .for('update', { of: refreshTokens });
  return row;
}

/** Marks a refresh token as rotated (used once). */
export async function markRotated(tx: Tx, hash: string, now: Date): Promise<void> {
  await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.hash, hash));
}

// ── sign-in attempts ─────────────────────────────────────────────────────────────────────────────

/** A stored sign-in attempt. */
export type Attempt = typeof signInAttempts.$inferSelect;

/** The newest attempt for a phone. */
export async function latestAttempt(db: Queryable, phone: string): Promise<Attempt | undefined> {
  const [row] = await db
    .select()
    .from(signInAttempts)
    .where(eq(signInAttempts.phone, phone))
    .orderBy(desc(signInAttempts.createdAt))
    .limit(1);
  return row;
}

/** An attempt by id (the async uuid). */
export async function attemptById(db: Queryable, id: string): Promise<Attempt | undefined> {
  const [row] = await db.select().from(signInAttempts).where(eq(signInAttempts.id, id));
  return row;
}

/**
 * Serialises sendAuth per phone for the rest of the transaction, so two parallel requests cannot both
 * pass the 60-second resend check.
 */
export async function lockPhoneForSend(tx: Tx, phoneLockKey: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${1801}, ${phoneLockKey})`);
}

/** Stores a new attempt and retires the phone's earlier pending ones: only the newest code works. */
export async function insertAttempt(tx: Tx, attempt: typeof signInAttempts.$inferInsert): Promise<void> {
  await tx
    .update(signInAttempts)
    .set({ status: 'expired' })
    .where(and(eq(signInAttempts.phone, attempt.phone), eq(signInAttempts.status, 'pending')));
  await tx.insert(signInAttempts).values(attempt);
}

/**
 * Reserves one try of a pending, unexpired attempt before its code is compared. The increment and
 * the `< maxTries` guard are one UPDATE, so on PostgreSQL no number of parallel requests gets more
 * than maxTries comparisons. Undefined when the attempt is expired, used up or not pending.
 */
export async function reserveTry(db: Queryable, id: string, maxTries: number, now: Date) {
  const [row] = await db
    .update(signInAttempts)
    .set({ wrongTries: sql`${signInAttempts.wrongTries} + 1` })
    .where(
      and(
        eq(signInAttempts.id, id),
        eq(signInAttempts.status, 'pending'),
        lt(signInAttempts.wrongTries, maxTries),
        gt(signInAttempts.expiresAt, now),
      ),
    )
    .returning({ wrongTries: signInAttempts.wrongTries, codeHmac: signInAttempts.codeHmac });
  return row;
}

/**
 * Moves a pending attempt whose code was right to `status`, giving back the reserved try. False when
 * a parallel request moved it first.
 */
export async function settleAttempt(
  db: Queryable,
  id: string,
  status: 'accepted' | 'rejected' | 'used',
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(signInAttempts)
    .set({ status, wrongTries: sql`${signInAttempts.wrongTries} - 1`, expiresAt })
    .where(and(eq(signInAttempts.id, id), eq(signInAttempts.status, 'pending')))
    .returning({ id: signInAttempts.id });
  return rows.length > 0;
}

/** Removes an attempt whose code never went out. */
export async function deleteAttempt(db: Queryable, id: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.id, id));
}

/** Ends an attempt whose tries are used up. */
export async function expireAttempt(db: Queryable, id: string): Promise<void> {
  await db
    .update(signInAttempts)
    .set({ status: 'expired' })
    .where(and(eq(signInAttempts.id, id), eq(signInAttempts.status, 'pending')));
}

/** Marks that no push went out for an attempt (the push provider failed). */
export async function clearPush(db: Queryable, id: string): Promise<void> {
  await db.update(signInAttempts).set({ push: false }).where(eq(signInAttempts.id, id));
}

/** Spends an accepted attempt for the phone's login: one accepted attempt signs in once. */
export async function useAcceptedAttempt(
  db: Queryable,
  id: string,
  phone: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(signInAttempts)
    .set({ status: 'used' })
    .where(
      and(
        eq(signInAttempts.id, id),
        eq(signInAttempts.phone, phone),
        eq(signInAttempts.status, 'accepted'),
        gt(signInAttempts.expiresAt, now),
      ),
    )
    .returning({ id: signInAttempts.id });
  return rows.length > 0;
}

/** Deletes attempts older than `before` (their sandbox pushes go with them). */
export async function pruneAttempts(db: Queryable, before: Date): Promise<void> {
  await db.delete(signInAttempts).where(lt(signInAttempts.createdAt, before));
}
