import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createVerifier } from 'fast-jwt';
import type { Clock } from '../../clock';
import { HmacSha256 } from './hmac';

/** What an access token says: whose profile, which session. */
export interface AccessClaims {
  profileId: number;
  sessionId: string;
  /**
   * Set on anonymous sessions, which are not stored until their first change (docs/decisions/002):
   * the device they were opened for. Such a session is live while no row ended it and its profile is
   * still anonymous.
   */
  deviceUid?: string;
}

/** Result of checking an access token; the session itself is checked against the database later. */
export type AccessCheck = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Access tokens whose signature check is remembered, about 5 MB when full. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** The header of every access token, encoded once: `{"alg":"HS256","typ":"JWT"}` (fast-jwt's too). */
const JWT_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** Derives a purpose-bound key, so the JWT key and the code-HMAC key never coincide. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`kadr:${purpose}`).digest();
}

/**
 * Signs and checks access JWTs (HS256). Expiry is checked against the injected clock rather than
 * fast-jwt's own, so tests can move time.
 */
export class AccessTokens {
  private readonly signer: HmacSha256;
  private readonly verify: (token: string) => Record<string, unknown>;
  /**
   * Claims of genuine tokens seen lately, so a client's next request skips decoding and the HMAC.
   * Keyed by the whole token: one changed character is another key. (fast-jwt's own cache keys by a
   * SHA hash of the token, which costs a third of what it saves.) Oldest first out.
   */
  private readonly verified = new Map<string, AccessClaims & { exp: number }>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {
    const key = deriveKey(secret, 'access-jwt');
    this.signer = new HmacSha256(key);
    this.verify = createVerifier({
      key,
      algorithms: ['HS256'],
      ignoreExpiration: true,
      ignoreNotBefore: true,
      requiredClaims: ['sub', 'sid', 'exp'],
    });
  }

  /** A signed token for the session, valid ttlSeconds from now. */
  issue(claims: AccessClaims): string {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const payload: Record<string, unknown> = {
      sub: String(claims.profileId),
      sid: claims.sessionId,
      exp: now + this.ttlSeconds,
    };
    if (claims.deviceUid !== undefined) payload.dev = claims.deviceUid;
    return this.sign(payload);
  }

  /**
   * HS256 by hand: a token is issued on every anonymous auth, and fast-jwt's signer (options, checks,
   * base64 then regex to base64url) cost as much again as the HMAC itself. fast-jwt still verifies.
   */
  private sign(payload: Record<string, unknown>): string {
    const body = `${JWT_HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${body}.${this.signer.digest(body).toString('base64url')}`;
  }

  /** Checks signature, shape and expiry. */
  check(token: string): AccessCheck {
    let claims = this.verified.get(token);
    if (!claims) {
      const decoded = this.decode(token);
      if (!decoded) return { ok: false, reason: 'invalid' };
      claims = decoded;
      this.verified.set(token, claims);
      if (this.verified.size > VERIFIED_TOKENS_KEPT) {
        const oldest = this.verified.keys().next().value;
        if (oldest !== undefined) this.verified.delete(oldest);
      }
    }
    if (claims.exp * 1000 <= this.clock.now().getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, claims };
  }

  /** The claims of a genuine, well-formed token; undefined for anything else. */
  private decode(token: string): (AccessClaims & { exp: number }) | undefined {
    let payload: Record<string, unknown>;
    try {
      payload = this.verify(token);
    } catch {
      return undefined;
    }
    const { sub, sid, exp, dev } = payload;
    const profileId = Number(sub);
    if (typeof sid !== 'string' || typeof exp !== 'number' || !Number.isInteger(profileId)) return undefined;
    if (dev !== undefined && typeof dev !== 'string') return undefined;
    return dev === undefined
      ? { profileId, sessionId: sid, exp }
      : { profileId, sessionId: sid, exp, deviceUid: dev };
  }

  get ttl(): number {
    return this.ttlSeconds;
  }
}

/** A new opaque refresh token (32 random bytes) and the hash that is stored instead of it. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

/** SHA-256 of a refresh token: 256 random bits need no key or stretching. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
