import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChannelController } from './channel-controller.js';
import { createFakeAdapter, type FakeVideoAdapter } from './testing/fake-adapter.js';
import type {
  ChannelControllerOptions,
  PlayerChannel,
  PlayerChannelRelease,
  PlayerErrorCode,
  VideoTimeline,
} from './types.js';

// The channel controller end to end: the live rules (live-rules.test.ts) through the same runner as
// content, a fake engine that plays a live stream, fake timers for the preview and renewals.

const NINE_UTC = Date.parse('2026-11-25T09:00:00Z');
/** The window a live playlist gives after `seconds` of playback: 60 s of DVR, 2 s segments. */
function timelineAt(edge: number, patch: Partial<VideoTimeline> = {}): VideoTimeline {
  return {
    live: true,
    start: Math.max(0, edge + 6 - 60),
    end: edge + 6,
    liveEdge: edge,
    targetDuration: 2,
    dateAtZero: NINE_UTC,
    ...patch,
  };
}

function stream(channel: PlayerChannel, grant = 1, previewTimer: number | null = null): PlayerChannelRelease {
  const programme = channel.archiveStart ? `/archive/${encodeURIComponent(channel.archiveStart)}` : '';
  return {
    stream: { stream_url: `https://cdn.test/g${grant}/live/${channel.streamId}${programme}/master.m3u8` },
    drm: null,
    preview_timer: previewTimer,
  };
}

interface Setup extends Partial<ChannelControllerOptions> {
  previewTimer?: number | null;
  expiresIn?: number;
  /** The fake engine's media length: a live stream never ends by itself. */
  duration?: number;
}

function setup({
  previewTimer = null,
  expiresIn,
  duration = Number.POSITIVE_INFINITY,
  ...overrides
}: Setup = {}) {
  const adapters: FakeVideoAdapter[] = [];
  const goals: { goal: string; error_code: PlayerErrorCode }[] = [];
  let grant = 0;
  const loadChannel = vi.fn(async (channel: PlayerChannel) => {
    grant += 1;
    const answer = stream(channel, grant, previewTimer);
    return expiresIn === undefined ? answer : { ...answer, expires_in: expiresIn };
  });
  const controller = createChannelController({
    goods: { is_bought: true },
    channel: { streamId: 7 },
    loadChannel,
    adapterFactory: () => {
      const adapter = createFakeAdapter({ duration });
      adapters.push(adapter);
      return adapter;
    },
    analytics: { reachGoal: (goal, params) => goals.push({ goal, error_code: params.error_code }) },
    ...overrides,
  });
  const latest = () => {
    const adapter = adapters.at(-1);
    if (!adapter) throw new Error('no adapter created yet');
    return adapter;
  };
  return { controller, adapters, latest, loadChannel, goals, snap: () => controller.getSnapshot() };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createChannelController: live', () => {
  it('fetches the channel’s stream, plays it, and reports the window, the live edge and the wall clock', async () => {
    const { controller, latest, loadChannel, snap } = setup();
    expect(snap().live).toMatchObject({
      kind: 'live',
      channel: { streamId: 7, archiveStart: null },
      windowStart: null,
    });

    await controller.play();
    expect(loadChannel).toHaveBeenCalledWith({ streamId: 7, archiveStart: null });
    expect(latest().calls).toEqual(['load:https://cdn.test/g1/live/7/master.m3u8', 'play']);
    expect(snap()).toMatchObject({
      phase: 'playing',
      duration: 0,
      live: { atLiveEdge: false, canGoLive: false },
    });

    // hls.js read the playlist and started at its live edge.
    latest().seek(100);
    latest().setTimeline(timelineAt(100));
    expect(snap().live).toEqual({
      kind: 'live',
      channel: { streamId: 7, archiveStart: null },
      windowStart: 46,
      windowEnd: 100,
      atLiveEdge: true,
      canGoLive: false,
      playheadDate: NINE_UTC + 100_000,
      windowStartDate: NINE_UTC + 46_000,
      windowEndDate: NINE_UTC + 100_000,
    });
    latest().advance(1);
    expect(snap().live.playheadDate).toBe(NINE_UTC + 101_000);
    expect(snap().duration).toBe(0);
    controller.destroy();
  });

  it('publishes a new snapshot only when something in it changed', async () => {
    const { controller, latest, snap } = setup();
    await controller.play();
    latest().setTimeline(timelineAt(100));
    const before = snap();
    const listener = vi.fn();
    controller.subscribe(listener);
    latest().setTimeline(timelineAt(100));
    expect(listener).not.toHaveBeenCalled();
    expect(snap()).toBe(before);
    latest().setTimeline(timelineAt(102));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(snap().live.windowEnd).toBe(102);
    controller.destroy();
  });

  it('pause falls behind live; «В эфир» seeks to the edge and plays', async () => {
    const { controller, latest, snap } = setup();
    await controller.play();
    latest().seek(100);
    latest().setTimeline(timelineAt(100));
    controller.pause();
    // Ten seconds later the playlist moved on; the paused picture did not.
    latest().setTimeline(timelineAt(110));
    expect(snap()).toMatchObject({ phase: 'paused', live: { atLiveEdge: false, canGoLive: true } });

    await controller.goLive();
    expect(latest().calls.slice(-2)).toEqual(['seek:110', 'play']);
    expect(snap()).toMatchObject({
      phase: 'playing',
      currentTime: 110,
      live: { atLiveEdge: true, canGoLive: false },
    });
    controller.destroy();
  });

  it('paused past the window’s start, the picture moves to the oldest point still kept', async () => {
    const { controller, latest, snap } = setup();
    await controller.play();
    latest().seek(100);
    latest().setTimeline(timelineAt(100));
    controller.pause();
    latest().setTimeline(timelineAt(200)); // the window is now 146–206
    expect(latest().calls.at(-1)).toBe('seek:148');
    expect(snap()).toMatchObject({ phase: 'paused', currentTime: 148, live: { windowStart: 146 } });
    controller.destroy();
  });

  it('a buyer’s ← and seeks stay inside the DVR window', async () => {
    const { controller, latest, snap } = setup();
    await controller.play();
    latest().seek(100);
    latest().setTimeline(timelineAt(100));
    expect(controller.handleKey('ArrowLeft')).toBe(true);
    expect(snap().currentTime).toBe(90);
    controller.seekTo(0);
    expect(latest().calls.at(-1)).toBe('seek:46');
    controller.seekBy(1000);
    expect(snap().currentTime).toBe(100);
    controller.destroy();
  });
});

