import { DEFAULT_PREVIEW_SECONDS, type release } from '@kadr/api-contract';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { readAssetMeta } from '../../media/package';
import type { MediaAssetId, MediaAssetMeta, MediaStore, PackagedId } from '../../media/store';
import type { Entitlements } from '../billing';
import { assetOfGrant, GRANT_SECONDS, type Grant, type GrantSigner } from './grants';
import { waitForMedia } from './media-wait';
import { mediaPaths } from './playlists';
import { type PlayableTitle, playableEpisode, playableTitle } from './queries';
import type { StreamLimit } from './streams';

type Release = z.input<typeof release>;

/** Who asks for a stream: the session, and the client's address for the per-network preview count. */
export interface ViewerSession {
  profileId: number;
  sessionId: string;
  /** The client's address (request.ip); absent: only the per-profile count applies. */
  ip?: string;
  /** The request's device platform header (names the device in the stream limit's list). */
  platform?: string | undefined;
}

/**
 * How a channel-type title plays: the live stream of the channel it stands for, sold by that title
 * (modules/live's ChannelReleaseService; docs/decisions/029).
 */
export interface TitleStreams {
  titleStream(
    title: PlayableTitle,
    session: ViewerSession,
  ): Promise<{ url: string; previewTimer: number | null; expiresIn: number | undefined }>;
}

/**
 * Releases (SPEC §3, §7): which video a request means, whether the viewer may watch it in full or as
 * a preview, and the grant that lets the player fetch it.
 */
export class ReleaseService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      store: MediaStore;
      signer: GrantSigner;
      entitlements: Entitlements;
      /**
       * Waits for an asset being packaged (demo media: src/media/demo.ts `whenAssetReady`, which also
       * moves it to the front of the queue); without it only what the store holds now counts.
       */
      mediaReady?: (asset: PackagedId) => Promise<MediaAssetMeta | undefined>;
      /** How long a release waits for `mediaReady` before answering 503 (ms). */
      mediaWaitMs?: number;
      /** Seconds a grant lives (PLAYBACK_GRANT_SECONDS); GRANT_SECONDS by default. */
      grantSeconds?: number;
      /**
       * Channel-type titles (TVChan) play their channel's live stream (docs/decisions/029); without it
       * they are refused `not_playable`.
       */
      channels?: TitleStreams;
      /** The stream limit (docs/decisions/057); none: not limited. */
      streams?: Pick<StreamLimit, 'claim'>;
    },
  ) {}

  /** The asset's meta, waiting briefly for one being packaged; undefined: not there (yet). */
  private async meta(asset: MediaAssetId): Promise<MediaAssetMeta | undefined> {
    const now = await readAssetMeta(this.deps.store, asset);
    if (now || !this.deps.mediaReady) return now;
    return waitForMedia(this.deps.mediaReady(asset), this.deps.mediaWaitMs);
  }

  /**
   * The release of a title (films) or of one of its episodes or its trailer (`episodeId`). Refuses an
   * unknown title (900), an episode of another title, a series without an episode, a title no package
   * sells to this viewer without a preview (403), and a video not packaged yet (503).
   */
  async release(contentId: number, episodeId: number | undefined, session: ViewerSession): Promise<Release> {
    const { profileId } = session;
    const { db, clock, signer } = this.deps;
    const title = await playableTitle(db, contentId);
    if (!title) throw new AppError('no_content');
    if (title.vendorId === null) throw new AppError('no_vendor');
    if (title.type === 'channel') {
      // A channel has no episodes; its title plays the channel live, sold by that title.
      if (!this.deps.channels) throw new AppError('not_playable');
      if (episodeId !== undefined) throw new AppError('episode_not_found');
      const stream = await this.deps.channels.titleStream(title, session);
      return {
        content_url: stream.url,
        drm: null,
        preview_timer: stream.previewTimer,
        ...(stream.expiresIn === undefined ? {} : { expires_in: stream.expiresIn }),
      };
    }

    let trailer = false;
    if (episodeId !== undefined) {
      const episode = await playableEpisode(db, episodeId);
      if (!episode || episode.contentId !== contentId) throw new AppError('episode_not_found');
      if (episode.isAnnounce) throw new AppError('not_playable');
      trailer = episode.isTrailer;
    } else if (title.type !== 'film') {
      throw new AppError('episode_required');
    }

    // Trailers are for everyone; the rest needs the title's package, or a preview.
    const bought =
      trailer ||
      title.packageId === null ||
      (await this.deps.entitlements.holding(profileId, title.packageId)) !== null;
    if (!bought && !title.isPreview) throw new AppError('not_purchased');
    const previewSeconds = bought ? 0 : (title.previewTimer ?? DEFAULT_PREVIEW_SECONDS);

    const nowSeconds = Math.floor(clock.now().getTime() / 1000);
    const lifetime = this.deps.grantSeconds ?? GRANT_SECONDS;
    const grant: Grant = {
      profileId,
      contentId,
      episodeId: episodeId ?? 0,
      access: bought ? 'full' : 'preview',
      previewSeconds,
      // A full grant of a sold title lasts while the package is held (the guard asks).
      packageId: bought && !trailer ? (title.packageId ?? 0) : 0,
      sessionId: session.sessionId,
      expires: nowSeconds + lifetime,
    };
    const asset = assetOfGrant(grant);
    const meta = await this.meta(asset);
    if (!meta) throw new AppError('media_not_ready', { retryAfter: 5 });

    // A full playback of a sold title takes a place under the stream limit (trailers, free titles and
    // previews take none): the last check, so a refusal for any other reason claims nothing.
    if (grant.access === 'full' && grant.packageId > 0)
      await this.deps.streams?.claim(session, { contentId, episodeId: grant.episodeId, channelId: null });
    const token = signer.sign(grant);
    return {
      content_url: mediaPaths.master(token),
      drm:
        meta.encryption === 'cenc-clearkey'
          ? {
              type: 'clearkey',
              license_server: mediaPaths.license(token),
              certificate: null,
              drm_id: meta.keyId,
            }
          : null,
      preview_timer: bought ? null : previewSeconds,
      expires_in: lifetime,
    };
  }
}
