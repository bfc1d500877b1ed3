import type { LiveLoopId, MediaAssetMeta } from './store';
import { liveLoop } from './store';

/**
 * The live timeline's fixed shapes (docs/decisions/029), shared by the loops' packager (demo media) and
 * the playout (modules/live/live-clock.ts): segment n of every channel covers
 * [n·LIVE_SEGMENT_SECONDS, (n+1)·LIVE_SEGMENT_SECONDS) since the Unix epoch, and segment n plays segment
 * n mod LOOP_SEGMENTS of a loop. A loop is exactly LOOP_SEGMENTS segments of LIVE_SEGMENT_SECONDS: the
 * packager cuts on forced key frames at that length, and the playout refuses loops of another shape.
 */
export const LIVE_SEGMENT_SECONDS = 4;
/** Segments of a loop: 20 s, so every whole minute (where guides start programmes) is a loop start. */
export const LOOP_SEGMENTS = 5;
export const LOOP_SECONDS = LIVE_SEGMENT_SECONDS * LOOP_SEGMENTS;
/**
 * Looped sources (looks) per channel: programmes alternate between them, so the one that follows
 * another is told apart on screen (docs/decisions/029 "Looks").
 */
export const LOOKS = 2;

/**
 * Frames per second of the demo loops: a still picture but for its clock, so 4 are enough, and cost a
 * third less to encode than the titles' 8 (the first start's budget, docs/decisions/029).
 */
export const LOOP_FRAME_RATE = 4;

/** Every loop of a channel, look 0 first. */
export function loopsOf(channelId: number): LiveLoopId[] {
  return Array.from({ length: LOOKS }, (_, look) => liveLoop(channelId, look));
}

/** The label drawn under the channel's name on a look: «А», «Б». */
export const lookLabel = (look: number): string => 'АБВГДЕЖЗИК'[look] ?? String(look + 1);

/**
 * Whether a packaged loop has the timeline's shape: LOOP_SEGMENTS clear segments of
 * LIVE_SEGMENT_SECONDS in each rendition. The playout plays no other (never out of step), and
 * `media:package` checks the loops it packages against it.
 */
export function fitsLiveTimeline(meta: MediaAssetMeta): boolean {
  return (
    meta.encryption === 'none' &&
    meta.renditions.length > 0 &&
    meta.renditions.every(
      (r) =>
        r.segments.length === LOOP_SEGMENTS &&
        r.segments.every((s) => Math.abs(s.duration - LIVE_SEGMENT_SECONDS) < 0.05),
    )
  );
}
