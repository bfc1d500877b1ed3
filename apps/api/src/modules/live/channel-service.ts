import { DEFAULT_PREVIEW_SECONDS } from '@kadr/api-contract';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { hitAll } from '../../limits/hit-all';
import type { LimitRule, RateLimiter } from '../../limits/rate-limit';
import { LIVE_SEGMENT_SECONDS } from '../../media/live-loops';
import { requesterRules } from '../auth';
import type { Entitlements } from '../billing';
import { GRANT_SECONDS, type StreamLimit, type ViewerSession, waitForMedia } from '../playback';
import { archiveDaysOf } from './archive-days';
import type { ChannelGrant, ChannelGrantSigner } from './channel-grants';
import type { ChannelLoops, ChannelPlayout } from './channel-playout';
import type { ChannelSeller, PlayableChannel } from './channel-queries';
import { LIVE_WINDOW_SEGMENTS, liveEdge, segmentFrom, segmentsOf } from './live-clock';
import { livePaths } from './live-playlists';
import { LONGEST_PROGRAMME_MS } from './programme-length';

const DAY_SECONDS = 24 * 3600;

/** Live TV settings (env: LIVE_DVR_SECONDS, ARCHIVE_DAYS, LIVE_PREVIEWS_PER_HOUR, LIVE_PREVIEWS_PER_NETWORK_HOUR, LIVE_PREVIEWS_PER_SUBNET_HOUR). */
export interface LiveSettings {
  /** How far back a full live playlist reaches (pause and rewind), seconds; bounded by the archive. */
  dvrSeconds: number;
  /** An upper bound on every channel's archive days (the manifest's `archive_days`); undefined: none. */
  archiveDaysCap: number | undefined;
  /** Live previews one profile gets of one channel per hour. */
  previewsPerHour: number;
  /** Live previews one client address (IPv6 /64) gets of one channel per hour, however many profiles it makes. */
  previewsPerNetworkHour: number;
  /** The same per client subnet (IPv4 /24, IPv6 /48; docs/decisions/046). */
  previewsPerSubnetHour: number;
}

export const DEFAULT_LIVE_SETTINGS: LiveSettings = {
  dvrSeconds: 1800,
  archiveDaysCap: undefined,
  previewsPerHour: 3,
  previewsPerNetworkHour: 10,
  previewsPerSubnetHour: 50,
};

/**
 * A live preview's grant outlives the preview by this much (the player plays ~12 s behind the edge and
 * buffers): it needs no renewal, so none can move its start (docs/decisions/029).
 */
export const LIVE_PREVIEW_GRANT_MARGIN_SECONDS = 120;

/** Segments of a full live playlist: the DVR window within the archive, at least the live window. */
export function dvrSegmentsOf(channel: { archiveDays: number }, settings: LiveSettings): number {
  const seconds = Math.min(
    settings.dvrSeconds,
    archiveDaysOf(channel.archiveDays, settings.archiveDaysCap) * DAY_SECONDS,
  );
  return Math.max(LIVE_WINDOW_SEGMENTS, Math.floor(seconds / LIVE_SEGMENT_SECONDS));
}

/** A channel's stream as the release calls answer it. */
export interface ChannelStream {
  url: string;
  /** Null: bought (full); else the preview's seconds. */
  previewTimer: number | null;
  /** Seconds the grant lasts (renew before); absent for a live preview, which needs no renewal. */
  expiresIn: number | undefined;
}

/**
 * Channel releases (SPEC §3 Channel stream, §4, §6; docs/decisions/029): the live stream of a channel,
 * or one programme of its archive from the programme's start, as a grant the live routes honour. A
 * channel is sold by the channel-type title standing for it (its package, its preview settings); a
 * channel no title stands for is free. A viewer without the package gets a preview — of live TV, the
 * next `preview_timer` seconds (60 s by default) from the grant's start, cut by the server.
 */
