import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { SessionContext } from '../../http/session-context';
import { endOtherSessions, endSessionOf, touchSession } from './account-device-queries';
import { AnonymousRefreshTokens } from './anonymous-refresh';
import type { DeviceProfileCache } from './device-cache';
import * as q from './queries';
import type { SessionCache } from './session-cache';
import type { SessionChannel } from './session-channel';
import type { SignInLinkLimits } from './sign-in-link-limits';
import { unspentSignInLinkProfile } from './sign-in-link-queries';
import { hashSignInLinkValue, spendSignInLink } from './sign-in-links';
import { type AccessTokens, hashRefreshToken, newRefreshToken } from './tokens';

/**
 * The device's anonymous profile (see AnonymousProfileBatcher): undefined when it has none, unless
 * `create`, which creates (and commits) one.
 */
export type AnonymousProfileFinder = (deviceUid: string, create: boolean) => Promise<number | undefined>;

/** Admits the creation of an anonymous profile, or throws (AnonymousProfileLimits). */
export interface NewDeviceGate {
  admit(deviceUid: string, ip: string): Promise<void>;
}

/** What the session rules need. */
export interface SessionDeps {
  /**
   * Moves what an anonymous profile holds into the account it signs in to, in the sign-in's
   * transaction; true when anything moved (modules/billing's moveAnonymousHoldings).
   */
  moveHoldings: (tx: Tx, from: number, to: number, now: Date) => Promise<boolean>;
  db: Db;
  access: AccessTokens;
  clock: Clock;
  /** Seconds a rotated refresh token still yields a sibling pair. */
  refreshGraceSeconds: number;
  /** Sessions checked or issued lately (authentication without a database round trip). */
  cache: SessionCache;
  /** Devices' anonymous profiles read lately (anonymous auth without a database round trip). */
  devices: DeviceProfileCache;
  /** First refresh tokens of anonymous sessions, derived instead of stored. */
  anonymousRefresh: AnonymousRefreshTokens;
  /** Announces ended sessions to other instances; none with a single instance or without Redis. */
  channel?: SessionChannel;
  /** How devices' anonymous profiles are read; by default one statement per request, ungrouped. */
  anonymousProfileOf?: AnonymousProfileFinder;
  /** Limits on creating anonymous profiles; none by default. */
  newDevices?: NewDeviceGate;
  /** Limits on exchanging sign-in links (SignInLinkLimits); none by default. */
  links?: Pick<SignInLinkLimits, 'admit'>;
}

/** Tokens handed to a client (SPEC §3; `sessionTokens` in the contract). */
export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  profile_id: number;
  expires_in: number;
  token_type: 'Bearer';
}

/** The profile an identity-provider sign-in lands on, and what happens to the caller's (signInPicked). */
export interface PickedProfile {
  profileId: number;
  /** The caller's anonymous profile became the signed-in one: unmap its device, end its sessions. */
  adopted: boolean;
  /** The caller's anonymous profile, whose holdings move to `profileId`. */
  moveFrom?: number;
}

/** What authByLink answers (the contract's `authByLink` response). */
export interface LinkSession {
  access_token: string;
  expires_in: number;
  token_type: 'Bearer';
  device_uid: string;
  phone_number: string | null;
  profile_id: number;
}

/** True for a foreign-key violation (the link's profile deleted while its session was being stored). */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}

/** True for a unique-constraint violation, whichever driver raised it (drizzle wraps it in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * Sessions and their tokens: anonymous sessions, sign-in, authentication of requests, refresh
 * rotation with reuse detection, logout.
 */
export class SessionService {
  private readonly db: Db;
  private readonly access: AccessTokens;
  private readonly clock: Clock;
  private readonly cache: SessionCache;
  private readonly anonymousProfileOf: AnonymousProfileFinder;

  constructor(private readonly deps: SessionDeps) {
    this.db = deps.db;
    this.access = deps.access;
    this.clock = deps.clock;
    this.cache = deps.cache;
    this.anonymousProfileOf =
      deps.anonymousProfileOf ??
      (async (deviceUid, create) =>
        (await q.anonymousProfiles(this.db, [{ deviceUid, create }], this.clock.now()))[0]);
  }

