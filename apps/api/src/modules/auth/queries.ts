import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type Queryable, rowsOf, type Tx } from '../../db/client';
import { devices, profiles, refreshTokens, sessions, signInAttempts } from '../../db/schema';

/** Anything that runs queries: the database or an open transaction. */

// ── profiles and devices ─────────────────────────────────────────────────────────────────────────

/** A device's anonymous profile asked for: `create` also makes one when the device has none. */
export interface AnonymousProfileRequest {
  deviceUid: string;
  create: boolean;
}

/** Anonymous profiles are marked seen at most once a day: the mark only has to be good to the day. */
const SEEN_RESOLUTION_MS = 24 * 3600 * 1000;

/**
 * The anonymous profile of each device — created on first sight when the request says `create` —
 * in as few statements as possible: any number of devices at once (the batcher groups concurrent
 * requests). Answers in request order; undefined for a device without one that was not to be created.
 * Sessions are not written here: an anonymous session is stored on its first change (docs/decisions/002).
 * Creation runs in ONE statement, atomic without a transaction:
 *
 * - `known`: devices whose anonymous profile exists. `for key share` waits for a sign-in that is
 *   giving the profile a phone right now (setting the unique phone takes the row's FOR UPDATE lock),
 *   then re-checks `phone is null`, so no device is answered with a profile that was just signed in.
 * - `fresh`: a profile id for each unknown device (the sequence is only touched on first sight).
 * - `mapped`: device rows for them; on a race with another statement mapping the same device,
 *   `do update` waits for it and returns its profile (`do nothing` would return no row).
 * - `created`: the profile rows, only for devices this statement mapped: a race loser creates none.
 *   Foreign keys are checked at the end of the statement, so inserting the device first is fine.
 */
export async function anonymousProfiles(
  db: Queryable,
  requests: readonly AnonymousProfileRequest[],
  now: Date,
): Promise<Array<number | undefined>> {
  // Nearly every request is a repeat visit: a plain read answers those at a fraction of the cost of
  // the statement below (which plans five CTEs and locks rows). A profile that a sign-in is adopting
  // right now may still be read as anonymous here; the session opened on it is then ended by that
  // sign-in, like one opened a moment before it (docs/decisions/002).
  const known = await knownAnonymousProfiles(
    db,
    requests.map((r) => r.deviceUid),
    now,
  );
  const missing = [
    ...new Set(requests.filter((r) => r.create && !known.has(r.deviceUid)).map((r) => r.deviceUid)),
  ];
  if (missing.length > 0) {
    const created = await findOrCreateAnonymousProfiles(db, missing, now);
    missing.forEach((deviceUid, i) => {
      known.set(deviceUid, created[i]!);
    });
  }
  return requests.map((r) => known.get(r.deviceUid));
}

/**
 * The anonymous profiles of the devices that have one, read without locks. Those last marked seen a
 * day or more ago are marked now (one small write per profile a day at most, none on most visits).
 */
async function knownAnonymousProfiles(
  db: Queryable,
  deviceUids: readonly string[],
  now: Date,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ deviceUid: devices.deviceUid, profileId: devices.profileId, seenAt: profiles.seenAt })
    .from(devices)
    .innerJoin(profiles, eq(profiles.id, devices.profileId))
    // One array parameter rather than one per device: a fifth less per statement on PGlite, measured.
    .where(
      and(
        sql`${devices.deviceUid} = any(${sql.param([...new Set(deviceUids)])}::varchar[])`,
        // Anonymous (isSignedIn's rule): no phone and no provider's link.
        isNull(profiles.phone),
        eq(profiles.identityLinked, false),
        isNull(profiles.mergedIntoId),
      ),
    );
  const stale = rows.filter((r) => now.getTime() - r.seenAt.getTime() >= SEEN_RESOLUTION_MS);
  if (stale.length > 0) {
    await db
      .update(profiles)
      .set({ seenAt: now })
      .where(
        and(
          sql`${profiles.id} = any(${sql.param(stale.map((r) => r.profileId))}::int[])`,
          lt(profiles.seenAt, now),
        ),
      );
  }
  return new Map(rows.map((r) => [r.deviceUid, r.profileId]));
}