export class ChannelReleaseService {
  constructor(
    private readonly deps: {
      clock: Clock;
      signer: ChannelGrantSigner;
      entitlements: Entitlements;
      playout: ChannelPlayout;
      settings: LiveSettings;
      /** Counts live previews per profile and channel (LIVE_PREVIEWS_PER_HOUR); none: not limited. */
      limiter?: RateLimiter;
      /** Waits for a channel's loops being packaged (demo media), like a title's video. */
      loopsReady?: (channelId: number) => Promise<unknown>;
      mediaWaitMs?: number;
      grantSeconds?: number;
      /** The stream limit (docs/decisions/057); none: not limited. */
      streams?: Pick<StreamLimit, 'claim'>;
    },
  ) {}

  /** getReleaseChannel: the channel's live stream, or with `archiveStart` that programme from its start. */
  async channelStream(
    channelId: number,
    archiveStart: string | undefined,
    session: ViewerSession,
  ): Promise<ChannelStream> {
    const channel = await this.deps.playout.channel(channelId);
    if (!channel) throw new AppError('channel_not_found');
    // A title standing for the channel without a vendor is "no content" (SPEC §5): no channel either.
    if (channel.seller && channel.seller.vendorId === null) throw new AppError('channel_not_found');
    return this.stream(channel, channel.seller, archiveStart, session);
  }

  /**
   * getRelease of a channel-type title (EK_type TVChan): the live stream of the channel it stands for,
   * sold by that title.
   */
  async titleStream(
    title: Omit<ChannelSeller, 'contentId' | 'partnerLabel'> & { id: number; channelId: number | null },
    session: ViewerSession,
  ): Promise<ChannelStream> {
    const channel = title.channelId === null ? undefined : await this.deps.playout.channel(title.channelId);
    if (!channel) throw new AppError('not_playable');
    // Sold as getReleaseChannel and getPackageByChannel sell it (its seller, the lowest-id channel-type
    // title): a second title naming the same channel with other terms must not open it on other terms.
    return this.stream(
      channel,
      channel.seller ?? { ...title, contentId: title.id, partnerLabel: null },
      undefined,
      session,
    );
  }

  private async stream(
    channel: PlayableChannel,
    seller: ChannelSeller | undefined,
    archiveStart: string | undefined,
    session: ViewerSession,
  ): Promise<ChannelStream> {
    const { clock, entitlements } = this.deps;
    const nowMs = clock.now().getTime();
    const scope =
      archiveStart === undefined ? undefined : await this.programmeOf(channel, archiveStart, nowMs);

    const packageId = seller?.packageId ?? null;
    const bought = packageId === null || (await entitlements.holding(session.profileId, packageId)) !== null;
    if (!bought && !seller?.isPreview) throw new AppError('not_purchased');
    const previewSeconds = bought ? 0 : (seller?.previewTimer ?? DEFAULT_PREVIEW_SECONDS);
    await this.loops(channel.id);
    if (!bought && !scope) await this.countPreview(session, channel.id, nowMs);

    const nowSeconds = Math.floor(nowMs / 1000);
    const livePreview = !bought && !scope;
    const lifetime = this.deps.grantSeconds ?? GRANT_SECONDS;
    const grant: ChannelGrant = {
      profileId: session.profileId,
      channelId: channel.id,
      scope: scope ? 'programme' : 'live',
      start: scope ? Math.floor(scope.startMs / 1000) : nowSeconds,
      access: bought ? 'full' : 'preview',
      previewSeconds,
      packageId: bought ? (packageId ?? 0) : 0,
      sessionId: session.sessionId,
      expires: livePreview
        ? nowSeconds + previewSeconds + LIVE_PREVIEW_GRANT_MARGIN_SECONDS
        : nowSeconds + lifetime,
    };
    // A full playback of a sold channel takes a place under the stream limit, as a title's does.
    if (grant.access === 'full' && grant.packageId > 0)
      await this.deps.streams?.claim(session, { contentId: null, episodeId: null, channelId: channel.id });
    return {
      url: livePaths.master(this.deps.signer.sign(grant)),
      previewTimer: bought ? null : previewSeconds,
      expiresIn: livePreview ? undefined : lifetime,
    };
  }