  /**
   * A new session on the device's anonymous profile (created on first sight, within the limits of
   * `newDevices` for the caller's address `ip`). The session is not stored: its tokens carry what it
   * is, and it is live while its profile stays anonymous and no row ends it. The first change —
   * refresh, logout, sign-in — stores it (docs/decisions/002).
   */
  anonymous(deviceUid: string, ip: string): IssuedTokens | Promise<IssuedTokens> {
    // A known device (nearly every call) is answered without a promise.
    const known = this.deps.devices.lookup(deviceUid);
    if (known !== undefined) return this.openAnonymous(deviceUid, known);
    return this.anonymousProfile(deviceUid, ip).then((profileId) => {
      this.deps.devices.remember(deviceUid, profileId);
      return this.openAnonymous(deviceUid, profileId);
    });
  }

  /** The device's anonymous profile from the database; a new one only when the limits admit it. */
  private async anonymousProfile(deviceUid: string, ip: string): Promise<number> {
    const known = await this.anonymousProfileOf(deviceUid, false);
    if (known !== undefined) return known;
    await this.deps.newDevices?.admit(deviceUid, ip);
    const created = await this.anonymousProfileOf(deviceUid, true);
    if (created === undefined) throw new Error('anonymous profile was not created');
    return created;
  }

  private openAnonymous(deviceUid: string, profileId: number): IssuedTokens {
    const sessionId = randomUUID();
    this.cache.remember({ sessionId, profileId, deviceUid, phone: null, signedIn: false }, true);
    return {
      access_token: this.access.issue({ profileId, sessionId, deviceUid }),
      refresh_token: this.deps.anonymousRefresh.issue({
        sessionId,
        profileId,
        deviceUid,
        createdAt: this.clock.now(),
      }),
      profile_id: profileId,
      expires_in: this.access.ttl,
      token_type: 'Bearer',
    };
  }

