import { createHmac, timingSafeEqual } from 'node:crypto';
import { episodeAsset, filmAsset, type MediaAssetId } from '../../media/store';

/**
 * A playback grant: what one release answer allows, signed so the media routes need no database.
 * Bound to the viewer's profile, the title (EK_id), the episode or trailer (EP_id, 0 for a film's own
 * video) and the entitlement; short-lived.
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
  /** Unix seconds. */
  expires: number;
}

/** Why a grant was refused. */
export type GrantProblem = 'invalid' | 'expired';

/** Full grants last 4 hours: a film and its pauses. */
export const FULL_GRANT_SECONDS = 4 * 3600;
/** A preview grant lasts the preview plus 30 minutes of pauses and buffering. */
export const PREVIEW_GRANT_MARGIN_SECONDS = 30 * 60;

/** The media asset a grant plays. */
export function assetOfGrant(grant: Grant): MediaAssetId {
  return grant.episodeId > 0 ? episodeAsset(grant.episodeId) : filmAsset(grant.contentId);
}

// `profile.content.episode.f|p<seconds>.expires.signature`: path-safe (it travels in URL paths) and
// readable in logs. The HMAC key is derived from MEDIA_SECRET apart from the segment signatures.
const GRANT_PATTERN = /^(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.(f|p\d{1,6})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const grantKey = (secret: string) => createHmac('sha256', secret).update('kadr playback grant').digest();
const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** Signs and parses grants with one secret. */
export class GrantSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = grantKey(secret);
  }

  /** The grant as a URL path segment. */
  sign(grant: Grant): string {
    const access = grant.access === 'full' ? 'f' : `p${grant.previewSeconds}`;
    const body = `${grant.profileId}.${grant.contentId}.${grant.episodeId}.${access}.${grant.expires}`;
    return `${body}.${mac(this.key, body)}`;
  }

  /** The grant a token stands for, or why it is refused (the signature is checked before the expiry). */
  verify(token: string, nowSeconds: number): Grant | GrantProblem {
    const m = GRANT_PATTERN.exec(token);
    if (!m) return 'invalid';
    const [, profile, content, episode, access, expires, signature] = m as unknown as string[];
    const body = token.slice(0, token.length - 44);
    const expected = Buffer.from(mac(this.key, body));
    const given = Buffer.from(signature as string);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    if (Number(expires) <= nowSeconds) return 'expired';
    return {
      profileId: Number(profile),
      contentId: Number(content),
      episodeId: Number(episode),
      access: access === 'f' ? 'full' : 'preview',
      previewSeconds: access === 'f' ? 0 : Number((access as string).slice(1)),
      expires: Number(expires),
    };
  }
}