describe('createChannelController: the channel preview', () => {
  it('60 s of watched time by default (pauses do not count), then the final block as for VOD', async () => {
    const { controller, latest, snap } = setup({ goods: { is_bought: false } });
    await controller.play();
    expect(snap()).toMatchObject({ previewRemaining: 60, paywall: 'none', controlsEnabled: false });
    await vi.advanceTimersByTimeAsync(30_000);
    controller.pause();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(snap().previewRemaining).toBe(30);
    await controller.play();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(snap()).toMatchObject({
      previewRemaining: 0,
      previewExpired: true,
      paywall: 'final',
      phase: 'paused',
      muted: true,
      live: { canGoLive: false },
    });
    expect(latest().isPaused()).toBe(true);
    controller.destroy();
  });

  it('preview_timer overrides the default', async () => {
    const { controller, snap } = setup({ goods: { is_bought: false }, previewTimer: 15 });
    await controller.play();
    expect(snap().previewRemaining).toBe(15);
    controller.destroy();
  });

  it('a non-buyer’s stream cut by the server ends in the final block', async () => {
    const { controller, latest, snap } = setup({ goods: { is_bought: false } });
    await controller.play();
    latest().emit('ended');
    expect(snap()).toMatchObject({ paywall: 'final', previewRemaining: 0, muted: true });
    controller.destroy();
  });
});

