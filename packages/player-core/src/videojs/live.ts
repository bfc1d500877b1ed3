/**
 * The video.js adapter for channels (docs/decisions/031-player-live.md): hls.js set up for live
 * playlists with a DVR window, and the stream's timeline — seekable window, live edge, program
 * date-time — read from hls.js's playlists (or the element under native HLS) and reported to the
 * controller as `timelinechange`. Content players import none of this.
 */
import type { HlsConfig } from 'hls.js';
import type { VideoAdapter, VideoTimeline } from '../types.js';
import { createVideoJsAdapter, type VideoJsAdapterOptions } from './adapter.js';
import { Hls } from './hls-light.js';

/** hls.js keeps live playback this many target durations behind the playlist's end (its default, said out loud). */
export const LIVE_SYNC_TARGET_DURATIONS = 3;

const LIVE_SYNC_KEYS = [
  'liveSyncDuration',
  'liveSyncDurationCount',
  'liveMaxLatencyDuration',
  'liveMaxLatencyDurationCount',
] as const;

/**
 * hls.js settings for channels. Live playback sits `LIVE_SYNC_TARGET_DURATIONS` behind the playlist's
 * end. It never jumps to live because of latency (`liveMaxLatencyDurationCount: Infinity`): a viewer
 * who paused or rewound inside the DVR window chose to be behind. Low-latency HLS is off (hls.js turns
 * it on by default; the channels' playlists have no parts). The app's own sync settings win whole:
 * hls.js refuses target-duration counts mixed with seconds.
 *
 * Start-up is what a channel change waits for, so it is cut to one playlist, one key and one segment
 * (docs/decisions/031, «Channel change»): the first segment comes from the lowest rendition
 * (`startLevel: 0`; the bandwidth estimate moves up from there at the next segment) instead of a
 * bandwidth test that loads the lowest rendition's segment only to throw it away (`testBandwidth`), and
 * it is asked for as soon as the playlist is read, while the MediaSource still opens
 * (`startFragPrefetch`).
 */
export function liveHlsConfig(app: Partial<HlsConfig> = {}): Partial<HlsConfig> {
  const own = LIVE_SYNC_KEYS.some((key) => app[key] !== undefined);
  const sync = own
    ? {}
    : {
        liveSyncDurationCount: LIVE_SYNC_TARGET_DURATIONS,
        liveMaxLatencyDurationCount: Number.POSITIVE_INFINITY,
      };
  return {
    lowLatencyMode: false,
    startLevel: 0,
    testBandwidth: false,
    startFragPrefetch: true,
    ...sync,
    ...app,
  };
}

/** What the timeline needs of a playlist (hls.js `LevelDetails`). */
export interface PlaylistReading {
  readonly live: boolean;
  readonly targetduration: number;
  readonly fragments: readonly {
    readonly start: number;
    readonly duration: number;
    /** EXT-X-PROGRAM-DATE-TIME of the segment, ms since epoch; null when the playlist names none. */
    readonly programDateTime: number | null;
  }[];
}

/**
 * A playlist's timeline: the window from the first segment's start to the last one's end; for live, the
 * edge where hls.js plays (`liveSyncPosition`, inside the window; before hls.js knows it, the end less
 * the sync distance); the wall clock at media time 0 from the program date-time of the segment under
 * the playhead (it may jump at a discontinuity), else of the first dated one. Null for an empty playlist.
 */
export function timelineOfPlaylist(
  details: PlaylistReading,
  liveSyncPosition: number | null,
  currentTime: number,
): VideoTimeline | null {
  const { fragments } = details;
  const first = fragments[0];
  const last = fragments.at(-1);
  if (!first || !last) return null;
  const start = first.start;
  const end = last.start + last.duration;
  const targetDuration = details.targetduration > 0 ? details.targetduration : null;
  const sync = liveSyncPosition ?? end - LIVE_SYNC_TARGET_DURATIONS * (targetDuration ?? last.duration);
  const dated = fragments.filter((fragment) => Number.isFinite(fragment.programDateTime));
  const anchor = dated.filter((fragment) => fragment.start <= currentTime).at(-1) ?? dated[0];
  return {
    live: details.live,
    start,
    end,
    liveEdge: details.live ? Math.min(Math.max(start, sync), end) : null,
    targetDuration,
    dateAtZero: anchor ? Math.round((anchor.programDateTime as number) - anchor.start * 1000) : null,
  };
}

