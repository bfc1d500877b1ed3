import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import * as q from './queries';
import { type AccessTokens, hashRefreshToken, newRefreshToken } from './tokens';

/** The authenticated caller of a request. */
export interface SessionContext {
  sessionId: string;
  profileId: number;
  deviceUid: string | null;
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
  constructor(
    private readonly db: Db,
    private readonly access: AccessTokens,
    private readonly clock: Clock,
    /** Seconds a rotated refresh token still yields a sibling pair. */
    private readonly refreshGraceSeconds: number,
  ) {}

  /** A new session on the device's anonymous profile (created on first sight). */
  async anonymous(deviceUid: string): Promise<IssuedTokens> {
    const now = this.clock.now();
    const profileId = await q.deviceProfile(this.db, deviceUid, now);
    return this.db.transaction(async (tx) => {
      const sessionId = await q.createSession(tx, { profileId, deviceUid, now });
      return this.issue(tx, { sessionId, profileId, parentHash: null, now });
    });
  }

  /**
   * Signs the phone in. The phone's profile is kept when it exists; otherwise the caller's anonymous
   * profile becomes it, so what the viewer bought anonymously stays theirs. The caller's old session
   * ends and a new one starts: a token issued before sign-in must not gain the phone's rights
   * (session fixation).
   */
  async signIn(phone: string, current: SessionContext | null, deviceUid: string): Promise<IssuedTokens> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction((tx) => this.signInOnce(tx, phone, current, deviceUid));
      } catch (error) {
        // Two first sign-ins of one phone at once: the loser retries and finds the winner's profile.
        if (attempt === 0 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  private async signInOnce(tx: Tx, phone: string, current: SessionContext | null, deviceUid: string) {
    const now = this.clock.now();
    let profileId = await q.lockPhoneProfile(tx, phone);
    if (profileId === undefined && current)
      profileId = await q.adoptAnonymousProfile(tx, current.profileId, phone);
    if (profileId === undefined) profileId = await q.createPhoneProfile(tx, phone, now);
    if (current) await q.endSession(tx, current.sessionId, 'signed_in', now);
    const sessionId = await q.createSession(tx, { profileId, deviceUid, now });
    return this.issue(tx, { sessionId, profileId, parentHash: null, now });
  }

  /**
   * The session behind an access token: 901 when the token expired (refresh and retry), 910 when it
   * is forged, malformed or its session ended.
   */
  async authenticate(token: string | undefined): Promise<SessionContext> {
    if (!token) throw new AppError('session_invalid', { message: 'Access token required' });
    const check = this.access.check(token);
    if (!check.ok) throw new AppError(check.reason === 'expired' ? 'token_expired' : 'session_invalid');
    const session = await q.activeSession(this.db, check.claims.sessionId);
    if (!session) throw new AppError('session_invalid');
    return { sessionId: session.id, profileId: session.profileId, deviceUid: session.deviceUid };
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
        if (sinceRotation > this.refreshGraceSeconds * 1000) {
          await q.endSession(tx, row.sessionId, 'refresh_reuse', now);
          return { kind: 'reused' as const };
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
      return { kind: 'ok' as const, tokens };
    });
    // The session end above must commit before answering, hence the result instead of a throw inside.
    if (outcome.kind !== 'ok') throw new AppError('session_invalid');
    return outcome.tokens;
  }

  /** Ends the caller's session. */
  async logout(session: SessionContext): Promise<void> {
    await q.endSession(this.db, session.sessionId, 'logout', this.clock.now());
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
    return {
      access_token: this.access.issue({ profileId: values.profileId, sessionId: values.sessionId }),
      refresh_token: refresh.token,
      profile_id: values.profileId,
      expires_in: this.access.ttl,
      token_type: 'Bearer',
    };
  }
}
