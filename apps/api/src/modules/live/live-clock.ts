import { LIVE_SEGMENT_SECONDS, LOOP_SEGMENTS } from '../../media/live-loops';

/**
 * The live timeline (docs/decisions/029): the wall clock cut into segments. Segment n of every channel
 * covers [n·4 s, (n+1)·4 s) since the Unix epoch, so its number is its media sequence number, its start is
 * its program date-time, and every instance computes the same playlist from the clock alone. Segment n
 * plays loop segment n mod 5 of the look of the programme on air at its start; a discontinuity precedes
 * every loop start (n ≡ 0 mod 5), so the discontinuity sequence counts loop starts — from
 * {@link DISCONTINUITY_EPOCH_MS}, not 1970 — and a whole minute, where guides start programmes, is always a
 * loop start, so a programme change is one of those discontinuities.
 */

export const SEGMENT_MS = LIVE_SEGMENT_SECONDS * 1000;
/** A live playlist without DVR (and a preview's): 6 segments, 24 s — hls.js plays 3 behind the edge. */
export const LIVE_WINDOW_SEGMENTS = 6;

/**
 * A live preview starts this many segments behind the edge at its grant: where hls.js starts a live
 * playlist (3 target durations behind its end: player-core's LIVE_SYNC_TARGET_DURATIONS), so the
 * player starts at once with those segments buffered, and nothing before them is listed.
 */
export const PREVIEW_LEAD_SEGMENTS = 3;
/** Segments a preview of `seconds` plays: the first that cover them, at least one. */
export const previewSegments = (seconds: number): number =>
  Math.max(1, Math.ceil(seconds / LIVE_SEGMENT_SECONDS));

/** The segment airing at `ms`. */
export const segmentAt = (ms: number): number => Math.floor(ms / SEGMENT_MS);
/** The first segment that starts at or after `ms` (a programme's first segment: it owns those on air at their start). */
export const segmentFrom = (ms: number): number => Math.ceil(ms / SEGMENT_MS);
/** When segment n starts (its EXT-X-PROGRAM-DATE-TIME), ms. */
export const segmentStart = (n: number): number => n * SEGMENT_MS;
/** The newest segment that has finished airing at `ms`: the live edge. */
export const liveEdge = (ms: number): number => segmentAt(ms) - 1;
/** Which segment of its loop segment n plays. */
export const loopIndexOf = (n: number): number => n % LOOP_SEGMENTS;
/** Whether segment n starts a loop: a discontinuity (timestamps restart, the look may change) comes before it. */
export const startsLoop = (n: number): boolean => n % LOOP_SEGMENTS === 0;
/**
 * Where the discontinuity sequence counts from: 2026-11-01 00:00 UTC, a loop start (every midnight is).
 * hls.js keeps its timestamp offsets in an array indexed by discontinuity sequence and copies it for the
 * first segment of every new source (the stream controller's `initPTS.slice(0)`): the copy walks the whole
 * length, so counted from 1970 (~90 million loop starts) it took ~0.85 s of every channel start and
 * switch, the bulk of both. From here the number is ~112 000 at the end of November 2026 and grows by
 * 4 320 a day (about 1 ms of that copy per 100 000). Never change it on a running service: a player
 * reloading the playlist would see the sequence jump.
 */
export const DISCONTINUITY_EPOCH_MS = Date.UTC(2026, 10, 1);
const FIRST_COUNTED_LOOP = Math.floor(DISCONTINUITY_EPOCH_MS / SEGMENT_MS / LOOP_SEGMENTS);
/**
 * The discontinuity sequence number of segment n: the loop starts since {@link DISCONTINUITY_EPOCH_MS}
 * (0 for a segment before it: none is listed by a service running after it — the archive and DVR look
 * back days at most).
 */
export const discontinuitySequenceOf = (n: number): number =>
  Math.max(0, Math.floor(n / LOOP_SEGMENTS) - FIRST_COUNTED_LOOP);

/** A programme as the playout sees it: when it airs and which look it plays. */
export interface AiredProgramme {
  startMs: number;
  endMs: number;
  look: number;
}

/** The segments a programme owns, [first, end): those whose start falls in it. */
export function segmentsOf(programme: { startMs: number; endMs: number }): { first: number; end: number } {
  return { first: segmentFrom(programme.startMs), end: segmentFrom(programme.endMs) };
}

