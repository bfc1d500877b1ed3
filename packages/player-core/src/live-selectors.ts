/**
 * What a channel's UI derives from the state: the DVR window, whether it plays live, whether «В эфир»
 * would do something, the wall clock at the playhead (EXT-X-PROGRAM-DATE-TIME) and the programme on
 * air there (docs/decisions/031-player-live.md).
 */
import { selectPaywall, selectSnapshot } from './selectors.js';
import type { PlayerState } from './state.js';
import { isAtLiveEdge, seekableEnd } from './timeline.js';
import type { ChannelSnapshot, PlayerLiveSnapshot } from './types.js';

/** The live part of the snapshot; null for content (VOD). */
export function selectLive(state: PlayerState): PlayerLiveSnapshot | null {
  const stream = state.stream;
  if (stream.kind === 'vod') return null;
  const timeline = stream.timeline;
  const archive = stream.kind === 'archive';
  const known = archive ? state.duration > 0 : timeline !== null;
  const windowStart = !known ? null : archive ? 0 : (timeline?.start ?? null);
  const windowEnd = !known ? null : archive ? state.duration : timeline && seekableEnd(timeline);
  const atLiveEdge = !archive && isAtLiveEdge(timeline, state.currentTime);
  const open = state.access !== 'locked' && selectPaywall(state) === 'none';
  // An archived programme starts at media time 0: without program date-time, its start is its date.
  const dateAtZero = timeline?.dateAtZero ?? (archive ? parseDate(state.channel?.archiveStart) : null);
  const dateAt = (seconds: number | null) =>
    dateAtZero === null || seconds === null ? null : dateAtZero + seconds * 1000;
  return {
    kind: stream.kind,
    channel: state.channel,
    windowStart,
    windowEnd,
    atLiveEdge,
    canGoLive: open && (archive ? state.channel !== null : timeline?.liveEdge != null && !atLiveEdge),
    playheadDate: dateAt(state.currentTime),
    windowStartDate: dateAt(windowStart),
    windowEndDate: dateAt(windowEnd),
  };
}

function parseDate(text: string | null | undefined): number | null {
  const ms = text ? Date.parse(text) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
}

/** A channel controller's snapshot: the player's, plus `live` (a channel's stream is never VOD). */
export function selectChannelSnapshot(state: PlayerState): ChannelSnapshot {
  const live = selectLive(state);
  if (live === null) throw new Error('a channel controller plays a live or archive stream');
  return { ...selectSnapshot(state), live };
}

/** A programme of a schedule (SPEC §3 TV schedule item): start and end as ISO date-times. */
export interface TimedProgramme {
  readonly tv_air_date_start: string;
  readonly tv_air_date_end: string;
}

/**
 * The wall clock of what the player shows (ms since epoch): the playhead's program date-time; on live
 * before the playlist said, `now` (the edge is now); null for content and an archive of unknown date.
 * Takes a snapshot's `live`, so the UI can ask on every render.
 */
export function selectWallClock(live: PlayerLiveSnapshot | null | undefined, now: number): number | null {
  if (!live) return null;
  return live.playheadDate ?? (live.kind === 'live' ? now : null);
}

/**
 * The programme on air at the playhead (SPEC §4: its start is not after the time and its end is not
 * before it; the earliest when two touch — as `currentProgramme` of @kadr/schedule-utils). It moves on
 * by itself as the playhead's date does; paused or rewound, it is the programme being watched.
 */
export function selectProgrammeOnAir<T extends TimedProgramme>(
  live: PlayerLiveSnapshot | null | undefined,
  schedule: readonly T[],
  now: number,
): T | null {
  const at = selectWallClock(live, now);
  let found: T | null = null;
  if (at === null) return found;
  for (const item of schedule) {
    const start = Date.parse(item.tv_air_date_start);
    if (start > at || Date.parse(item.tv_air_date_end) < at) continue;
    if (found === null || start < Date.parse(found.tv_air_date_start)) found = item;
  }
  return found;
}
