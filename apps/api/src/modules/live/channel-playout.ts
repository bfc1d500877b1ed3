import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { fitsLiveTimeline, loopsOf } from '../../media/live-loops';
import { readAssetMeta } from '../../media/package';
import type { MediaAssetMeta, MediaRenditionMeta, MediaStore } from '../../media/store';
import {
  airedProgrammes,
  type PlayableChannel,
  playableChannel,
  programmeStartingAt,
} from './channel-queries';
import type { AiredProgramme } from './live-clock';

/** How long the playout trusts what it read of the guide and of a channel (seconds). */
export const PLAYOUT_CACHE_SECONDS = 15;
/** Entries kept at most per map; a full map is emptied (entries refill in one query each). */
const CAPACITY = 10_000;
/** A live window's guide is read this far beyond what was asked, so the next requests hit the cache. */
const READ_AHEAD_MS = 10 * 60 * 1000;

interface Cached<T> {
  value: Promise<T>;
  until: number;
}

/** A channel's loops, ready to play: their metas, look by look, and the renditions all of them have. */
export interface ChannelLoops {
  metas: MediaAssetMeta[];
  renditions: MediaRenditionMeta[];
}

/**
 * What the live routes read on every playlist of every viewer, cached for PLAYOUT_CACHE_SECONDS so a
 * viewer costs no query per request (docs/decisions/029): the channel (archive depth), the guide
 * around the live edge (one read per channel serves every viewer's window), the programme a
 * programme grant names, and the channel's loops. A changed guide (an import, the daily fill) shows
 * within that time; concurrent misses share one read, and failed reads are not kept.
 */
export class ChannelPlayout {
  private readonly channels = new Map<number, Cached<PlayableChannel | undefined>>();
  private readonly windows = new Map<number, Cached<AiredProgramme[]> & { fromMs: number; toMs: number }>();
  private readonly programmes = new Map<string, Cached<AiredProgramme | undefined>>();
  private readonly loops = new Map<number, Cached<ChannelLoops | undefined>>();

  constructor(private readonly deps: { db: Db; clock: Clock; store: MediaStore }) {}

  /** `read`'s answer, kept PLAYOUT_CACHE_SECONDS; failures (and, unless `keepMissing`, undefined) are not kept. */
  private cached<K, T>(
    map: Map<K, Cached<T>>,
    key: K,
    read: () => Promise<T>,
    keepMissing = true,
  ): Promise<T> {
    const now = this.deps.clock.now().getTime();
    const hit = map.get(key);
    if (hit && hit.until > now) return hit.value;
    if (map.size >= CAPACITY) map.clear();
    const entry: Cached<T> = { value: read(), until: now + PLAYOUT_CACHE_SECONDS * 1000 };
    map.set(key, entry);
    const forget = () => {
      if (map.get(key) === entry) map.delete(key);
    };
    entry.value.then((value) => {
      if (value === undefined && !keepMissing) forget();
    }, forget);
    return entry.value;
  }

  /** The channel and who sells it, or undefined. */
  channel(channelId: number): Promise<PlayableChannel | undefined> {
    return this.cached(this.channels, channelId, () => playableChannel(this.deps.db, channelId));
  }

  /** The programmes on air in [fromMs, toMs): from the channel's cached read when it covers them. */
  async aired(channelId: number, fromMs: number, toMs: number): Promise<AiredProgramme[]> {
    const now = this.deps.clock.now().getTime();
    let hit = this.windows.get(channelId);
    if (!hit || hit.until <= now || fromMs < hit.fromMs || toMs > hit.toMs) {
      if (this.windows.size >= CAPACITY) this.windows.clear();
      const read = { fromMs, toMs: toMs + READ_AHEAD_MS };
      const entry = {
        ...read,
        value: airedProgrammes(this.deps.db, channelId, read.fromMs, read.toMs),
        until: now + PLAYOUT_CACHE_SECONDS * 1000,
      };
      this.windows.set(channelId, entry);
      entry.value.catch(() => {
        if (this.windows.get(channelId) === entry) this.windows.delete(channelId);
      });
      hit = entry;
    }
    return (await hit.value).filter((p) => p.endMs > fromMs && p.startMs < toMs);
  }

  /** The channel's programme starting at `startMs` (to the second), or undefined. */
  programme(channelId: number, startMs: number): Promise<AiredProgramme | undefined> {
    return this.cached(this.programmes, `${channelId}/${Math.floor(startMs / 1000)}`, () =>
      programmeStartingAt(this.deps.db, channelId, startMs),
    );
  }

  /**
   * The channel's loops when every look is packaged in the live timeline's shape (LOOP_SEGMENTS
   * segments of LIVE_SEGMENT_SECONDS, in every rendition), else undefined: not ready (or not loops the
   * playout can place, which it never plays out of step). Missing loops are read again next time: they
   * may be being packaged.
   */
  channelLoops(channelId: number): Promise<ChannelLoops | undefined> {
    return this.cached(this.loops, channelId, () => readLoops(this.deps.store, channelId), false);
  }
}

/** {@link ChannelPlayout.channelLoops} from the store. */
export async function readLoops(store: MediaStore, channelId: number): Promise<ChannelLoops | undefined> {
  const metas: MediaAssetMeta[] = [];
  for (const loop of loopsOf(channelId)) {
    const meta = await readAssetMeta(store, loop);
    if (!meta || !fitsLiveTimeline(meta)) return undefined;
    metas.push(meta);
  }
  // The renditions every look has, at the highest peak rate among them (BANDWIDTH is a peak).
  const renditions = metas[0]!.renditions
    .filter((r) => metas.every((m) => m.renditions.some((o) => o.name === r.name)))
    .map((r) => ({
      ...r,
      bandwidth: Math.max(...metas.map((m) => m.renditions.find((o) => o.name === r.name)!.bandwidth)),
    }));
  return renditions.length > 0 ? { metas, renditions } : undefined;
}
