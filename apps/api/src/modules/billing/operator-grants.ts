import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { packages, profiles, subscriptions } from '../../db/schema';
import { HAND_STORE } from './subscription-rules';
import { liveSubscription } from './subscriptions';

// package:grant and package:revoke (src/cli/run-package-access.ts): support's tools over the same
// subscriptions payments make. A grant is a store 'hand' subscription: shown, never cancelled or
// restored by the viewer (SPEC §4, §6).

/** A profile named by id, or by phone (found, or created as sign-in would create it). */
export type ProfileRef = { profileId: number } | { phone: string };

/** Thrown when the profile or package of a grant does not exist. */
export class HoldingError extends Error {
  override name = 'HoldingError';
}

async function profileIdOf(db: Db, ref: ProfileRef, now: Date, create: boolean): Promise<number> {
  if ('profileId' in ref) {
    const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, ref.profileId));
    if (!row) throw new HoldingError(`no profile ${ref.profileId}`);
    return row.id;
  }
  // Sign-in finds a phone's profile by its phone, so a profile made here is the one the viewer gets.
  if (create) await db.insert(profiles).values({ phone: ref.phone, createdAt: now }).onConflictDoNothing();
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.phone, ref.phone));
  if (!row) throw new HoldingError(`no profile for phone ${ref.phone}`);
  return row.id;
}

async function requirePackage(db: Db, packageId: number) {
  const [row] = await db
    .select({ id: packages.id, name: packages.name })
    .from(packages)
    .where(eq(packages.id, packageId));
  if (!row) throw new HoldingError(`no package ${packageId}`);
  return row;
}

/**
 * Gives a profile a package from now until `until` (null: open-ended), replacing the live
 * subscription it has to it (whatever its store: support decides), in one transaction. Answers the
 * profile id and package name.
 */
export async function grantPackage(
  db: Db,
  options: { profile: ProfileRef; packageId: number; until: Date | null; now: Date; source: string },
): Promise<{ profileId: number; packageName: string }> {
  const { packageId, until, now, source } = options;
  if (until !== null && until <= now) throw new HoldingError('--until must be in the future');
  return db.transaction(async (tx) => {
    const pack = await requirePackage(tx as unknown as Db, packageId);
    const profileId = await profileIdOf(tx as unknown as Db, options.profile, now, true);
    const current = await liveSubscription(tx, profileId, packageId, { lock: true });
    if (current) {
      await tx
        .update(subscriptions)
        .set({ endedAt: now, autoRenew: false, updatedAt: now })
        .where(eq(subscriptions.id, current.id));
    }
    await tx.insert(subscriptions).values({
      profileId,
      packageId,
      status: 'confirmed',
      storeName: HAND_STORE,
      source,
      periodStart: now,
      periodEnd: until,
      autoRenew: false,
      createdAt: now,
      updatedAt: now,
    });
    return { profileId, packageName: pack.name };
  });
}

/**
 * Ends a profile's live subscription to a package now; answers how many were ended (0: held none).
 * Refused while a renewal holds the subscription (its claim, `renewal_claimed_until`: a charge may be in
 * flight): ended then, a charge that succeeds would renew an ended row — paid, no access. The claim
 * lasts at most the renewal lease; the error says until when.
 */
export async function revokePackage(
  db: Db,
  options: { profile: ProfileRef; packageId: number; now: Date },
): Promise<{ profileId: number; ended: number }> {
  const { packageId, now } = options;
  await requirePackage(db, packageId);
  const profileId = await profileIdOf(db, options.profile, now, false);
  return db.transaction(async (tx) => {
    const live = and(
      eq(subscriptions.profileId, profileId),
      eq(subscriptions.packageId, packageId),
      isNull(subscriptions.endedAt),
      or(isNull(subscriptions.periodEnd), gt(subscriptions.periodEnd, now)),
    );
    // The live rows locked first: the renewal's claim skips locked rows (SKIP LOCKED), so none can be
    // claimed between this check and the update.
    const rows = await tx
      .select({ id: subscriptions.id, until: subscriptions.renewalClaimedUntil })
      .from(subscriptions)
      .where(live)
      .for('update');
    const claimed = rows.find((row) => row.until !== null && row.until > now);
    if (claimed?.until)
      throw new HoldingError(
        `a renewal charge of subscription ${claimed.id} may be in flight until ${claimed.until.toISOString()}: run it again after that`,
      );
    const ended = await tx
      .update(subscriptions)
      .set({
        endedAt: sql`greatest(${subscriptions.periodStart}, ${now.toISOString()}::timestamptz)`,
        autoRenew: false,
        updatedAt: now,
      })
      .where(live)
      .returning({ id: subscriptions.id });
    return { profileId, ended: ended.length };
  });
}
