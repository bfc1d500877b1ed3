import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import * as q from './queries';
import type { SessionCache } from './session-cache';
import type { SessionChannel } from './session-channel';
import { type AccessTokens, hashRefreshToken, newRefreshToken } from './tokens';

/** The authenticated caller of a request. */
export interface SessionContext {
  sessionId: string;
  profileId: number;
  deviceUid: string | null;
  /**
   * The profile's phone (null: anonymous). Fixed for the session's life: a profile only ever gets a
   * phone on sign-in, which ends all of its sessions — so it may be cached with the session.
   */
  phone: string | null;
}

/** Opens one anonymous session and its first refresh token, committed (see AnonymousSessionBatcher). */
export type AnonymousSessionOpener = (
  request: q.AnonymousSessionRequest,
) => Promise<{ sessionId: string; profileId: number }>;

/** What the session rules need. */
export interface SessionDeps {
  db: Db;
  access: AccessTokens;
  clock: Clock;
  /** Seconds a rotated refresh token still yields a sibling pair. */
  refreshGraceSeconds: number;
  /** Sessions checked or issued lately (authentication without a database round trip). */
  cache: SessionCache;
  /** Announces ended sessions to other instances; none with a single instance or without Redis. */
  channel?: SessionChannel;
  /** How anonymous sessions are written; by default one statement per request, ungrouped. */
  openAnonymous?: AnonymousSessionOpener;
}

/** Tokens handed to a client (SPEC §3; `sessionTokens` in the contract). */
export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  profile_id: number;
  expires_in: number;
  token_type: 'Bearer';
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
  private readonly openAnonymous: AnonymousSessionOpener;

  constructor(private readonly deps: SessionDeps) {
    this.db = deps.db;
    this.access = deps.access;
    this.clock = deps.clock;
    this.cache = deps.cache;
    this.openAnonymous =
      deps.openAnonymous ??
      (async (request) => (await q.openAnonymousSessions(this.db, [request], this.clock.now()))[0]!);
  }

  /** A new session on the device's anonymous profile (created on first sight). */
  async anonymous(deviceUid: string): Promise<IssuedTokens> {
    const refresh = newRefreshToken();
    const { sessionId, profileId } = await this.openAnonymous({ deviceUid, refreshHash: refresh.hash });
    this.cache.remember({ sessionId, profileId, deviceUid, phone: null });
    return this.tokens({ sessionId, profileId }, refresh.token);
  }

  /**
   * Signs the phone in. The phone's profile is kept when it exists; otherwise the caller's anonymous
   * profile becomes it, so what the viewer bought anonymously stays theirs. The caller's old session
   * ends and a new one starts: a token issued before sign-in must not gain the phone's rights
   * (session fixation); on adoption every other session of the anonymous profile ends too.
   */
  async signIn(phone: string, current: SessionContext | null, deviceUid: string): Promise<IssuedTokens> {
    for (let attempt = 0; ; attempt++) {
      try {
        const { tokens, ended, session } = await this.db.transaction((tx) =>
          this.signInOnce(tx, phone, current, deviceUid),
        );
        await this.ended(ended);
        this.cache.remember(session);
        return tokens;
      } catch (error) {
        // Two first sign-ins of one phone at once: the loser retries and finds the winner's profile.
        if (attempt === 0 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  private async signInOnce(tx: Tx, phone: string, current: SessionContext | null, deviceUid: string) {
    const now = this.clock.now();
    const ended: string[] = [];
    let profileId = await q.lockPhoneProfile(tx, phone);
    if (profileId === undefined && current) {
      const adopted = await q.adoptAnonymousProfile(tx, current.profileId, phone, now);
      profileId = adopted?.profileId;
      if (adopted) ended.push(...adopted.endedSessions);
    }
    if (profileId === undefined) profileId = await q.createPhoneProfile(tx, phone, now);
    if (current && !ended.includes(current.sessionId)) {
      await q.endSession(tx, current.sessionId, 'signed_in', now);
      ended.push(current.sessionId);
    }
    const sessionId = await q.createSession(tx, { profileId, deviceUid, now });
    const tokens = await this.issue(tx, { sessionId, profileId, parentHash: null, now });
    return { tokens, ended, session: { sessionId, profileId, deviceUid, phone } };
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
    const { sessionId } = check.claims;
    const cached = this.cache.lookup(sessionId);
    if (cached === 'ended') throw new AppError('session_invalid');
    if (cached) return cached;
    const session = await q.activeSession(this.db, sessionId);
    if (!session) {
      // The token is genuine, so the session existed: it ended (or its profile was deleted).
      this.cache.end([sessionId]);
      throw new AppError('session_invalid');
    }
    this.cache.remember(session);
    return session;
  }

  /**
   * Rotates a refresh token. Used again within the grace window (two tabs refreshing at once) it
   * yields a sibling pair; used again later, it is treated as stolen and the whole session ends.
   */
  async refresh(refreshToken: string): Promise<IssuedTokens> {
    const hash = hashRefreshToken(refreshToken);
    const outcome = await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const row = await q.lockRefreshToken(tx, hash);
      if (!row || row.endedAt) return { kind: 'invalid' as const };
      if (row.rotatedAt) {
        const sinceRotation = now.getTime() - row.rotatedAt.getTime();
        if (sinceRotation > this.deps.refreshGraceSeconds * 1000) {
          await q.endSession(tx, row.sessionId, 'refresh_reuse', now);
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
      const { sessionId, profileId, deviceUid, phone } = row;
      return { kind: 'ok' as const, tokens, session: { sessionId, profileId, deviceUid, phone } };
    });
    // The session end above must commit before answering, hence the result instead of a throw inside.
    if (outcome.kind === 'reused') await this.ended([outcome.sessionId]);
    if (outcome.kind !== 'ok') throw new AppError('session_invalid');
    this.cache.remember(outcome.session);
    return outcome.tokens;
  }

  /** Ends the caller's session. */
  async logout(session: SessionContext): Promise<void> {
    await q.endSession(this.db, session.sessionId, 'logout', this.clock.now());
    await this.ended([session.sessionId]);
  }

  /**
   * Refuses ended sessions from now on: at once in this process, and in the others as soon as they
   * hear the announcement (without a channel, once their cache entry expires). Called after the
   * ending committed, so a rolled-back ending never refuses a live session.
   */
  private async ended(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    this.cache.end(sessionIds);
    await this.deps.channel?.publish(sessionIds);
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