  /**
   * The programme an archive request names, refused clearly: a channel without an archive, a start in
   * the future, a start no programme has, a programme that left the archive (ended more than the
   * channel's archive days ago). A programme on air plays from its start too (start-over).
   */
  private async programmeOf(channel: PlayableChannel, archiveStart: string, nowMs: number) {
    const startMs = Date.parse(archiveStart);
    const days = archiveDaysOf(channel.archiveDays, this.deps.settings.archiveDaysCap);
    if (days === 0) throw new AppError('archive_unavailable');
    if (!(startMs <= nowMs)) throw new AppError('archive_in_future');
    const oldest = nowMs - days * DAY_SECONDS * 1000;
    // No programme lasts more than a day (LONGEST_PROGRAMME_MS: imports refuse longer ones, and the
    // archive plays a day of one at most): one starting that long before the archive has left it (and
    // the database is not asked about year 0).
    if (startMs < oldest - LONGEST_PROGRAMME_MS) throw new AppError('archive_expired');
    const programme = await this.deps.playout.programme(channel.id, startMs);
    if (!programme || programme.startMs !== startMs)
      throw new AppError(startMs < oldest ? 'archive_expired' : 'programme_not_found');
    if (programme.endMs < oldest) throw new AppError('archive_expired');
    // Shorter than a segment, it owns none (each segment belongs to the programme on air at its start):
    // there is nothing of its own to play, and a playlist of it would never end.
    const own = segmentsOf(programme);
    if (own.end <= own.first) throw new AppError('programme_not_found');
    // Nothing of it has aired yet (it began within the last segment): the live stream shows it.
    if (segmentFrom(programme.startMs) > liveEdge(nowMs)) throw new AppError('archive_in_future');
    return { startMs: programme.startMs, endMs: programme.endMs };
  }

  /**
   * A live preview more than LIVE_PREVIEWS_PER_HOUR times an hour per profile,
   * LIVE_PREVIEWS_PER_NETWORK_HOUR per client address or LIVE_PREVIEWS_PER_SUBNET_HOUR per subnet, is refused: previews do not add up to the
   * stream, not even through fresh anonymous profiles (they cost a guest nothing).
   */
  private async countPreview(session: ViewerSession, channelId: number, nowMs: number): Promise<void> {
    const { limiter, settings } = this.deps;
    if (!limiter) return;
    const rules: LimitRule[] = [
      {
        key: `live-preview:${session.profileId}:${channelId}`,
        windowSeconds: 3600,
        limit: settings.previewsPerHour,
      },
    ];
    if (session.ip)
      rules.push(
        ...requesterRules(`live-preview-net:${channelId}`, session.ip, 3600, {
          perAddress: settings.previewsPerNetworkHour,
          perSubnet: settings.previewsPerSubnetHour,
        }),
      );
    // A refused preview spends no budget (rolling windows, docs/decisions/021).
    const refused = await hitAll(limiter, rules, new Date(nowMs));
    if (refused) throw new AppError('preview_spent', { retryAfter: refused.retryAfter });
  }

  /** The channel's loops, waiting briefly for them while demo media packages them; 503 meanwhile. */
  private async loops(channelId: number): Promise<ChannelLoops> {
    const { playout, loopsReady } = this.deps;
    const now = await playout.channelLoops(channelId);
    if (now) return now;
    if (loopsReady) {
      await waitForMedia(loopsReady(channelId), this.deps.mediaWaitMs);
      const ready = await playout.channelLoops(channelId);
      if (ready) return ready;
    }
    throw new AppError('media_not_ready', { retryAfter: 5 });
  }
}
