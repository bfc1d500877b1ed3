import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { packages, profilePackages, profiles } from '../../db/schema';

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

const active = (profileId: number, packageId: number, now: Date) =>
  and(
    eq(profilePackages.profileId, profileId),
    eq(profilePackages.packageId, packageId),
    or(isNull(profilePackages.validUntil), gt(profilePackages.validUntil, now)),
  );

/**
 * Gives a profile a package from now until `until` (null: open-ended), replacing the period it holds
 * now, in one transaction. Answers the profile id and package name.
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
    await tx
      .update(profilePackages)
      .set({ validUntil: now })
      .where(active(profileId, packageId, now));
    await tx
      .insert(profilePackages)
      .values({ profileId, packageId, validFrom: now, validUntil: until, source, createdAt: now });
    return { profileId, packageName: pack.name };
  });
}

/** Ends a profile's current periods of a package now; answers how many were ended (0: held none). */
export async function revokePackage(
  db: Db,
  options: { profile: ProfileRef; packageId: number; now: Date },
): Promise<{ profileId: number; ended: number }> {
  const { packageId, now } = options;
  await requirePackage(db, packageId);
  const profileId = await profileIdOf(db, options.profile, now, false);
  const ended = await db
    .update(profilePackages)
    .set({ validUntil: sql`greatest(${profilePackages.validFrom}, ${now.toISOString()}::timestamptz)` })
    .where(active(profileId, packageId, now))
    .returning({ id: profilePackages.id });
  return { profileId, ended: ended.length };
}
