import type { VideoTimeline } from './types.js';

/**
 * The playhead counts as live while it is at most this many target durations behind the live edge
 * (hls.js keeps it about three behind the playlist's end; stalls and the edge moving between playlist
 * reads add a few seconds more). A 10 s step back leaves it with the usual 2–4 s segments.
 */
export const LIVE_EDGE_TOLERANCE_TARGET_DURATIONS = 3;

/** Target duration assumed when the engine does not report one (native HLS): the HLS spec's usual 6 s. */
export const DEFAULT_TARGET_DURATION_SECONDS = 6;

/** The timeline's target duration, or the assumed one. */
export function targetDurationOf(timeline: VideoTimeline): number {
  return timeline.targetDuration ?? DEFAULT_TARGET_DURATION_SECONDS;
}

/** How far a seek may go: the window's end at the live edge (beyond it is live anyway). */
export function seekableEnd(timeline: VideoTimeline): number {
  return timeline.liveEdge ?? timeline.end;
}

/** `seconds` inside the seekable window. */
export function clampToWindow(timeline: VideoTimeline, seconds: number): number {
  return Math.min(Math.max(timeline.start, seconds), seekableEnd(timeline));
}

/** The playhead is at the live edge of a live timeline, within the tolerance. */
export function isAtLiveEdge(timeline: VideoTimeline | null, currentTime: number): boolean {
  if (timeline?.liveEdge == null) return false;
  const tolerance = LIVE_EDGE_TOLERANCE_TARGET_DURATIONS * targetDurationOf(timeline);
  return currentTime >= timeline.liveEdge - tolerance;
}
