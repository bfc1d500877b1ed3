import { describe, expect, it } from 'vitest';
import {
  allowedSegments,
  discontinuitySequenceOf,
  LIVE_WINDOW_SEGMENTS,
  liveEdge,
  looksOf,
  PREVIEW_LEAD_SEGMENTS,
  type StreamAccess,
  segmentAt,
  segmentFrom,
  segmentStart,
  segmentsOf,
  startsLoop,
  windowAt,
} from './live-clock';

const at = (iso: string) => Date.parse(iso);
const FULL: StreamAccess = { preview: false };

describe('the live timeline', () => {
  it('numbers 4 s segments from the Unix epoch: a moment, its segment and the segment start agree', () => {
    const ms = at('2030-01-15T10:00:00Z');
    expect(segmentAt(ms)).toBe(ms / 4000);
    expect(segmentStart(segmentAt(ms))).toBe(ms);
    expect(segmentAt(ms + 3999)).toBe(ms / 4000);
    expect(segmentAt(ms + 4000)).toBe(ms / 4000 + 1);
    // The edge is the newest segment that has finished airing.
    expect(liveEdge(ms)).toBe(ms / 4000 - 1);
    expect(liveEdge(ms + 3999)).toBe(ms / 4000 - 1);
    expect(segmentFrom(ms + 1)).toBe(ms / 4000 + 1);
  });

  it('puts a discontinuity before every 20 s loop start; every whole minute is one', () => {
    const minute = segmentAt(at('2030-01-15T21:00:00Z'));
    expect(startsLoop(minute)).toBe(true);
    expect(startsLoop(minute + 5)).toBe(true);
    expect([1, 2, 3, 4].map((i) => startsLoop(minute + i))).toEqual([false, false, false, false]);
    expect(discontinuitySequenceOf(minute + 4)).toBe(discontinuitySequenceOf(minute));
    expect(discontinuitySequenceOf(minute + 5)).toBe(discontinuitySequenceOf(minute) + 1);
    // Every whole minute of a day is a loop start (15 segments a minute).
    for (let m = 0; m < 24 * 60; m += 7) expect(startsLoop(minute + m * 15)).toBe(true);
  });

  it('counts the discontinuity sequence from 2026-11-01, keeping it small (hls.js copies an array that long per source)', () => {
    const epoch = segmentAt(at('2026-11-01T00:00:00Z'));
    expect(startsLoop(epoch)).toBe(true);
    expect(discontinuitySequenceOf(epoch)).toBe(0);
    expect(discontinuitySequenceOf(epoch + 4)).toBe(0);
    expect(discontinuitySequenceOf(epoch + 5)).toBe(1);
    // 26 days of 4 320 loops.
    expect(discontinuitySequenceOf(segmentAt(at('2026-11-27T00:00:00Z')))).toBe(112_320);
    // Before it (no service lists such a segment), never negative.
    expect(discontinuitySequenceOf(epoch - 1)).toBe(0);
  });

  it('gives a segment the look of the programme on air at its start, look 0 in a gap', () => {
    const start = at('2030-01-15T20:59:56Z');
    const programmes = [
      { startMs: at('2030-01-15T20:00:00Z'), endMs: at('2030-01-15T21:00:00Z'), look: 1 },
      { startMs: at('2030-01-15T21:00:00Z'), endMs: at('2030-01-15T21:00:10Z'), look: 0 },
      // 21:00:10–21:00:16: nothing on air.
      { startMs: at('2030-01-15T21:00:16Z'), endMs: at('2030-01-15T22:00:00Z'), look: 1 },
    ];
    const first = segmentAt(start);
    // 20:59:56 → 1; 21:00:00, :04, :08 → 0; :12 gap → 0; :16 → 1.
    expect(looksOf(first, first + 5, programmes)).toEqual([1, 0, 0, 0, 0, 1]);
    // A programme owns the segments starting in it: 21:00:10 → 21:00:12 and on is not its.
    expect(segmentsOf(programmes[1]!)).toEqual({ first: first + 1, end: first + 4 });
  });
});

