import type { Db, Queryable } from '../../db/client';
import { insertPhoneProfile, packageNameById, profileIdById, profileIdByPhone } from './queries';
import {
  endHeld,
  heldForUpdate,
  insertSubscription,
  liveSubscription,
  updateSubscription,
} from './subscription-queries';
import { HAND_STORE } from './subscription-rules';

// package:grant and package:revoke (src/cli/run-package-access.ts): support's tools over the same
// subscriptions payments make. A grant is a store 'hand' subscription: shown, never cancelled or
// restored by the viewer (SPEC §4, §6).

/** A profile named by id, or by phone (found, or created as sign-in would create it). */
export type ProfileRef = { profileId: number } | { phone: string };

/** Thrown when the profile or package of a grant does not exist. */
export class HoldingError extends Error {
  override name = 'HoldingError';
}

async function profileIdOf(db: Queryable, ref: ProfileRef, now: Date, create: boolean): Promise<number> {
  if ('profileId' in ref) {
    const id = await profileIdById(db, ref.profileId);
    if (id === undefined) throw new HoldingError(`no profile ${ref.profileId}`);
    return id;
  }
  // Sign-in finds a phone's profile by its phone, so a profile made here is the one the viewer gets.
  if (create) await insertPhoneProfile(db, ref.phone, now);
  const id = await profileIdByPhone(db, ref.phone);
  if (id === undefined) throw new HoldingError(`no profile for phone ${ref.phone}`);
  return id;
}

async function requirePackage(db: Queryable, packageId: number) {
  const row = await packageNameById(db, packageId);
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
    const pack = await requirePackage(tx, packageId);
    const profileId = await profileIdOf(tx, options.profile, now, true);
    const current = await liveSubscription(tx, profileId, packageId, { lock: true });
    if (current) {
      await updateSubscription(tx, current.id, { endedAt: now, autoRenew: false, updatedAt: now });
    }
    await insertSubscription(tx, {
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
    // The live rows locked first: the renewal's claim skips locked rows (SKIP LOCKED), so none can be
    // claimed between this check and the update.
    const rows = await heldForUpdate(tx, profileId, packageId, now);
    const claimed = rows.find((row) => row.until !== null && row.until > now);
    if (claimed?.until)
      throw new HoldingError(
        `a renewal charge of subscription ${claimed.id} may be in flight until ${claimed.until.toISOString()}: run it again after that`,
      );
    const ended = await endHeld(tx, profileId, packageId, now);
    return { profileId, ended };
  });
}