/**
 * The look of every segment in [first, last]: the look of the programme on air at the segment's start,
 * look 0 where the guide has none (a gap, or a channel without a guide). `programmes` sorted by start.
 */
export function looksOf(first: number, last: number, programmes: readonly AiredProgramme[]): number[] {
  const looks: number[] = [];
  let p = 0;
  for (let n = first; n <= last; n++) {
    const at = segmentStart(n);
    while (p < programmes.length && programmes[p]!.endMs <= at) p++;
    const on = programmes[p];
    looks.push(on && on.startMs <= at ? on.look : 0);
  }
  return looks;
}

/** What a stream plays: the live channel, or one programme from its start (archive or start-over). */
export type StreamScope = { kind: 'live' } | { kind: 'programme'; startMs: number; endMs: number };

/** How a grant may watch: in full, or a preview of `seconds` from `fromMs` (live: the grant's start). */
export type StreamAccess = { preview: false } | { preview: true; seconds: number; fromMs: number };

/** The segments a playlist lists now and how it is typed. */
export interface StreamWindow {
  first: number;
  last: number;
  /** live: a sliding window; event: grows from the programme's start; vod: the whole programme. */
  type: 'live' | 'event' | 'vod';
  /** Nothing more will be added (ENDLIST): the programme is over, or the preview is. */
  ended: boolean;
}

/**
 * The segments a grant may ever fetch, [first, last] (keys and playlists are held to it):
 * - live in full: the DVR window behind the edge (`windowSegments`), and the edge;
 * - a live preview: `seconds` of video (rounded up to whole segments) from PREVIEW_LEAD_SEGMENTS behind
 *   the edge at the grant's start — the segments aired before the grant count, so a preview is never
 *   longer than its seconds + less than one segment (it listed the 6-segment live window at its start
 *   and then 60 s more: 84–88 s of video for a 60 s preview, issue 24);
 * - a programme: its segments; a preview of it, those starting in its first `seconds`.
 * `last` may lie in the future (it is capped by the edge where it matters: `windowAt`).
 */
export function allowedSegments(
  scope: StreamScope,
  access: StreamAccess,
  nowMs: number,
  windowSegments: number,
): { first: number; last: number } {
  if (scope.kind === 'programme') {
    const { first, end } = segmentsOf(scope);
    const cut = access.preview ? first + previewSegments(access.seconds) : end;
    return { first, last: Math.min(end, cut) - 1 };
  }
  if (access.preview) {
    const first = liveEdge(access.fromMs) - PREVIEW_LEAD_SEGMENTS + 1;
    return { first, last: first + previewSegments(access.seconds) - 1 };
  }
  const edge = liveEdge(nowMs);
  return { first: edge - windowSegments + 1, last: edge };
}

/**
 * The playlist's window at `nowMs`: what is allowed and has aired. A live playlist slides
 * (`windowSegments` long in full, LIVE_WINDOW_SEGMENTS in a preview); a programme that has ended is a
 * VOD playlist of all of it, one on air an EVENT playlist from its start to the edge. Undefined when
 * nothing has aired yet (a programme whose first segment is still airing, a preview granted by an
 * instance whose clock runs ahead).
 */
export function windowAt(
  scope: StreamScope,
  access: StreamAccess,
  nowMs: number,
  windowSegments: number,
): StreamWindow | undefined {
  const edge = liveEdge(nowMs);
  const allowed = allowedSegments(scope, access, nowMs, windowSegments);
  if (scope.kind === 'programme') {
    const over = segmentsOf(scope).end - 1 <= edge;
    const last = Math.min(allowed.last, edge);
    if (last < allowed.first) return undefined;
    const ended = last === allowed.last;
    return { first: allowed.first, last, type: over ? 'vod' : 'event', ended: over || ended };
  }
  const size = access.preview ? LIVE_WINDOW_SEGMENTS : windowSegments;
  const last = Math.min(edge, allowed.last);
  const first = Math.max(allowed.first, last - size + 1);
  // A preview granted by an instance whose clock runs ahead of this one's: nothing of it has aired here.
  if (last < first) return undefined;
  return { first, last, type: 'live', ended: access.preview && edge >= allowed.last };
}