describe('playlist windows', () => {
  const now = at('2030-01-15T10:00:02Z');
  const edge = liveEdge(now);

  it('slides a full live window of the DVR length with the clock', () => {
    expect(windowAt({ kind: 'live' }, FULL, now, 450)).toEqual({
      first: edge - 449,
      last: edge,
      type: 'live',
      ended: false,
    });
    expect(windowAt({ kind: 'live' }, FULL, now + 4000, 450)).toMatchObject({
      first: edge - 448,
      last: edge + 1,
    });
  });

  it('gives a live preview its seconds of video from just behind the edge, sliding, then ends it', () => {
    const access: StreamAccess = { preview: true, seconds: 60, fromMs: now };
    const allowed = allowedSegments({ kind: 'live' }, access, now, 450);
    // 15 segments (60 s) from 3 behind the edge at the grant's start: those aired before it count.
    expect(allowed).toEqual({ first: edge - PREVIEW_LEAD_SEGMENTS + 1, last: edge - 2 + 14 });
    expect(windowAt({ kind: 'live' }, access, now, 450)).toEqual({
      first: edge - 2,
      last: edge,
      type: 'live',
      ended: false,
    });
    const later = windowAt({ kind: 'live' }, access, now + 30_000, 450)!;
    expect(later.last - later.first).toBe(LIVE_WINDOW_SEGMENTS - 1);
    // Past the preview the window stops at its last segment and the playlist ends.
    expect(windowAt({ kind: 'live' }, access, now + 600_000, 450)).toEqual({
      first: allowed.last - 5,
      last: allowed.last,
      type: 'live',
      ended: true,
    });
  });

  it('never lets a live preview list more than its seconds + one segment, wherever in a segment it starts', () => {
    for (const seconds of [1, 4, 10, 30, 59, 60, 61, 120])
      for (let offset = 0; offset < 4000; offset += 250) {
        const access: StreamAccess = { preview: true, seconds, fromMs: now + offset };
        const listed = new Set<number>();
        // Every playlist the grant gets, every 2 s from its start until long after its end.
        for (let t = now + offset; t < now + offset + (seconds + 300) * 1000; t += 2000) {
          const w = windowAt({ kind: 'live' }, access, t, 450);
          for (let n = w?.first ?? 0; w && n <= w.last; n++) listed.add(n);
        }
        const video = listed.size * 4;
        expect(video, `${seconds} s from +${offset} ms`).toBeGreaterThanOrEqual(seconds);
        expect(video, `${seconds} s from +${offset} ms`).toBeLessThan(seconds + 4);
        const allowed = allowedSegments({ kind: 'live' }, access, now + offset, 450);
        expect(Math.min(...listed)).toBe(allowed.first);
        expect(Math.max(...listed)).toBe(allowed.last);
      }
  });

  it('cuts a 4 s preview to one segment, ended as soon as it has aired', () => {
    const access: StreamAccess = { preview: true, seconds: 4, fromMs: now };
    expect(windowAt({ kind: 'live' }, access, now, 450)).toEqual({
      first: edge - 2,
      last: edge - 2,
      type: 'live',
      ended: true,
    });
  });

  it('has nothing yet for a preview granted by an instance whose clock runs ahead (no 500 on skew)', () => {
    const ahead: StreamAccess = { preview: true, seconds: 60, fromMs: now + 40_000 };
    expect(windowAt({ kind: 'live' }, ahead, now, 450)).toBeUndefined();
    expect(windowAt({ kind: 'live' }, ahead, now + 40_000, 450)).toMatchObject({ type: 'live' });
  });

  it('plays an ended programme as VOD from its first segment, a preview of it for its first seconds', () => {
    const programme = { kind: 'programme' as const, startMs: now - 3_600_000, endMs: now - 1_800_000 };
    const { first, end } = segmentsOf(programme);
    expect(windowAt(programme, FULL, now, 450)).toEqual({ first, last: end - 1, type: 'vod', ended: true });
    const preview = windowAt(programme, { preview: true, seconds: 10, fromMs: now }, now, 450);
    // Segments starting in the first 10 s: 0, 4, 8.
    expect(preview).toEqual({ first, last: first + 2, type: 'vod', ended: true });
  });

  it('plays the programme on air from its start as an EVENT playlist growing to the edge', () => {
    const programme = { kind: 'programme' as const, startMs: now - 60_000, endMs: now + 60_000 };
    const { first } = segmentsOf(programme);
    expect(windowAt(programme, FULL, now, 450)).toEqual({ first, last: edge, type: 'event', ended: false });
    expect(windowAt(programme, FULL, now + 8000, 450)).toMatchObject({ last: edge + 2, ended: false });
    // Once it has aired it is a VOD playlist of all of it.
    expect(windowAt(programme, FULL, now + 64_000, 450)).toMatchObject({ type: 'vod', ended: true });
    // Nothing has aired of a programme that started a moment ago.
    expect(windowAt({ ...programme, startMs: now - 1000 }, FULL, now, 450)).toBeUndefined();
  });
});
