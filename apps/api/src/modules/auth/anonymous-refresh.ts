import { timingSafeEqual } from 'node:crypto';
import { HmacSha256 } from './hmac';
import { deriveKey } from './tokens';

/** What the first refresh token of an anonymous session carries: enough to store the session later. */
export interface AnonymousSessionClaims {
  sessionId: string;
  profileId: number;
  deviceUid: string;
  /** When the session was opened, to the second. */
  createdAt: Date;
}

/** The session id as its 36 characters: converting to 16 bytes and back cost more than it saved. */
const UUID_BYTES = 36;
const HEADER_BYTES = UUID_BYTES + 4 + 4;
/** A device uid is at most 64 characters (contract `deviceUid`); the token stays within 200. */
const MAX_DEVICE_UID_BYTES = 64;

/**
 * The first refresh token of an anonymous session, derived instead of stored (docs/decisions/002):
 * `base64url(session id, profile id, opened at, device uid) . base64url(HMAC-SHA256)`. Nothing is
 * written when it is issued; its first use stores the session and the token's hash, after which it
 * rotates and is reuse-checked like any stored refresh token. Stored tokens (43 characters, no dot)
 * and derived ones never collide.
 */
export class AnonymousRefreshTokens {
  private readonly key: HmacSha256;

  constructor(secret: string) {
    this.key = new HmacSha256(deriveKey(secret, 'anonymous-refresh'));
  }

  /** The token for a session just opened. */
  issue(claims: AnonymousSessionClaims): string {
    const device = Buffer.from(claims.deviceUid, 'utf8');
    if (device.length > MAX_DEVICE_UID_BYTES) throw new Error('device uid too long for a refresh token');
    if (claims.sessionId.length !== UUID_BYTES) throw new Error('session id is not a uuid');
    const payload = Buffer.allocUnsafe(HEADER_BYTES + device.length);
    payload.write(claims.sessionId, 0, 'latin1');
    payload.writeUInt32BE(claims.profileId, UUID_BYTES);
    payload.writeUInt32BE(Math.floor(claims.createdAt.getTime() / 1000), UUID_BYTES + 4);
    device.copy(payload, HEADER_BYTES);
    return `${payload.toString('base64url')}.${this.mac(payload).toString('base64url')}`;
  }

  /** True when the token has the derived form (it may still be forged: see `parse`). */
  static isDerived(token: string): boolean {
    return token.includes('.');
  }

  /** The claims of a genuine derived token; undefined for a forged or malformed one. */
  parse(token: string): AnonymousSessionClaims | undefined {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return undefined;
    const payload = Buffer.from(body, 'base64url');
    const given = Buffer.from(signature, 'base64url');
    if (payload.length <= HEADER_BYTES || payload.length > HEADER_BYTES + MAX_DEVICE_UID_BYTES) {
      return undefined;
    }
    const expected = this.mac(payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return {
      sessionId: payload.toString('latin1', 0, UUID_BYTES),
      profileId: payload.readUInt32BE(UUID_BYTES),
      createdAt: new Date(payload.readUInt32BE(UUID_BYTES + 4) * 1000),
      deviceUid: payload.subarray(HEADER_BYTES).toString('utf8'),
    };
  }

  private mac(payload: Buffer): Buffer {
    return this.key.digest(payload);
  }
}
