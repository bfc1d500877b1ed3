// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VideoTimeline } from '../types.js';
import { Hls } from './hls-light.js';
import {
  createLiveVideoJsAdapter,
  followTimeline,
  LIVE_SYNC_TARGET_DURATIONS,
  liveHlsConfig,
  type PlaylistReading,
  timelineOfElement,
  timelineOfPlaylist,
} from './live.js';

// The live pieces of the video.js adapter that run without a browser: hls.js's settings, the timeline
// read from a playlist or the element, and the wiring to `timelinechange` (hls.js events triggered by
// hand; the browser run is e2e/live.e2e.ts).

const NINE_UTC = Date.parse('2026-11-25T09:00:00Z');

/** A live playlist of `count` 2 s segments from `first`, dated from 09:00 UTC at media time 0. */
function playlist(first: number, count: number, patch: Partial<PlaylistReading> = {}): PlaylistReading {
  return {
    live: true,
    targetduration: 2,
    fragments: Array.from({ length: count }, (_, index) => {
      const start = first + index * 2;
      return { start, duration: 2, programDateTime: NINE_UTC + start * 1000 };
    }),
    ...patch,
  };
}

describe('liveHlsConfig', () => {
  it('live three target durations behind the end, never pulled back to live by latency, no low-latency HLS', () => {
    expect(liveHlsConfig()).toEqual({
      lowLatencyMode: false,
      // A channel change waits for one segment: the lowest rendition's, no bandwidth test, fetched at once.
      startLevel: 0,
      testBandwidth: false,
      startFragPrefetch: true,
      liveSyncDurationCount: LIVE_SYNC_TARGET_DURATIONS,
      liveMaxLatencyDurationCount: Number.POSITIVE_INFINITY,
    });
  });

  it('keeps the app’s settings; its own sync settings replace ours whole (hls.js refuses a mix)', () => {
    expect(liveHlsConfig({ maxBufferLength: 10, lowLatencyMode: true })).toMatchObject({
      maxBufferLength: 10,
      lowLatencyMode: true,
      liveSyncDurationCount: 3,
    });
    const own = liveHlsConfig({ liveSyncDuration: 8, liveMaxLatencyDuration: 7200 });
    expect(own).toEqual({
      lowLatencyMode: false,
      startLevel: 0,
      testBandwidth: false,
      startFragPrefetch: true,
      liveSyncDuration: 8,
      liveMaxLatencyDuration: 7200,
    });
    expect(liveHlsConfig({ startLevel: -1 })).toMatchObject({ startLevel: -1 });
    // hls.js validates its configuration in the constructor: neither throws.
    new Hls(own).destroy();
    new Hls(liveHlsConfig()).destroy();
  });
});

describe('timelineOfPlaylist', () => {
  it('live: the window from the first segment to the end, the edge where hls.js plays, dates from the playhead’s segment', () => {
    expect(timelineOfPlaylist(playlist(100, 30), 153.5, 150)).toEqual<VideoTimeline>({
      live: true,
      start: 100,
      end: 160,
      liveEdge: 153.5,
      targetDuration: 2,
      dateAtZero: NINE_UTC,
    });
  });

  it('before hls.js knows its sync position the edge is the end less three target durations, inside the window', () => {
    expect(timelineOfPlaylist(playlist(100, 30), null, 0)?.liveEdge).toBe(154);
    expect(timelineOfPlaylist(playlist(100, 2), null, 0)?.liveEdge).toBe(100);
    expect(timelineOfPlaylist(playlist(100, 30), 999, 0)?.liveEdge).toBe(160);
  });

  it('program date-time that jumps at a discontinuity: the date of the segment under the playhead', () => {
    const jumped = playlist(0, 4);
    const fragments = jumped.fragments.map((fragment) =>
      fragment.start >= 4
        ? { ...fragment, programDateTime: (fragment.programDateTime as number) + 60_000 }
        : fragment,
    );
    const reading = { ...jumped, fragments };
    expect(timelineOfPlaylist(reading, null, 1)?.dateAtZero).toBe(NINE_UTC);
    expect(timelineOfPlaylist(reading, null, 5)?.dateAtZero).toBe(NINE_UTC + 60_000);
  });

  it('a finished playlist (archive): no live edge; the first dated segment dates it', () => {
    const archive = playlist(0, 1800, { live: false });
    const undated = {
      ...archive,
      fragments: archive.fragments.map((f, i) => (i === 0 ? { ...f, programDateTime: null } : f)),
    };
    expect(timelineOfPlaylist(undated, null, 0)).toEqual<VideoTimeline>({
      live: false,
      start: 0,
      end: 3600,
      liveEdge: null,
      targetDuration: 2,
      dateAtZero: NINE_UTC,
    });
  });

  it('without program date-time, no dates; an empty playlist, no timeline', () => {
    const undated = playlist(0, 3);
    const reading = {
      ...undated,
      fragments: undated.fragments.map((f) => ({ ...f, programDateTime: null })),
    };
    expect(timelineOfPlaylist(reading, null, 0)?.dateAtZero).toBeNull();
    expect(timelineOfPlaylist(playlist(0, 0), null, 0)).toBeNull();
  });
});

