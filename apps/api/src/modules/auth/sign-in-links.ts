import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client';
import { isSignedIn } from './queries';
import { insertSignInLink, liveProfilePhone, markSignInLinkUsed } from './sign-in-link-queries';
import { hashRefreshToken } from './tokens';

/** Query parameter of the web app's address that carries a sign-in link's value (SPEC §4 startup). */
export const SIGN_IN_LINK_PARAM = 'auth';
/** Minutes a sign-in link lives unless the operator says otherwise. */
export const SIGN_IN_LINK_DEFAULT_TTL_MINUTES = 10;
/** The longest life the operator may give a link: a day (links are for handing over now, not later). */
export const SIGN_IN_LINK_MAX_TTL_MINUTES = 24 * 60;

/** A new link's value (32 random bytes, base64url) and its SHA-256, the only thing stored. */
export function newSignInLinkValue(): { value: string; hash: string } {
  const value = randomBytes(32).toString('base64url');
  return { value, hash: hashSignInLinkValue(value) };
}

/** SHA-256 of a link's value, hex: 256 random bits need no key or stretching (as refresh tokens). */
export function hashSignInLinkValue(value: string): string {
  return hashRefreshToken(value);
}

/** A refusal of the operator command: the profile to sign in does not exist (or was merged away). */
export class SignInLinkError extends Error {}

/**
 * Stores a one-time link for `profileId` on `deviceUid`, valid until `expiresAt`; answers the value to
 * put in the address. Throws SignInLinkError when the profile does not exist or was retired.
 */
export async function createSignInLink(
  db: Queryable,
  input: { profileId: number; deviceUid: string; expiresAt: Date; now: Date },
): Promise<{ value: string; phone: string | null }> {
  const profile = await liveProfilePhone(db, input.profileId);
  if (!profile) throw new SignInLinkError(`profile ${input.profileId} does not exist`);
  const { value, hash } = newSignInLinkValue();
  await insertSignInLink(db, {
    hash,
    profileId: input.profileId,
    deviceUid: input.deviceUid,
    createdAt: input.now,
    expiresAt: input.expiresAt,
  });
  return { value, phone: profile.phone };
}

/** What a spent link signs in. */
export interface SpentSignInLink {
  profileId: number;
  deviceUid: string;
  phone: string | null;
  /** The profile is signed in (`isSignedIn` in queries.ts). */
  signedIn: boolean;
}

/**
 * Spends the link with this hash, if it is unspent, unexpired at `now` and its profile is live, in ONE
 * conditional UPDATE … RETURNING: of two exchanges of one value at once, the second waits for the
 * first's row lock, re-checks `used_at` and updates nothing. Undefined when there is nothing to spend.
 */
export async function spendSignInLink(
  db: Queryable,
  hash: string,
  now: Date,
): Promise<SpentSignInLink | undefined> {
  const row = await markSignInLinkUsed(db, hash, now);
  if (!row) return undefined;
  const { identityLinked, ...link } = row;
  return { ...link, signedIn: isSignedIn(row) };
}
