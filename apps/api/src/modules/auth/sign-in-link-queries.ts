import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { profiles, signInLinks } from '../../db/schema';

// The operator's one-time sign-in links (sign-in-links.ts): stored by hash, spent once.

/** A live (not merged away) profile's phone; undefined when there is no such profile. */
export async function liveProfilePhone(
  db: Queryable,
  profileId: number,
): Promise<{ phone: string | null } | undefined> {
  const [profile] = await db
    .select({ phone: profiles.phone })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), isNull(profiles.mergedIntoId)));
  return profile;
}

/** Stores a link by its hash. */
export async function insertSignInLink(db: Queryable, link: typeof signInLinks.$inferInsert): Promise<void> {
  await db.insert(signInLinks).values(link);
}

/** The profile of the unspent link with this hash that is unexpired at `now`; undefined when none. */
export async function unspentSignInLinkProfile(
  db: Queryable,
  hash: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .select({ profileId: signInLinks.profileId })
    .from(signInLinks)
    .where(and(eq(signInLinks.hash, hash), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)));
  return row?.profileId;
}

/**
 * Marks the link with this hash used at `now` if it is unspent, unexpired and its profile is live, in
 * ONE conditional UPDATE … RETURNING; answers the link and its profile, undefined when nothing changed.
 */
export async function markSignInLinkUsed(db: Queryable, hash: string, now: Date) {
  const [row] = await db
    .update(signInLinks)
    .set({ usedAt: now })
    .from(profiles)
    .where(
      and(
        eq(signInLinks.hash, hash),
        isNull(signInLinks.usedAt),
        gt(signInLinks.expiresAt, now),
        eq(profiles.id, signInLinks.profileId),
        isNull(profiles.mergedIntoId),
      ),
    )
    .returning({
      profileId: signInLinks.profileId,
      deviceUid: signInLinks.deviceUid,
      phone: profiles.phone,
      identityLinked: profiles.identityLinked,
    });
  return row;
}