/** What the timeline needs of a media element under native HLS (Safari). */
export interface ElementReading {
  readonly seekable: Pick<TimeRanges, 'length' | 'start' | 'end'>;
  readonly duration: number;
  /** Safari: the program date-time of media time 0 (an invalid date when the playlist names none). */
  getStartDate?(): Date;
}

/**
 * Native HLS's timeline: the seekable range (Safari ends it where live playback sits, so that is the
 * live edge), live when the duration is infinite, dates from `getStartDate()`. No target duration.
 */
export function timelineOfElement(video: ElementReading): VideoTimeline | null {
  const ranges = video.seekable;
  if (ranges.length === 0) return null;
  const start = ranges.start(0);
  const end = ranges.end(ranges.length - 1);
  const live = video.duration === Number.POSITIVE_INFINITY;
  const date = video.getStartDate?.().getTime() ?? Number.NaN;
  return {
    live,
    start,
    end,
    liveEdge: live ? end : null,
    targetDuration: null,
    dateAtZero: Number.isFinite(date) ? date : null,
  };
}

function sameTimeline(a: VideoTimeline | null, b: VideoTimeline | null): boolean {
  if (a === null || b === null) return a === b;
  return (Object.keys(a) as (keyof VideoTimeline)[]).every((key) => a[key] === b[key]);
}

/** How to stop following the load before, per element: a channel switch replaces it (the engine may stay). */
const followers = new WeakMap<HTMLVideoElement, () => void>();

/**
 * Follows one load's timeline: hls.js's playlist refreshes (the window slides) and segment changes (the
 * playhead's date), or the element's events under native HLS. Calls `changed` when the reading differs
 * from the last; returns the reader of the last one. The previous load's following on the same element
 * stops — on a kept hls.js engine too.
 */
export function followTimeline(
  engine: Hls | null,
  video: HTMLVideoElement,
  changed: () => void,
): () => VideoTimeline | null {
  followers.get(video)?.();
  let details: PlaylistReading | null = null;
  let last: VideoTimeline | null = null;
  const check = () => {
    const next = engine
      ? details && timelineOfPlaylist(details, engine.liveSyncPosition, video.currentTime)
      : timelineOfElement(video);
    if (sameTimeline(next, last)) return;
    last = next;
    changed();
  };
  if (engine) {
    const onLevel = (_event: unknown, data: { details: PlaylistReading }) => {
      details = data.details;
      check();
    };
    engine.on(Hls.Events.LEVEL_UPDATED, onLevel);
    engine.on(Hls.Events.FRAG_CHANGED, check);
    followers.set(video, () => {
      engine.off(Hls.Events.LEVEL_UPDATED, onLevel);
      engine.off(Hls.Events.FRAG_CHANGED, check);
    });
  } else {
    const following = new AbortController();
    followers.set(video, () => following.abort());
    for (const type of ['loadedmetadata', 'durationchange', 'progress']) {
      video.addEventListener(type, check, { signal: following.signal });
    }
  }
  return () => last;
}

/**
 * The adapter of a channel's player (`createChannelController`): `createVideoJsAdapter` with hls.js set
 * up for live (`liveHlsConfig`) and `getTimeline()` / `timelinechange` following each load's timeline.
 */
export function createLiveVideoJsAdapter(
  container: HTMLElement,
  options: VideoJsAdapterOptions = {},
): VideoAdapter {
  let read: () => VideoTimeline | null = () => null;
  const adapter = createVideoJsAdapter(container, {
    ...options,
    hlsConfig: liveHlsConfig(options.hlsConfig),
    onLoad(engine, video, emit) {
      options.onLoad?.(engine, video, emit);
      read = followTimeline(engine, video, () => emit('timelinechange'));
    },
  });
  return { ...adapter, getTimeline: () => read() };
}