describe('createChannelController: switching channels and the archive', () => {
  it('another channel plays in the same adapter and element: no new player is built', async () => {
    const { controller, adapters, latest, loadChannel, snap } = setup();
    await controller.play();
    latest().seek(100);
    latest().setTimeline(timelineAt(100));
    await controller.switchChannel({ streamId: 8 }, { is_bought: true });
    expect(adapters).toHaveLength(1);
    expect(loadChannel).toHaveBeenLastCalledWith({ streamId: 8, archiveStart: null });
    expect(latest().calls).toEqual([
      'load:https://cdn.test/g1/live/7/master.m3u8',
      'play',
      'seek:100',
      'pause',
      'load:https://cdn.test/g2/live/8/master.m3u8',
      'play',
    ]);
    expect(latest().destroyed).toBe(false);
    expect(snap()).toMatchObject({ phase: 'playing', live: { channel: { streamId: 8 }, windowStart: null } });
    controller.destroy();
  });

  it('channel up twice quickly: only the last channel plays', async () => {
    const { controller, latest, snap } = setup();
    await controller.play();
    const first = controller.switchChannel({ streamId: 8 }, { is_bought: true });
    const second = controller.switchChannel({ streamId: 9 }, { is_bought: true });
    await Promise.all([first, second]);
    expect(latest().source?.url).toBe('https://cdn.test/g3/live/9/master.m3u8');
    expect(snap()).toMatchObject({ phase: 'playing', live: { channel: { streamId: 9 } } });
    controller.destroy();
  });

  it('a channel without the package: its own preview and the final block', async () => {
    const { controller, snap } = setup();
    await controller.play();
    await controller.switchChannel({ streamId: 8 }, { is_bought: false });
    expect(snap()).toMatchObject({ isBought: false, previewRemaining: 60, controlsEnabled: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(snap().paywall).toBe('final');
    controller.destroy();
  });

  it('an archived programme plays from its start as VOD, dated from its start; «В эфир» returns to the broadcast', async () => {
    const start = '2026-11-25T12:00:00+03:00';
    const { controller, adapters, latest, loadChannel, snap } = setup({
      channel: { streamId: 7, archiveStart: start },
      duration: 3600,
    });
    await controller.play();
    expect(loadChannel).toHaveBeenCalledWith({ streamId: 7, archiveStart: start });
    expect(latest().calls).toEqual([
      `load:https://cdn.test/g1/live/7/archive/${encodeURIComponent(start)}/master.m3u8`,
      'play',
    ]);
    latest().advance(30);
    expect(snap().live).toMatchObject({
      kind: 'archive',
      atLiveEdge: false,
      canGoLive: true,
      windowStart: 0,
      windowEnd: 3600,
      playheadDate: Date.parse(start) + 30_000,
    });
    expect(snap().duration).toBe(3600);

    await controller.goLive();
    expect(loadChannel).toHaveBeenLastCalledWith({ streamId: 7, archiveStart: null });
    expect(adapters).toHaveLength(1);
    expect(snap()).toMatchObject({
      phase: 'playing',
      duration: 0,
      live: { kind: 'live', channel: { archiveStart: null } },
    });
    controller.destroy();
  });

  it('a failed channel call is a start error reported once', async () => {
    const loadChannel = vi.fn(async () => {
      throw new Error('503');
    });
    const { controller, goals, snap } = setup({ loadChannel });
    await controller.play();
    expect(snap()).toMatchObject({ phase: 'error', error: { code: 'RELEASE_LOAD_FAILED' } });
    expect(goals).toEqual([{ goal: 'MOVIE_STARTED_ERROR', error_code: 'RELEASE_LOAD_FAILED' }]);
    controller.destroy();
  });
});

describe('createChannelController: grant renewal (docs/decisions/022)', () => {
  it('renews the channel’s stream at a third of expires_in and hands the adapter the new URLs', async () => {
    const { controller, latest, loadChannel } = setup({ expiresIn: 60 });
    await controller.play();
    await controller.switchChannel({ streamId: 8 }, { is_bought: true });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(loadChannel).toHaveBeenLastCalledWith({ streamId: 8, archiveStart: null });
    expect(latest().calls.at(-1)).toBe('renewSource:https://cdn.test/g3/live/8/master.m3u8');
    controller.destroy();
  });

  it('a given stream is played without a call', async () => {
    const { controller, loadChannel, latest } = setup({ release: stream({ streamId: 7 }, 9) });
    await controller.play();
    expect(loadChannel).not.toHaveBeenCalled();
    expect(latest().source?.url).toBe('https://cdn.test/g9/live/7/master.m3u8');
    controller.destroy();
  });
});
