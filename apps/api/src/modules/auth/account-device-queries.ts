import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { profiles, sessions } from '../../db/schema';

// The «Устройства» page's SQL (docs/decisions/057): a device is a stored session that has not ended.

/** A profile's devices: its live stored sessions, most recently active first. */
export async function liveSessionsOf(db: Queryable, profileId: number) {
  return db
    .select({
      sessionId: sessions.id,
      platform: sessions.platform,
      createdAt: sessions.createdAt,
      seenAt: sessions.seenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.profileId, profileId), isNull(sessions.endedAt)))
    .orderBy(desc(sessions.createdAt))
    .limit(MAX_DEVICES_LISTED);
}

/** Devices listed at most: a profile with more has been shared far beyond a household. */
export const MAX_DEVICES_LISTED = 200;

/**
 * Ends one live session of the profile; true when it did. Another profile's session, or one already
 * ended, is left alone and answers false (the caller says "not found" either way).
 */
export async function endSessionOf(
  db: Queryable,
  profileId: number,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ endedAt: now, endReason: 'signed_out' })
    .where(and(eq(sessions.id, sessionId), eq(sessions.profileId, profileId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every live session of the profile but `keep`; answers the ended ids. */
export async function endOtherSessions(
  db: Queryable,
  profileId: number,
  keep: string,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ endedAt: now, endReason: 'signed_out' })
    .where(and(eq(sessions.profileId, profileId), isNull(sessions.endedAt), ne(sessions.id, keep)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** Notes a session's activity (a token refresh): when, and the platform it said it is, when known. */
export async function touchSession(
  db: Queryable,
  sessionId: string,
  platform: string | null,
  now: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set(platform === null ? { seenAt: now } : { seenAt: now, platform })
    .where(eq(sessions.id, sessionId));
}

/** When a profile was made: an anonymous profile is made at its device's first visit. */
export async function profileCreatedAt(db: Queryable, profileId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: profiles.createdAt })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row?.createdAt;
}
