import { type GrantProblem, GrantSeal } from '../playback';

/**
 * A channel grant: what one getReleaseChannel answer (or a getRelease of a channel-type title) allows,
 * signed like a title's grant (grants.ts, docs/decisions/022) and checked by the same guard — the
 * session and, for full access, the package — but naming a channel and what of it plays
 * (docs/decisions/029):
 * - `live` from `start`, the moment it was issued (a preview's seconds count from it);
 * - `programme` starting at `start`: the archive (the programme is over) or start-over (it is on air),
 *   a preview of it being its first seconds.
 */
export interface ChannelGrant {
  profileId: number;
  /** tv_channel_id. */
  channelId: number;
  scope: 'live' | 'programme';
  /** Unix seconds: when a live grant was issued, or the programme's start. */
  start: number;
  access: 'full' | 'preview';
  /** Preview length, seconds (0 for full grants). */
  previewSeconds: number;
  /** The package whose holding a full grant needs; 0: none (a free channel, a preview). */
  packageId: number;
  sessionId: string;
  /** Unix seconds. */
  expires: number;
}

// `profile.c<channel>.(l|a)<start>.(f|p<seconds>).package.session.expires.mac`: like a title's grant and
// under the same 100-character path-parameter limit with 8-digit profiles, 7-digit channels and packages
// up to 4 digits (tested). Its HMAC key has a label of its own, so no title grant reads as a channel's.
const PATTERN =
  /^(\d{1,10})\.c(\d{1,10})\.(l|a)(\d{1,12})\.(f|p\d{1,6})\.(\d{1,10})\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

/** Signs and parses channel grants with MEDIA_SECRET. */
export class ChannelGrantSigner {
  private readonly seal: GrantSeal;

  constructor(secret: string) {
    this.seal = new GrantSeal(secret, 'kadr channel grant');
  }

  /** The grant as a URL path segment. */
  sign(grant: ChannelGrant): string {
    return this.seal.seal(grant, [
      `c${grant.channelId}`,
      `${grant.scope === 'live' ? 'l' : 'a'}${grant.start}`,
    ]);
  }

  /** The grant a token stands for, or why it is refused (the signature is checked before the expiry). */
  verify(token: string, nowSeconds: number): ChannelGrant | GrantProblem {
    const opened = this.seal.open(token, PATTERN, nowSeconds);
    if (typeof opened === 'string') return opened;
    const [channel, scope, start] = opened.own;
    return {
      ...opened.grant,
      channelId: Number(channel),
      scope: scope === 'l' ? 'live' : 'programme',
      start: Number(start),
    };
  }
}
