import type { activeStream } from '@kadr/api-contract';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { deviceName, platformOf } from '../auth';
import { claimStream, liveStreams, pruneStreams, type StreamTarget, stopStreamOf } from './stream-queries';

/**
 * A full playback that stops reporting (no key, no renewed grant) frees its place after this many
 * seconds. Keys report at most every GRANT_CHECK_SECONDS (15 s, the guard's cache) while the player
 * fetches them, and the player renews its grant at a third of PLAYBACK_GRANT_SECONDS.
 */
export const STREAM_IDLE_SECONDS = 60;
/**
 * Rows silent (or stopped) this long are deleted: past the longest grant (PLAYBACK_GRANT_SECONDS is at
 * most an hour), nothing they could refuse is still valid.
 */
export const STREAM_PRUNE_SECONDS = 2 * 3600;

/** One playback as getActiveStreams and a `stream_limit` refusal list it. */
export type ActiveStream = z.input<typeof activeStream>;

/** The viewer a stream is claimed for. */
export interface StreamViewer {
  profileId: number;
  sessionId: string;
  /** The request's device platform header, as sent. */
  platform?: string | undefined;
}

/**
 * At most `limit` full playbacks at once per profile (STREAM_LIMIT; docs/decisions/057). Counted in
 * PostgreSQL (or the embedded database): every instance sees the same rows, and a killed instance's
 * playbacks stop counting when they stop reporting. A release of a sold title or channel in full
 * claims a place (`claim`, one statement); its key requests keep it (`heartbeat`, through the grant
 * guard); previews, trailers and free titles claim nothing.
 */
export class StreamLimit {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      /** 0: no limit (nothing is counted). */
      limit: number;
    },
  ) {}

  get limit(): number {
    return this.deps.limit;
  }

  private cutoff(now: Date): Date {
    return new Date(now.getTime() - STREAM_IDLE_SECONDS * 1000);
  }

  /**
   * Claims the viewer's place for a full playback of `target`, or throws `stream_limit` naming the
   * limit, with the profile's playbacks (each one stopStream may stop).
   */
  async claim(viewer: StreamViewer, target: StreamTarget): Promise<void> {
    if (this.deps.limit <= 0) return;
    const now = this.deps.clock.now();
    const outcome = await claimStream(this.deps.db, {
      profileId: viewer.profileId,
      sessionId: viewer.sessionId,
      start: true,
      target,
      platform: platformOf(viewer.platform),
      limit: this.deps.limit,
      now,
      cutoff: this.cutoff(now),
    });
    if (outcome === 'ok') return;
    throw new AppError('stream_limit', {
      message: limitMessage(this.deps.limit),
      streams: await this.list(viewer),
    });
  }

  /** A key request of a full playback: keeps its place; `stopped` or `limit` when it has none. */
  async heartbeat(sessionId: string, profileId: number): Promise<'ok' | 'stopped' | 'limit'> {
    if (this.deps.limit <= 0) return 'ok';
    const now = this.deps.clock.now();
    return claimStream(this.deps.db, {
      profileId,
      sessionId,
      start: false,
      target: { contentId: null, episodeId: null, channelId: null },
      platform: null,
      limit: this.deps.limit,
      now,
      cutoff: this.cutoff(now),
    });
  }

  /** The profile's full playbacks now, in the order they started. */
  async list(viewer: Pick<StreamViewer, 'profileId' | 'sessionId'>): Promise<ActiveStream[]> {
    const now = this.deps.clock.now();
    const rows = await liveStreams(this.deps.db, viewer.profileId, this.cutoff(now));
    return rows.map((r) => ({
      device_id: r.sessionId,
      platform: platformOf(r.platform ?? undefined),
      device_name: deviceName(r.platform),
      content_id: r.contentId,
      episode_id: r.episodeId && r.episodeId > 0 ? r.episodeId : null,
      channel_id: r.channelId,
      title: r.title ?? 'Видео',
      started_at: r.startedAt.toISOString(),
      last_seen_at: r.seenAt.toISOString(),
      is_current: r.sessionId === viewer.sessionId,
    }));
  }

  /** Stops the playback on one device of the viewer's profile; `stream_not_found` when none plays there. */
  async stop(viewer: Pick<StreamViewer, 'profileId'>, deviceId: string): Promise<void> {
    const now = this.deps.clock.now();
    if (!(await stopStreamOf(this.deps.db, viewer.profileId, deviceId, now, this.cutoff(now))))
      throw new AppError('stream_not_found');
  }

  /** Deletes rows no check reads any more. */
  async prune(): Promise<number> {
    const now = this.deps.clock.now().getTime();
    return pruneStreams(this.deps.db, new Date(now - STREAM_PRUNE_SECONDS * 1000));
  }
}

/** The refusal's words, naming the limit: «…не больше чем на 3 устройствах…». */
export function limitMessage(limit: number): string {
  return `Смотреть одновременно можно не больше чем на ${limit} ${devicesWord(limit)}. Остановите просмотр на другом устройстве, чтобы смотреть здесь`;
}

/** «устройстве» or «устройствах» after «на N» (prepositional case). */
function devicesWord(n: number): string {
  return n % 10 === 1 && n % 100 !== 11 ? 'устройстве' : 'устройствах';
}