describe('timelineOfElement (native HLS)', () => {
  const ranges = (...pairs: [number, number][]) => ({
    length: pairs.length,
    start: (index: number) => pairs[index]![0],
    end: (index: number) => pairs[index]![1],
  });

  it('live: the seekable range, its end where Safari plays live, dated by getStartDate()', () => {
    expect(
      timelineOfElement({
        seekable: ranges([10, 50], [50, 7210]),
        duration: Number.POSITIVE_INFINITY,
        getStartDate: () => new Date(NINE_UTC),
      }),
    ).toEqual<VideoTimeline>({
      live: true,
      start: 10,
      end: 7210,
      liveEdge: 7210,
      targetDuration: null,
      dateAtZero: NINE_UTC,
    });
  });

  it('a finished stream has no live edge; an invalid start date is none; nothing seekable, no timeline', () => {
    expect(
      timelineOfElement({
        seekable: ranges([0, 3600]),
        duration: 3600,
        getStartDate: () => new Date(Number.NaN),
      }),
    ).toMatchObject({
      live: false,
      liveEdge: null,
      dateAtZero: null,
    });
    expect(timelineOfElement({ seekable: ranges(), duration: Number.NaN })).toBeNull();
  });
});

describe('followTimeline', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('reads hls.js’s playlist refreshes and segment changes, and says so only when the timeline changed', () => {
    const engine = new Hls();
    const video = document.createElement('video');
    const changed = vi.fn();
    const read = followTimeline(engine, video, changed);
    expect(read()).toBeNull();

    const details = playlist(0, 30);
    engine.trigger(Hls.Events.LEVEL_UPDATED, { details, level: 0 } as never);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(read()).toMatchObject({ start: 0, end: 60, liveEdge: 54, dateAtZero: NINE_UTC });

    engine.trigger(Hls.Events.FRAG_CHANGED, { frag: details.fragments[3] } as never);
    expect(changed).toHaveBeenCalledTimes(1);

    engine.trigger(Hls.Events.LEVEL_UPDATED, { details: playlist(2, 30), level: 0 } as never);
    expect(changed).toHaveBeenCalledTimes(2);
    expect(read()).toMatchObject({ start: 2, end: 62 });
    engine.destroy();
  });

  it('a new load on the same engine (a channel switch) replaces the previous load’s listeners', () => {
    const engine = new Hls();
    const video = document.createElement('video');
    const first = vi.fn();
    followTimeline(engine, video, first);
    const second = vi.fn();
    const read = followTimeline(engine, video, second);
    engine.trigger(Hls.Events.LEVEL_UPDATED, { details: playlist(0, 30), level: 0 } as never);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    expect(read()).toMatchObject({ start: 0, end: 60 });
    engine.destroy();
  });

  it('under native HLS follows the element, and a new load replaces the previous one’s listeners', () => {
    const video = document.createElement('video');
    let seekable = { length: 1, start: () => 0, end: () => 30 };
    Object.defineProperty(video, 'seekable', { get: () => seekable });
    Object.defineProperty(video, 'duration', { get: () => Number.POSITIVE_INFINITY });
    const first = vi.fn();
    followTimeline(null, video, first);
    const second = vi.fn();
    const read = followTimeline(null, video, second);
    video.dispatchEvent(new Event('durationchange'));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    seekable = { length: 1, start: () => 2, end: () => 32 };
    video.dispatchEvent(new Event('progress'));
    expect(second).toHaveBeenCalledTimes(2);
    expect(read()).toMatchObject({ live: true, start: 2, end: 32, liveEdge: 32 });
  });
});

describe('createLiveVideoJsAdapter', () => {
  it('reports the element’s timeline through getTimeline() and timelinechange', async () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const adapter = createLiveVideoJsAdapter(host);
    expect(adapter.getTimeline?.()).toBeNull();
    const video = host.querySelector('video') as HTMLVideoElement;
    Object.defineProperty(video, 'seekable', { get: () => ({ length: 1, start: () => 0, end: () => 20 }) });
    Object.defineProperty(video, 'duration', { get: () => Number.POSITIVE_INFINITY });
    // jsdom has neither MSE nor native HLS: the load is refused, and the element is still followed.
    vi.spyOn(video, 'canPlayType').mockReturnValue('maybe');
    const changes = vi.fn();
    adapter.on('timelinechange', changes);
    const loading = adapter.load({ url: 'https://cdn.test/live/7.m3u8', drm: null });
    video.dispatchEvent(new Event('loadedmetadata'));
    await loading;
    expect(changes).toHaveBeenCalledTimes(1);
    expect(adapter.getTimeline?.()).toMatchObject({ live: true, start: 0, end: 20, liveEdge: 20 });
    adapter.destroy();
    host.remove();
  });
});
