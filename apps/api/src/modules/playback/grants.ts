import { createHmac, timingSafeEqual } from 'node:crypto';
import { episodeAsset, filmAsset, type MediaAssetId } from '../../media/store';

/**
 * A playback grant: what one release answer allows, signed so the media routes need no database to
 * read it. Bound to the viewer's profile and session, the title (EK_id), the episode or trailer (EP_id,
 * 0 for a film's own video) and the entitlement (the package that sold it); lives GRANT_SECONDS, and
 * the player renews it with a new release call (docs/decisions/022). The grant guard (grant-guard.ts)
 * refuses it early when the session ends or the package is no longer held.
 */
export interface Grant {
  profileId: number;
  contentId: number;
  /** 0: the title's own video (films). */
  episodeId: number;
  /** Full playback, or a preview of `previewSeconds`. */
  access: 'full' | 'preview';
  /** Preview length, seconds (0 for full grants). */
  previewSeconds: number;
  /** The package whose holding a full grant needs; 0: none (free titles, trailers, previews). */
  packageId: number;
  /** The session it was issued to (a UUID); it stops with the session. */
  sessionId: string;
  /** Unix seconds. */
  expires: number;
}

/** Why a grant was refused. */
export type GrantProblem = 'invalid' | 'expired';

/**
 * Grants last 5 minutes by default (PLAYBACK_GRANT_SECONDS): a leaked playlist or key URL is worth that
 * much, and the player renews well before (at a third of it; `expires_in` in the release answer).
 */
export const GRANT_SECONDS = 5 * 60;
/**
 * Segment URLs a full grant's playlist hands out stay signed for 4 hours (a film and its pauses): a VOD
 * playlist is read once, and the segments are ciphertext — each needs its key, and keys need a live
 * grant. nginx or a CDN checks these signatures without the api.
 */
export const FULL_SEGMENT_SECONDS = 4 * 3600;
/** A preview's segment URLs last the preview plus 30 minutes of pauses and buffering. */
export const PREVIEW_SEGMENT_MARGIN_SECONDS = 30 * 60;

/** The media asset a grant plays. */
export function assetOfGrant(grant: Grant): MediaAssetId {
  return grant.episodeId > 0 ? episodeAsset(grant.episodeId) : filmAsset(grant.contentId);
}

// `profile.content.episode.f|p<seconds>.package.session.expires.signature`: path-safe (it travels in URL
// paths) and short (path parameters are limited to 100 characters): the session UUID as 22 base64url
// characters, the HMAC-SHA256 truncated to 128 bits. The request log hides it (http/log-redaction.ts).
// The HMAC key is derived from MEDIA_SECRET apart from the segment signatures.
const GRANT_PATTERN =
  /^(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.(f|p\d{1,6})\.(\d{1,10})\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The HMAC key of one kind of grant: derived from MEDIA_SECRET with the kind's own label. */
const grantKey = (secret: string, label: string) => createHmac('sha256', secret).update(label).digest();
/** A grant's MAC: HMAC-SHA256 truncated to 128 bits, 22 base64url characters. */
const grantMac = (key: Buffer, body: string) =>
  createHmac('sha256', key).update(body).digest().subarray(0, 16).toString('base64url');

/** A session UUID as 22 base64url characters. */
function packSession(sessionId: string): string {
  if (!UUID.test(sessionId)) throw new Error('A grant needs a session UUID');
  return Buffer.from(sessionId.replaceAll('-', ''), 'hex').toString('base64url');
}

/** The UUID of a packed session. */
function unpackSession(packed: string): string {
  const hex = Buffer.from(packed, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether a token's last 22 characters are the MAC of what comes before the dot preceding them. */
function macMatches(key: Buffer, token: string): boolean {
  const expected = Buffer.from(grantMac(key, token.slice(0, token.length - 23)));
  const given = Buffer.from(token.slice(token.length - 22));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A grant's access as its token writes it: `f`, or `p<seconds>` for a preview. */
const packAccess = (grant: GrantFacts) => (grant.access === 'full' ? 'f' : `p${grant.previewSeconds}`);

/** The access and preview seconds of a packed access. */
const unpackAccess = (packed: string) =>
  packed === 'f'
    ? { access: 'full' as const, previewSeconds: 0 }
    : { access: 'preview' as const, previewSeconds: Number(packed.slice(1)) };

/** What every kind of grant holds besides what it names (a title here, a channel in live/channel-grants.ts). */
export type GrantFacts = Omit<Grant, 'contentId' | 'episodeId'>;

/**
 * The envelope every kind of grant shares: `profile.<the kind's own fields>.access.package.session.expires`
 * and the MAC under a key of the kind's own label, so no grant of one kind reads as another's.
 */
export class GrantSeal {
  private readonly key: Buffer;

  constructor(secret: string, label: string) {
    this.key = grantKey(secret, label);
  }

  /** The token of a grant whose kind names itself with `own` fields. */
  seal(grant: GrantFacts, own: readonly (string | number)[]): string {
    const body = [
      grant.profileId,
      ...own,
      packAccess(grant),
      grant.packageId,
      packSession(grant.sessionId),
      grant.expires,
    ].join('.');
    return `${body}.${grantMac(this.key, body)}`;
  }

  /**
   * The facts of a token matching `pattern` (a group a field) and its kind's own fields, or why it is
   * refused: the pattern and the signature are checked before the expiry.
   */
  open(
    token: string,
    pattern: RegExp,
    nowSeconds: number,
  ): { grant: GrantFacts; own: string[] } | GrantProblem {
    const m = pattern.exec(token);
    if (!m || !macMatches(this.key, token)) return 'invalid';
    const [profile, ...own] = m.slice(1, -5) as [string, ...string[]];
    const [access, packageId, session, expires] = m.slice(-5, -1) as [string, string, string, string];
    if (Number(expires) <= nowSeconds) return 'expired';
    const grant = {
      profileId: Number(profile),
      ...unpackAccess(access),
      packageId: Number(packageId),
      sessionId: unpackSession(session),
      expires: Number(expires),
    };
    return { grant, own };
  }
}

/** Signs and parses grants with one secret. */
export class GrantSigner {
  private readonly seal: GrantSeal;

  constructor(secret: string) {
    this.seal = new GrantSeal(secret, 'kadr playback grant');
  }

  /** The grant as a URL path segment. */
  sign(grant: Grant): string {
    return this.seal.seal(grant, [grant.contentId, grant.episodeId]);
  }

  /** The grant a token stands for, or why it is refused (the signature is checked before the expiry). */
  verify(token: string, nowSeconds: number): Grant | GrantProblem {
    const opened = this.seal.open(token, GRANT_PATTERN, nowSeconds);
    if (typeof opened === 'string') return opened;
    const [content, episode] = opened.own;
    return { ...opened.grant, contentId: Number(content), episodeId: Number(episode) };
  }
}