async function findOrCreateAnonymousProfiles(
  db: Queryable,
  deviceUids: readonly string[],
  now: Date,
): Promise<number[]> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with wanted as (
      select distinct device_uid from unnest(${sql.param([...deviceUids])}::varchar[]) as t(device_uid)
    ),
    known as (
      select d.device_uid, d.profile_id
      from devices d join profiles p on p.id = d.profile_id
      where d.device_uid in (select device_uid from wanted) and p.phone is null and not p.identity_linked
        and p.merged_into_id is null
      for key share of p
    ),
    fresh as (
      select w.device_uid, nextval(pg_get_serial_sequence('profiles', 'id'))::int as profile_id
      from wanted w
      where not exists (select 1 from known k where k.device_uid = w.device_uid)
    ),
    mapped as (
      insert into devices (device_uid, profile_id, created_at)
      select device_uid, profile_id, ${at}::timestamptz from fresh
      -- One order for every statement: two batches mapping the same new devices cannot deadlock.
      order by device_uid
      on conflict (device_uid) do update set device_uid = excluded.device_uid
      returning device_uid, profile_id
    ),
    created as (
      insert into profiles (id, created_at, seen_at)
      select m.profile_id, ${at}::timestamptz, ${at}::timestamptz
      from mapped m join fresh f on f.device_uid = m.device_uid and f.profile_id = m.profile_id
    )
    select device_uid, profile_id from known
    union all
    select device_uid, profile_id from mapped
  `);
  const profileOf = new Map(
    rowsOf<{ device_uid: string; profile_id: number }>(result).map((r) => [r.device_uid, r.profile_id]),
  );
  return deviceUids.map((deviceUid) => {
    const profileId = profileOf.get(deviceUid);
    if (profileId === undefined) throw new Error('anonymous profile was not found or created');
    return profileId;
  });
}

/**
 * The profile of a phone, locked for the sign-in transaction: NO KEY UPDATE serialises sign-ins of the
 * phone but lets a fulfilment insert the profile's rows meanwhile (their foreign keys take KEY SHARE),
 * so a sign-in moving an anonymous buyer's holdings here never deadlocks with one.
 */
export async function lockPhoneProfile(tx: Tx, phone: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.phone, phone))
    .for('no key update');
  return row?.id;
}

/**
 * Gives an anonymous profile a phone and ends every session still open on it (the caller's and any
 * other tab's or token's on that device): a token issued before sign-in must not gain the phone's
 * rights. Undefined when the profile is not anonymous any more; otherwise the ended session ids.
 */
export async function adoptAnonymousProfile(
  tx: Tx,
  profileId: number,
  phone: string,
  now: Date,
): Promise<{ profileId: number; endedSessions: string[] } | undefined> {
  // Setting the unique phone column takes the row's FOR UPDATE lock: an anonymous sign-up holding
  // FOR KEY SHARE on the profile finishes first (its session is ended below), one arriving later waits
  // and then sees the phone (openAnonymousSessions).
  const [row] = await tx
    .update(profiles)
    .set({ phone })
    .where(and(eq(profiles.id, profileId), isNull(profiles.phone), isNull(profiles.mergedIntoId)))
    .returning({ id: profiles.id });
  if (!row) return undefined;
  return { profileId: row.id, endedSessions: await detachAnonymousProfile(tx, profileId, now) };
}

/**
 * Retires an anonymous profile whose holdings moved to the phone's profile `into` (billing's
 * moveAnonymousHoldings, same transaction): it is nobody's anonymous profile any more, and its
 * sessions end as on adoption. Answers the ended session ids.
 */
export async function retireAnonymousProfile(
  tx: Tx,
  profileId: number,
  into: number,
  now: Date,
): Promise<string[]> {
  await tx
    .update(profiles)
    .set({ mergedIntoId: into })
    .where(and(eq(profiles.id, profileId), isNull(profiles.phone), isNull(profiles.mergedIntoId)));
  return detachAnonymousProfile(tx, profileId, now);
}

/** Unmaps a profile from its devices and ends its open sessions; answers their ids. */
export async function detachAnonymousProfile(tx: Tx, profileId: number, now: Date): Promise<string[]> {
  // The device no longer has an anonymous profile: after logout it must get a fresh one, not this.
  await tx.delete(devices).where(eq(devices.profileId, profileId));
  const ended = await tx
    .update(sessions)
    .set({ endedAt: now, endReason: 'signed_in' })
    .where(and(eq(sessions.profileId, profileId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.map((s) => s.id);
}

/** A profile's phone (null: none, or no such profile). */
export async function profilePhone(db: Queryable, profileId: number): Promise<string | null> {
  const [row] = await db.select({ phone: profiles.phone }).from(profiles).where(eq(profiles.id, profileId));
  return row?.phone ?? null;
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
  values: { profileId: number; deviceUid: string | null; now: Date; platform?: string | null },
): Promise<string> {
  const id = randomUUID();
  await db.insert(sessions).values({
    id,
    profileId: values.profileId,
    deviceUid: values.deviceUid,
    createdAt: values.now,
    platform: values.platform ?? null,
  });
  return id;
}

/** A session that has not ended, with its profile's phone (the request's caller). */
export async function activeSession(db: Queryable, id: string) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      profileId: sessions.profileId,
      deviceUid: sessions.deviceUid,
      phone: profiles.phone,
      identityLinked: profiles.identityLinked,
    })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.profileId))
    .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
  if (!row) return undefined;
  const { identityLinked, ...session } = row;
  return { ...session, signedIn: isSignedIn(row) };
}

/** A session to end: a not-yet-stored anonymous one is stored ended (a tombstone). */
export interface SessionToEnd {
  sessionId: string;
  profileId: number;
  deviceUid: string | null;
}

/**
 * Ends a session; its access and refresh tokens are refused from now on. An anonymous session that
 * was never stored gets its row now, already ended, so every instance refuses it.
 */
export async function endSession(
  db: Queryable,
  session: SessionToEnd,
  reason: string,
  now: Date,
): Promise<void> {
  await db
    .insert(sessions)
    .values({
      id: session.sessionId,
      profileId: session.profileId,
      deviceUid: session.deviceUid,
      createdAt: now,
      endedAt: now,
      endReason: reason,
    })
    .onConflictDoUpdate({
      target: sessions.id,
      set: { endedAt: now, endReason: reason },
      setWhere: isNull(sessions.endedAt),
    });
}

/**
 * The one rule of who is anonymous (docs/decisions/041, 042): a profile is signed in when it has a
 * phone or a provider's subject is linked to it (`identity_linked`); anonymous otherwise.
 */
export function isSignedIn(profile: { phone: string | null; identityLinked: boolean }): boolean {
  return profile.phone !== null || profile.identityLinked;
}

/**
 * A not-yet-stored anonymous session as the database sees it: live while no row ended it and its
 * profile is still anonymous (isSignedIn). Undefined when it is not live (or its profile is gone).
 */
export async function anonymousSessionState(
  db: Queryable,
  sessionId: string,
  profileId: number,
): Promise<{ phone: string | null; signedIn: boolean } | undefined> {
  const [row] = await db
    .select({
      phone: profiles.phone,
      identityLinked: profiles.identityLinked,
      mergedIntoId: profiles.mergedIntoId,
      endedAt: sessions.endedAt,
      stored: sessions.id,
    })
    .from(profiles)
    .leftJoin(sessions, and(eq(sessions.id, sessionId), eq(sessions.profileId, profiles.id)))
    .where(eq(profiles.id, profileId));
  if (!row) return undefined;
  // Stored: its row decides (a phone or link gained since then ended it on adoption). Not stored:
  // anonymous only — a profile adopted through a provider keeps no phone, but its old tokens end.
  if (row.stored !== null)
    return row.endedAt === null ? { phone: row.phone, signedIn: isSignedIn(row) } : undefined;
  return !isSignedIn(row) && row.mergedIntoId === null ? { phone: null, signedIn: false } : undefined;
}

/**
 * Stores an anonymous session at the first use of its derived refresh token, unless it is stored
 * already. The profile is read `for key share`, so this waits for a sign-in giving it a phone right
 * now (or a provider's link: linking locks the row `for update`); a signed-in profile (isSignedIn)
 * or a gone one gets no new session: false.
 */
export async function storeAnonymousSession(
  tx: Tx,
  values: { sessionId: string; profileId: number; deviceUid: string; createdAt: Date },
): Promise<boolean> {
  const [existing] = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.id, values.sessionId));
  if (existing) return true;
  const [profile] = await tx
    .select({
      phone: profiles.phone,
      identityLinked: profiles.identityLinked,
      mergedIntoId: profiles.mergedIntoId,
    })
    .from(profiles)
    .where(eq(profiles.id, values.profileId))
    .for('key share');
  if (!profile || isSignedIn(profile) || profile.mergedIntoId !== null) return false;
  await tx
    .insert(sessions)
    .values({
      id: values.sessionId,
      profileId: values.profileId,
      deviceUid: values.deviceUid,
      createdAt: values.createdAt,
    })
    .onConflictDoNothing();
  return true;
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

/** Stores a derived refresh token's hash at its first use (a parallel first use may have stored it). */
export async function storeDerivedRefreshToken(
  tx: Tx,
  values: { hash: string; sessionId: string; createdAt: Date },
): Promise<void> {
  await tx
    .insert(refreshTokens)
    .values({ hash: values.hash, sessionId: values.sessionId, createdAt: values.createdAt })
    .onConflictDoNothing();
}

/** A refresh token with its session, row-locked so concurrent refreshes of one token take turns. */
export async function lockRefreshToken(tx: Tx, hash: string) {
  const [row] = await tx
    .select({
      hash: refreshTokens.hash,
      rotatedAt: refreshTokens.rotatedAt,
      sessionId: sessions.id,
      profileId: sessions.profileId,
      deviceUid: sessions.deviceUid,
      endedAt: sessions.endedAt,
      phone: profiles.phone,
      identityLinked: profiles.identityLinked,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(profiles, eq(profiles.id, sessions.profileId))
    .where(eq(refreshTokens.hash, hash))
    .for('update', { of: refreshTokens });
  return row;
}

/** Marks a refresh token as rotated (used once). */
export async function markRotated(tx: Tx, hash: string, now: Date): Promise<void> {
  await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.hash, hash));
}

/**
 * Whether the device ever had a session on the phone's profile: a device the phone's owner signed in
 * on before, whose sendAuth gets its own budget (docs/decisions/021).
 */
export async function deviceSignedInTo(db: Queryable, phone: string, deviceUid: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.profileId))
    .where(and(eq(profiles.phone, phone), eq(sessions.deviceUid, deviceUid)))
    .limit(1);
  return row !== undefined;
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

/** The newest attempt for a phone asked for by a session (the one its code may be checked against). */
export async function latestAttemptOf(
  db: Queryable,
  phone: string,
  sessionId: string,
): Promise<Attempt | undefined> {
  const [row] = await db
    .select()
    .from(signInAttempts)
    .where(and(eq(signInAttempts.phone, phone), eq(signInAttempts.sessionId, sessionId)))
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

/**
 * Stores a new attempt and retires the earlier pending ones the same session asked for the phone:
 * only its newest code works. Other sessions' codes stay: someone else's sendAuth must not void the
 * code a viewer is typing (docs/decisions/021).
 */
export async function insertAttempt(tx: Tx, attempt: typeof signInAttempts.$inferInsert): Promise<void> {
  await tx
    .update(signInAttempts)
    .set({ status: 'expired' })
    .where(
      and(
        eq(signInAttempts.phone, attempt.phone),
        eq(signInAttempts.status, 'pending'),
        attempt.sessionId
          ? eq(signInAttempts.sessionId, attempt.sessionId)
          : isNull(signInAttempts.sessionId),
      ),
    );
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

/**
 * Spends an accepted attempt for the phone's login, by the session that asked for it: one accepted
 * attempt signs in once.
 */
export async function useAcceptedAttempt(
  db: Queryable,
  id: string,
  phone: string,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(signInAttempts)
    .set({ status: 'used' })
    .where(
      and(
        eq(signInAttempts.id, id),
        eq(signInAttempts.phone, phone),
        eq(signInAttempts.sessionId, sessionId),
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