  /**
   * Signs the phone in. The phone's profile is kept when it exists, and what the caller's anonymous
   * profile holds moves to it; otherwise the caller's anonymous profile becomes it. Either way what
   * the viewer bought anonymously stays theirs (docs/decisions/019-anonymous-purchases.md). The caller's old session
   * ends and a new one starts: a token issued before sign-in must not gain the phone's rights
   * (session fixation); on adoption every other session of the anonymous profile ends too.
   */
  async signIn(
    phone: string,
    current: SessionContext | null,
    deviceUid: string,
    /** Runs first in the sign-in's transaction (authApp spends the code there); may throw to refuse. */
    spend?: (tx: Tx) => Promise<void>,
    /** The device platform the sign-in's request named (platformOf), kept for the devices page. */
    platform: string | null = null,
  ): Promise<IssuedTokens> {
    for (let attempt = 0; ; attempt++) {
      try {
        const { tokens, ended, adopted, session } = await this.db.transaction(async (tx) => {
          await spend?.(tx);
          return this.signInOnce(tx, phone, current, deviceUid, platform);
        });
        await this.ended(ended, adopted);
        this.cache.remember(session);
        return tokens;
      } catch (error) {
        // Two first sign-ins of one phone at once: the loser retries and finds the winner's profile.
        if (attempt === 0 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  private async signInOnce(
    tx: Tx,
    phone: string,
    current: SessionContext | null,
    deviceUid: string,
    platform: string | null,
  ) {
    const now = this.clock.now();
    const ended: string[] = [];
    const adopted: number[] = [];
    let profileId = await q.lockPhoneProfile(tx, phone);
    if (profileId === undefined && current) {
      const adoption = await q.adoptAnonymousProfile(tx, current.profileId, phone, now);
      profileId = adoption?.profileId;
      if (adoption) {
        ended.push(...adoption.endedSessions);
        // Its anonymous sessions that were never stored end with it: no row, but no anonymous profile.
        adopted.push(adoption.profileId);
      }
    }
    if (profileId !== undefined && current?.phone === null && current.profileId !== profileId) {
      // The phone has a profile: what the anonymous buyer holds moves there (decision 019), and the
      // anonymous profile retires — its sessions end as on adoption.
      if (await this.deps.moveHoldings(tx, current.profileId, profileId, now)) {
        ended.push(...(await q.retireAnonymousProfile(tx, current.profileId, profileId, now)));
        adopted.push(current.profileId);
      }
    }
    if (profileId === undefined) profileId = await q.createPhoneProfile(tx, phone, now);
    if (current && !ended.includes(current.sessionId)) {
      await q.endSession(tx, current, 'signed_in', now);
      ended.push(current.sessionId);
    }
    const sessionId = await q.createSession(tx, { profileId, deviceUid, now, platform });
    const tokens = await this.issue(tx, { sessionId, profileId, parentHash: null, now });
    return { tokens, ended, adopted, session: { sessionId, profileId, deviceUid, phone, signedIn: true } };
  }

  /**
   * Signs the caller in to the profile `pick` chooses in the same transaction (identity-provider
   * sign-in, docs/decisions/041): the caller's session ends and a stored one with a refresh token
   * starts on `deviceUid`, as at phone sign-in. `pick` answers the profile and, when it turned the
   * caller's anonymous profile into a signed-in one, `adopted` — whose device mapping and other
   * sessions then end (as on adoption by phone); or `moveFrom`, the caller's anonymous profile, whose
   * holdings move to the picked one (decision 019), retiring it when it held any. A unique violation (a
   * race on a first link) is retried once.
   */
  async signInPicked(
    current: SessionContext,
    deviceUid: string | null,
    pick: (tx: Tx, now: Date) => Promise<PickedProfile>,
  ): Promise<IssuedTokens & { phone: string | null }> {
    for (let attempt = 0; ; attempt++) {
      try {
        const outcome = await this.db.transaction(async (tx) => {
          const now = this.clock.now();
          const { profileId, adopted, moveFrom } = await pick(tx, now);
          const ended = adopted ? await q.detachAnonymousProfile(tx, profileId, now) : [];
          const retired = adopted ? [profileId] : [];
          if (moveFrom !== undefined && (await this.deps.moveHoldings(tx, moveFrom, profileId, now))) {
            ended.push(...(await q.retireAnonymousProfile(tx, moveFrom, profileId, now)));
            retired.push(moveFrom);
          }
          if (!ended.includes(current.sessionId)) {
            await q.endSession(tx, current, 'signed_in', now);
            ended.push(current.sessionId);
          }
          const phone = await q.profilePhone(tx, profileId);
          const sessionId = await q.createSession(tx, { profileId, deviceUid, now });
          const tokens = await this.issue(tx, { sessionId, profileId, parentHash: null, now });
          // Linked (or with a phone): signed in either way.
          const session = { sessionId, profileId, deviceUid, phone, signedIn: true };
          return { tokens, ended, adopted: retired, session };
        });
        await this.ended(outcome.ended, outcome.adopted);
        this.cache.remember(outcome.session);
        return { ...outcome.tokens, phone: outcome.session.phone };
      } catch (error) {
        if (attempt === 0 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  /**
   * Exchanges a sign-in link's one-time value (docs/decisions/038-sign-in-by-link.md) for a new stored
   * session on the link's profile and device: the link is spent and the session stored in one
   * transaction. Only an access token is issued — SPEC §3 removes the refresh token on auth-link login,
   * so none is made to lie unused. Unknown, expired or spent values and gone profiles: one refusal.
   */
  async signInByLink(value: string, ip: string, platform: string | null = null): Promise<LinkSession> {
    const hash = hashSignInLinkValue(value);
    const admission = await this.deps.links?.admit(ip);
    const now = this.clock.now();
    if (admission) {
      // Counted for its profile before it is spent: a refused exchange leaves the link usable.
      const profileId = await unspentSignInLinkProfile(this.db, hash, now);
      if (profileId === undefined) throw new AppError('sign_in_link_invalid');
      await admission.forProfile(profileId);
    }
    let outcome: { session: SessionContext; deviceUid: string } | undefined;
    try {
      outcome = await this.db.transaction(async (tx) => {
        const link = await spendSignInLink(tx, hash, now);
        if (!link) return undefined;
        const sessionId = await q.createSession(tx, {
          profileId: link.profileId,
          deviceUid: link.deviceUid,
          now,
          platform,
        });
        return { session: { sessionId, ...link }, deviceUid: link.deviceUid };
      });
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
    }
    if (!outcome) {
      await admission?.notSignedIn();
      throw new AppError('sign_in_link_invalid');
    }
    await admission?.signedIn();
    const { session, deviceUid } = outcome;
    this.cache.remember(session);
    return {
      access_token: this.access.issue({ profileId: session.profileId, sessionId: session.sessionId }),
      expires_in: this.access.ttl,
      token_type: 'Bearer',
      device_uid: deviceUid,
      phone_number: session.phone,
      profile_id: session.profileId,
    };
  }

  /**
   * The session behind an access token: 901 when the token expired (refresh and retry), 910 when it
   * is forged, malformed or its session ended. Answered from the cache when the session was seen
   * within SESSION_CACHE_TTL, else from the database (one query, which also fills the cache).
   */
  async authenticate(token: string | undefined): Promise<SessionContext> {
    if (!token) throw new AppError('session_invalid', { message: 'Access token required' });
    const check = this.access.check(token);
    if (!check.ok) throw new AppError(check.reason === 'expired' ? 'token_expired' : 'session_invalid');
    const { sessionId, profileId, deviceUid } = check.claims;
    const cached = this.cache.lookup(sessionId);
    if (cached === 'ended') throw new AppError('session_invalid');
    if (cached) return cached;
    const session =
      deviceUid === undefined
        ? await q.activeSession(this.db, sessionId)
        : await this.anonymousSession(sessionId, profileId, deviceUid);
    if (!session) {
      // The token is genuine, so the session existed: it ended (or its profile was deleted).
      this.cache.end([sessionId]);
      throw new AppError('session_invalid');
    }
    this.cache.remember(session);
    return session;
  }

  /**
   * The session of a genuine, unexpired token that the cache knows live, without a promise; undefined
   * for anything else, which `authenticate` then answers (with the database or the right error).
   */
  cachedSession(token: string | undefined): SessionContext | undefined {
    if (!token) return undefined;
    const check = this.access.check(token);
    if (!check.ok) return undefined;
    const cached = this.cache.lookup(check.claims.sessionId);
    return cached === 'ended' ? undefined : cached;
  }

  /**
   * Whether a session is live, by id (playback grants carry it, docs/decisions/022): the cache first,
   * else one query. Stored sessions live while not ended; a not-yet-stored one (anonymous) while its
   * profile is anonymous — the same rules as `authenticate`.
   */
  async isLive(sessionId: string, profileId: number): Promise<boolean> {
    const cached = this.cache.lookup(sessionId);
    if (cached === 'ended') return false;
    if (cached) return cached.profileId === profileId;
    const state = await q.anonymousSessionState(this.db, sessionId, profileId);
    if (!state) this.cache.end([sessionId]);
    return state !== undefined;
  }

  /** True when this process knows the session ended (a logout here, or announced by another instance). */
  isKnownEnded(sessionId: string): boolean {
    return this.cache.lookup(sessionId) === 'ended';
  }

  /** A not-yet-stored anonymous session from the database: live while its profile is anonymous. */
  private async anonymousSession(
    sessionId: string,
    profileId: number,
    deviceUid: string,
  ): Promise<SessionContext | undefined> {
    const state = await q.anonymousSessionState(this.db, sessionId, profileId);
    return state && { sessionId, profileId, deviceUid, ...state };
  }

  /**
   * Rotates a refresh token. Used again within the grace window (two tabs refreshing at once) it
   * yields a sibling pair; used again later, it is treated as stolen and the whole session ends.
   * The derived first token of an anonymous session stores the session and itself on first use,
   * then follows the same rules.
   */
  async refresh(refreshToken: string, platform: string | null = null): Promise<IssuedTokens> {
    const hash = hashRefreshToken(refreshToken);
    const derived = AnonymousRefreshTokens.isDerived(refreshToken)
      ? this.deps.anonymousRefresh.parse(refreshToken)
      : undefined;
    if (AnonymousRefreshTokens.isDerived(refreshToken) && !derived) throw new AppError('session_invalid');
    const outcome = await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      if (derived) {
        if (!(await q.storeAnonymousSession(tx, derived))) return { kind: 'invalid' as const };
        await q.storeDerivedRefreshToken(tx, {
          hash,
          sessionId: derived.sessionId,
          createdAt: derived.createdAt,
        });
      }
      const row = await q.lockRefreshToken(tx, hash);
      if (!row || row.endedAt) return { kind: 'invalid' as const };
      if (row.rotatedAt) {
        const sinceRotation = now.getTime() - row.rotatedAt.getTime();
        if (sinceRotation > this.deps.refreshGraceSeconds * 1000) {
          await q.endSession(tx, row, 'refresh_reuse', now);
          return { kind: 'reused' as const, sessionId: row.sessionId };
        }
      } else {
        await q.markRotated(tx, hash, now);
      }
      const tokens = await this.issue(tx, {
        sessionId: row.sessionId,
        profileId: row.profileId,
        parentHash: hash,
        now,
      });
      // The devices page's "last seen" and name (docs/decisions/057): a refresh is the device at work.
      await touchSession(tx, row.sessionId, platform, now);
      const { sessionId, profileId, deviceUid, phone } = row;
      const session = { sessionId, profileId, deviceUid, phone, signedIn: q.isSignedIn(row) };
      return { kind: 'ok' as const, tokens, session };
    });
    // The session end above must commit before answering, hence the result instead of a throw inside.
    if (outcome.kind === 'reused') await this.ended([outcome.sessionId]);
    if (outcome.kind !== 'ok') throw new AppError('session_invalid');
    this.cache.remember(outcome.session);
    return outcome.tokens;
  }

  /** Ends the caller's session. */
  async logout(session: SessionContext): Promise<void> {
    await q.endSession(this.db, session, 'logout', this.clock.now());
    await this.ended([session.sessionId]);
  }

  /**
   * Signs one device of the caller's profile out (docs/decisions/057): its session ends, and its tokens
   * are refused at once here and on every instance that hears the announcement — the logout's way.
   * False when `deviceId` is no live session of the profile (another profile's, or already ended):
   * the caller answers "not found" for both, so another profile's device is not told to exist.
   */
  async signOutDevice(session: SessionContext, deviceId: string): Promise<boolean> {
    if (deviceId === session.sessionId) {
      await this.logout(session);
      return true;
    }
    const ended = await endSessionOf(this.db, session.profileId, deviceId, this.clock.now());
    if (ended) await this.ended([deviceId]);
    return ended;
  }

  /** Signs out every device of the caller's profile but the caller's; answers how many. */
  async signOutOtherDevices(session: SessionContext): Promise<number> {
    const ended = await endOtherSessions(this.db, session.profileId, session.sessionId, this.clock.now());
    await this.ended(ended);
    return ended.length;
  }

  /**
   * Refuses ended sessions from now on: at once in this process, and in the others as soon as they
   * hear the announcement (without a channel, once their cache entry expires). Called after the
   * ending committed, so a rolled-back ending never refuses a live session.
   */
  private async ended(sessionIds: string[], adoptedProfiles: number[] = []): Promise<void> {
    this.cache.end(sessionIds);
    this.cache.endAnonymousSessionsOf(adoptedProfiles);
    await Promise.all([
      sessionIds.length > 0 ? this.deps.channel?.publish(sessionIds) : undefined,
      adoptedProfiles.length > 0 ? this.deps.channel?.publishAdopted(adoptedProfiles) : undefined,
    ]);
  }

  private async issue(
    tx: Tx,
    values: { sessionId: string; profileId: number; parentHash: string | null; now: Date },
  ): Promise<IssuedTokens> {
    const refresh = newRefreshToken();
    await q.insertRefreshToken(tx, {
      hash: refresh.hash,
      sessionId: values.sessionId,
      parentHash: values.parentHash,
      now: values.now,
    });
    return this.tokens(values, refresh.token);
  }

  private tokens(values: { sessionId: string; profileId: number }, refreshToken: string): IssuedTokens {
    return {
      access_token: this.access.issue({ profileId: values.profileId, sessionId: values.sessionId }),
      refresh_token: refreshToken,
      profile_id: values.profileId,
      expires_in: this.access.ttl,
      token_type: 'Bearer',
    };
  }
}

export type { SessionContext };
