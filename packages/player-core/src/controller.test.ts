import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlayerController } from './controller.js';
import { createFakeAdapter, type FakeAdapterOptions, type FakeVideoAdapter } from './testing/fake-adapter.js';
import type { PlayerControllerOptions, PlayerErrorCode, PlayerRelease } from './types.js';

function release(previewTimer: number | null = 30, url = 'https://cdn.test/master.m3u8'): PlayerRelease {
  return { content_url: url, drm: null, preview_timer: previewTimer };
}

interface Setup extends Partial<PlayerControllerOptions> {
  adapterOptions?: FakeAdapterOptions;
  previewTimer?: number | null;
}

function setup({ adapterOptions, previewTimer = 30, ...overrides }: Setup = {}) {
  const adapters: FakeVideoAdapter[] = [];
  const goals: { goal: string; error_code: PlayerErrorCode }[] = [];
  const loadRelease = vi.fn(async (episodeId: number | null) =>
    release(previewTimer, `https://cdn.test/${episodeId ?? 'film'}.m3u8`),
  );
  const onEpisodeChange = vi.fn();
  const controller = createPlayerController({
    contentKind: 'film',
    goods: { is_bought: false },
    loadRelease,
    adapterFactory: () => {
      const adapter = createFakeAdapter(adapterOptions);
      adapters.push(adapter);
      return adapter;
    },
    analytics: { reachGoal: (goal, params) => goals.push({ goal, error_code: params.error_code }) },
    onEpisodeChange,
    ...overrides,
  });
  const latest = () => {
    const adapter = adapters.at(-1);
    if (!adapter) throw new Error('no adapter created yet');
    return adapter;
  };
  return {
    controller,
    adapters,
    latest,
    loadRelease,
    goals,
    onEpisodeChange,
    snap: () => controller.getSnapshot(),
  };
}

/** Lets queued promise callbacks run (the fake timers do not touch microtasks). */
async function flush(): Promise<void> {
  for (let index = 0; index < 20; index++) await Promise.resolve();
}

const SERIES = [{ EP_id: 1 }, { EP_id: 2, is_announce: true }, { EP_id: 3 }, { EP_id: 4 }];

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('start', () => {
  it('is idle until play, then loads the release, creates the adapter and plays', async () => {
    const { controller, latest, loadRelease, snap } = setup();
    expect(snap()).toMatchObject({ phase: 'idle', release: null, previewRemaining: null, paywall: 'none' });
    expect(loadRelease).not.toHaveBeenCalled();

    await controller.play();

    expect(loadRelease).toHaveBeenCalledWith(null);
    expect(latest().calls).toEqual(['load:https://cdn.test/film.m3u8', 'play']);
    expect(snap()).toMatchObject({
      phase: 'playing',
      previewRemaining: 30,
      duration: 1200,
      controlsEnabled: false,
    });
  });

  it('uses a release handed in for the first load and fetches afresh afterwards', async () => {
    const { controller, latest, loadRelease } = setup({
      release: release(30, 'https://cdn.test/given.m3u8'),
    });
    await controller.play();
    expect(loadRelease).not.toHaveBeenCalled();
    expect(latest().source?.url).toBe('https://cdn.test/given.m3u8');

    await controller.reload();
    expect(loadRelease).toHaveBeenCalledTimes(1);
    expect(latest().source?.url).toBe('https://cdn.test/film.m3u8');
  });

  it('passes the DRM of the release to the adapter', async () => {
    const drm = { type: 'clearkey' as const, license_server: 'https://api.test/licence' };
    const { controller, latest } = setup({ release: { ...release(), drm } });
    await controller.play();
    expect(latest().source).toEqual({ url: 'https://cdn.test/master.m3u8', drm });
  });

  it('a double play while loading makes one release call and one adapter', async () => {
    const { controller, adapters, loadRelease } = setup();
    const first = controller.play();
    const second = controller.play();
    await Promise.all([first, second]);
    expect(loadRelease).toHaveBeenCalledTimes(1);
    expect(adapters).toHaveLength(1);
  });

  it('play while playing does nothing; play while paused resumes the same adapter', async () => {
    const { controller, adapters, snap } = setup();
    await controller.play();
    await controller.play();
    expect(adapters).toHaveLength(1);
    expect(adapters[0]?.calls.filter((call) => call === 'play')).toHaveLength(1);

    controller.pause();
    expect(snap().phase).toBe('paused');
    await controller.play();
    expect(adapters).toHaveLength(1);
    expect(snap().phase).toBe('playing');
  });

  it('snapshots are frozen, stable between changes, and listeners hear each change', async () => {
    const { controller } = setup();
    const listener = vi.fn();
    const unsubscribe = controller.subscribe(listener);
    const before = controller.getSnapshot();
    expect(controller.getSnapshot()).toBe(before);
    expect(Object.isFrozen(before)).toBe(true);

    await controller.play();
    expect(listener).toHaveBeenCalled();
    expect(controller.getSnapshot()).not.toBe(before);

    unsubscribe();
    listener.mockClear();
    controller.pause();
    expect(listener).not.toHaveBeenCalled();
  });
});

/** A promise settled from outside. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (cause: unknown) => void = () => {};
  const promise = new Promise<T>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('the release call and the adapter factory overlap (time to first frame)', () => {
  it('calls the factory before the release call resolves, and loads once both are there', async () => {
    const call = deferred<PlayerRelease>();
    const { controller, adapters, latest, snap } = setup({ loadRelease: () => call.promise });
    const playing = controller.play();
    await flush();
    expect(adapters).toHaveLength(1);
    expect(latest().calls).toEqual([]);
    expect(snap()).toMatchObject({ phase: 'loading', release: null, previewRemaining: null });

    call.resolve(release(30));
    await playing;
    expect(latest().calls).toEqual(['load:https://cdn.test/master.m3u8', 'play']);
    expect(snap()).toMatchObject({ phase: 'playing', previewRemaining: 30 });
  });

  it('an adapter that comes after the release loads when it arrives', async () => {
    const factory = deferred<FakeVideoAdapter>();
    const adapter = createFakeAdapter();
    const { controller, loadRelease, snap } = setup({ adapterFactory: () => factory.promise });
    const playing = controller.play();
    await flush();
    expect(loadRelease).toHaveBeenCalledTimes(1);
    expect(snap()).toMatchObject({ phase: 'loading', previewRemaining: 30 });

    factory.resolve(adapter);
    await playing;
    expect(adapter.calls).toEqual(['load:https://cdn.test/film.m3u8', 'play']);
    expect(snap().phase).toBe('playing');
  });

  it('a failed release call while the factory runs: one goal, the late adapter is destroyed', async () => {
    const call = deferred<PlayerRelease>();
    const factory = deferred<FakeVideoAdapter>();
    const late = createFakeAdapter();
    const { controller, goals, snap } = setup({
      loadRelease: () => call.promise,
      adapterFactory: () => factory.promise,
    });
    const playing = controller.play();
    await flush();
    call.reject(new Error('HTTP 500'));
    await playing;
    expect(snap()).toMatchObject({ phase: 'error', error: { code: 'RELEASE_LOAD_FAILED' } });

    factory.resolve(late);
    await flush();
    expect(late.calls).toEqual(['destroy']);
    expect(goals).toEqual([{ goal: 'MOVIE_STARTED_ERROR', error_code: 'RELEASE_LOAD_FAILED' }]);
  });

  it('a failed release call after the adapter came: the adapter is destroyed, one goal', async () => {
    const call = deferred<PlayerRelease>();
    const { controller, latest, goals, snap } = setup({ loadRelease: () => call.promise });
    const playing = controller.play();
    await flush();
    call.reject(new Error('HTTP 500'));
    await playing;
    expect(latest().calls).toEqual(['destroy']);
    expect(snap()).toMatchObject({ phase: 'error', error: { code: 'RELEASE_LOAD_FAILED' } });
    expect(goals).toHaveLength(1);
  });

  it('a failed factory while the release call runs: one goal, the late release is ignored', async () => {
    const call = deferred<PlayerRelease>();
    const { controller, goals, snap } = setup({
      loadRelease: () => call.promise,
      adapterFactory: () => Promise.reject(new Error('chunk failed to load')),
    });
    const playing = controller.play();
    await playing;
    expect(snap()).toMatchObject({ phase: 'error', error: { code: 'UNKNOWN' } });

    call.resolve(release(30));
    await flush();
    expect(snap()).toMatchObject({ phase: 'error', release: null, previewRemaining: null });
    expect(goals).toEqual([{ goal: 'MOVIE_STARTED_ERROR', error_code: 'UNKNOWN' }]);
  });

  it('an episode change with both in flight drops both: the old adapter is destroyed on arrival', async () => {
    const calls: ReturnType<typeof deferred<PlayerRelease>>[] = [];
    const factories: ReturnType<typeof deferred<FakeVideoAdapter>>[] = [];
    const { controller, snap } = setup({
      contentKind: 'series',
      episodes: SERIES,
      goods: { is_bought: true },
      loadRelease: () => {
        const call = deferred<PlayerRelease>();
        calls.push(call);
        return call.promise;
      },
      adapterFactory: () => {
        const factory = deferred<FakeVideoAdapter>();
        factories.push(factory);
        return factory.promise;
      },
    });
    const first = controller.play();
    await flush();
    const changing = controller.changeEpisode(3);
    await flush();
    expect(calls).toHaveLength(2);
    expect(factories).toHaveLength(2);

    const stale = createFakeAdapter();
    const fresh = createFakeAdapter();
    factories[0]?.resolve(stale);
    calls[0]?.resolve(release(null, 'https://cdn.test/1.m3u8'));
    factories[1]?.resolve(fresh);
    calls[1]?.resolve(release(null, 'https://cdn.test/3.m3u8'));
    await Promise.all([first, changing]);
    expect(stale.calls).toEqual(['destroy']);
    expect(fresh.calls).toEqual(['load:https://cdn.test/3.m3u8', 'play']);
    expect(snap()).toMatchObject({ currentEpisodeId: 3, phase: 'playing' });
  });

  it('a reload of an expired preview fetches the release before it creates the adapter', async () => {
    let next: ReturnType<typeof deferred<PlayerRelease>> | null = null;
    const { controller, adapters, snap } = setup({
      previewTimer: 1,
      loadRelease: () => {
        if (next === null) return Promise.resolve(release(1));
        return next.promise;
      },
    });
    await controller.play();
    vi.advanceTimersByTime(1_000);
    expect(snap().previewExpired).toBe(true);

    next = deferred<PlayerRelease>();
    const reloading = controller.reload();
    await flush();
    expect(adapters).toHaveLength(1);

    next.resolve(release(1));
    await reloading;
    expect(adapters).toHaveLength(2);
    expect(adapters[1]?.calls).toEqual(['setMuted:true', 'load:https://cdn.test/master.m3u8']);
    expect(snap()).toMatchObject({ paywall: 'final', previewExpired: true, phase: 'paused' });
  });
});

describe('preview countdown', () => {
  it('counts down from preview_timer and at zero pauses, mutes and shows the final block', async () => {
    const { controller, latest, snap } = setup({ previewTimer: 5 });
    await controller.play();
    expect(snap().previewRemaining).toBe(5);

    vi.advanceTimersByTime(1_000);
    expect(snap().previewRemaining).toBe(4);
    vi.advanceTimersByTime(3_000);
    expect(snap()).toMatchObject({ previewRemaining: 1, paywall: 'none', phase: 'playing' });

    vi.advanceTimersByTime(1_000);
    expect(snap()).toMatchObject({
      previewRemaining: 0,
      previewExpired: true,
      paywall: 'final',
      phase: 'paused',
      muted: true,
    });
    expect(latest().isPaused()).toBe(true);
    expect(latest().isMuted()).toBe(true);
  });

  it.each([
    ['film', undefined, 600],
    ['series', undefined, 600],
    ['live', undefined, 60],
    ['film', { film: 60 as const }, 60],
  ] as const)(
    'without preview_timer a %s defaults to the configured seconds',
    async (kind, film, expected) => {
      const { controller, snap } = setup({
        previewTimer: null,
        contentKind: kind,
        config: film ? { defaultPreviewSeconds: film } : {},
      });
      await controller.play();
      expect(snap().previewRemaining).toBe(expected);
    },
  );

  it('does not count while paused or while the install paywall covers the video', async () => {
    const { controller, snap } = setup({ previewTimer: 10 });
    await controller.play();
    controller.pause();
    vi.advanceTimersByTime(5_000);
    expect(snap().previewRemaining).toBe(10);

    await controller.play();
    controller.showInstallPaywall();
    vi.advanceTimersByTime(5_000);
    expect(snap().previewRemaining).toBe(10);
  });

  it('buyers have no countdown and no paywall', async () => {
    const { controller, snap } = setup({ goods: { is_bought: true }, previewTimer: 3 });
    await controller.play();
    vi.advanceTimersByTime(10_000);
    expect(snap()).toMatchObject({
      previewRemaining: null,
      paywall: 'none',
      phase: 'playing',
      controlsEnabled: true,
    });
  });

  it('preview_timer 0 goes straight to the final block without playing', async () => {
    const { controller, latest, snap } = setup({ previewTimer: 0 });
    await controller.play();
    expect(latest().calls).not.toContain('play');
    expect(snap()).toMatchObject({ paywall: 'final', previewExpired: true, phase: 'paused' });
  });

  it('a non-buyer stream that ends at the preview length was cut there: final block, not the next episode', async () => {
    const { controller, latest, loadRelease, snap } = setup({
      previewTimer: 30,
      contentKind: 'series',
      episodes: SERIES,
      adapterOptions: { duration: 30 },
    });
    await controller.play();
    latest().advance(30);
    expect(snap()).toMatchObject({ paywall: 'final', previewExpired: true });
    expect(loadRelease).toHaveBeenCalledTimes(1);
  });

  it('after expiry play and unmute are refused', async () => {
    const { controller, latest, snap } = setup({ previewTimer: 1 });
    await controller.play();
    vi.advanceTimersByTime(1_000);
    const callsBefore = latest().calls.length;

    await controller.play();
    controller.setMuted(false);
    expect(latest().calls.length).toBe(callsBefore);
    expect(snap()).toMatchObject({ muted: true, paywall: 'final' });
  });
});

describe('watchdog', () => {
  it('re-pauses and re-mutes an expired preview resumed silently, within 3 s', async () => {
    const { controller, latest } = setup({ previewTimer: 1 });
    await controller.play();
    vi.advanceTimersByTime(1_000);
    const adapter = latest();
    adapter.resumeSilently();
    expect(adapter.isPaused()).toBe(false);

    vi.advanceTimersByTime(2_999);
    expect(adapter.isPaused()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(adapter.isPaused()).toBe(true);
    expect(adapter.isMuted()).toBe(true);
  });

  it('stops an expired preview at once when a playing event arrives', async () => {
    const { controller, latest, snap } = setup({ previewTimer: 1 });
    await controller.play();
    vi.advanceTimersByTime(1_000);
    const adapter = latest();
    adapter.setMuted(false);
    await adapter.play();
    expect(adapter.isPaused()).toBe(true);
    expect(adapter.isMuted()).toBe(true);
    expect(snap().phase).toBe('paused');
  });

  it('leaves a paused, muted expired preview alone', async () => {
    const { controller, latest } = setup({ previewTimer: 1 });
    await controller.play();
    vi.advanceTimersByTime(1_000);
    const count = latest().calls.length;
    vi.advanceTimersByTime(9_000);
    expect(latest().calls.length).toBe(count);
  });
});

describe('seek guard for non-buyers', () => {
  it('a seek after play shows the final block, pauses, mutes and leaves fullscreen', async () => {
    const { controller, latest, snap } = setup({ adapterOptions: { startFullscreen: true } });
    await controller.play();
    controller.seekBy(10);
    const adapter = latest();
    expect(adapter.calls.some((call) => call.startsWith('seek:'))).toBe(false);
    expect(adapter.calls).toEqual(expect.arrayContaining(['pause', 'setMuted:true', 'exitFullscreen']));
    expect(adapter.isFullscreen()).toBe(false);
    expect(snap()).toMatchObject({ paywall: 'final', phase: 'paused', muted: true, previewExpired: true });
  });

  it('the arrow keys count as a seek', async () => {
    const { controller, snap } = setup();
    await controller.play();
    expect(controller.handleKey('ArrowRight')).toBe(true);
    expect(snap().paywall).toBe('final');
  });

  it('scrubbing the native timeline counts as a seek, the engine nudging over a gap does not', async () => {
    const { controller, latest, snap } = setup();
    await controller.play();
    const adapter = latest();
    adapter.advance(5);
    adapter.scrubTo(5.4);
    expect(snap().paywall).toBe('none');

    adapter.scrubTo(300);
    expect(snap().paywall).toBe('final');
  });

  it('does nothing before playback started', async () => {
    const { controller, snap } = setup({ adapterOptions: { manualLoad: true } });
    const playing = controller.play();
    await flush();
    controller.seekTo(100);
    expect(snap().paywall).toBe('none');
    controller.destroy();
    await playing;
  });

  it('live: the engine jumping to the live edge is not a seek, the seek commands still are', async () => {
    const { controller, latest, snap } = setup({ contentKind: 'live' });
    await controller.play();
    latest().scrubTo(120);
    expect(snap().paywall).toBe('none');
    controller.seekBy(-10);
    expect(snap().paywall).toBe('final');
  });

  it('does not guard buyers: their native scrubbing is just a seek', async () => {
    const { controller, latest, snap } = setup({ goods: { is_bought: true } });
    await controller.play();
    latest().scrubTo(500);
    expect(snap().paywall).toBe('none');
  });
});

describe('install paywall', () => {
  it('pauses a playing video while visible and resumes it after', async () => {
    const { controller, latest, snap } = setup();
    await controller.play();
    controller.showInstallPaywall();
    expect(snap()).toMatchObject({ paywall: 'install', phase: 'paused' });
    expect(latest().isPaused()).toBe(true);

    controller.hideInstallPaywall();
    await flush();
    expect(snap()).toMatchObject({ paywall: 'none', phase: 'playing' });
    expect(latest().isPaused()).toBe(false);
  });

  it('does not resume a video the viewer had paused', async () => {
    const { controller, latest, snap } = setup();
    await controller.play();
    controller.pause();
    controller.showInstallPaywall();
    controller.hideInstallPaywall();
    await flush();
    expect(snap().phase).toBe('paused');
    expect(latest().calls.filter((call) => call === 'play')).toHaveLength(1);
  });

  it('cannot cover the final block, and hiding it when not shown does nothing', async () => {
    const { controller, snap } = setup({ previewTimer: 1 });
    await controller.play();
    controller.hideInstallPaywall();
    expect(snap().paywall).toBe('none');
    vi.advanceTimersByTime(1_000);
    controller.showInstallPaywall();
    expect(snap().paywall).toBe('final');
  });

  it('shown before the video loads, it holds playback until hidden', async () => {
    const { controller, latest, snap } = setup();
    controller.showInstallPaywall();
    await controller.play();
    expect(snap().phase).toBe('idle');
    controller.hideInstallPaywall();
    await controller.play();
    expect(latest().isPaused()).toBe(false);
  });
});

describe('is_bought changes', () => {
  it('true: reloads the release, re-creates the player, enables controls and hides the paywall', async () => {
    const { controller, adapters, loadRelease, snap } = setup({ previewTimer: 2 });
    await controller.play();
    vi.advanceTimersByTime(2_000);
    expect(snap().paywall).toBe('final');

    await controller.setBought(true);

    expect(loadRelease).toHaveBeenCalledTimes(2);
    expect(adapters).toHaveLength(2);
    expect(adapters[0]?.destroyed).toBe(true);
    expect(adapters[1]?.isPaused()).toBe(false);
    expect(snap()).toMatchObject({
      isBought: true,
      controlsEnabled: true,
      paywall: 'none',
      previewRemaining: null,
      previewExpired: false,
      muted: false,
      phase: 'playing',
    });
    // No watchdog left behind: the new player keeps playing.
    vi.advanceTimersByTime(10_000);
    expect(adapters[1]?.isPaused()).toBe(false);
  });

  it('before anything played: no call now, a fresh release on play', async () => {
    const { controller, loadRelease, snap } = setup({ release: release() });
    await controller.setBought(true);
    expect(loadRelease).not.toHaveBeenCalled();
    expect(snap()).toMatchObject({ controlsEnabled: true, phase: 'idle' });
    await controller.play();
    expect(loadRelease).toHaveBeenCalledTimes(1);
  });

  it('false (unsubscribed): reloads and starts the preview countdown', async () => {
    const { controller, adapters, snap } = setup({ goods: { is_bought: true }, previewTimer: 20 });
    await controller.play();
    await controller.setBought(false);
    expect(adapters).toHaveLength(2);
    expect(snap()).toMatchObject({ controlsEnabled: false, previewRemaining: 20, phase: 'playing' });
  });
});

describe('mute', () => {
  it('the viewer’s mute carries over to a re-created player', async () => {
    const { controller, adapters, snap } = setup({ goods: { is_bought: true } });
    await controller.play();
    controller.setMuted(true);
    await controller.reload();
    expect(adapters[1]?.isMuted()).toBe(true);
    expect(snap().muted).toBe(true);
  });

  it('the expired preview’s mute does not: a new episode starts with sound', async () => {
    const { controller, adapters, snap } = setup({
      contentKind: 'series',
      episodes: SERIES,
      previewTimer: 1,
    });
    await controller.play();
    vi.advanceTimersByTime(1_000);
    expect(snap().muted).toBe(true);
    await controller.changeEpisode(3);
    expect(adapters[1]?.isMuted()).toBe(false);
    expect(snap().muted).toBe(false);
  });
});

describe('episodes', () => {
  it('starts a series at its first playable episode and knows its neighbours', () => {
    const { snap } = setup({ contentKind: 'series', episodes: SERIES });
    expect(snap()).toMatchObject({ currentEpisodeId: 1, hasPreviousEpisode: false, hasNextEpisode: true });
  });

  it('an episode change resets the player and the preview and loads that release', async () => {
    const { controller, adapters, loadRelease, onEpisodeChange, snap } = setup({
      contentKind: 'series',
      episodes: SERIES,
      previewTimer: 3,
    });
    await controller.play();
    vi.advanceTimersByTime(3_000);
    expect(snap().paywall).toBe('final');

    await controller.changeEpisode(3);

    expect(loadRelease).toHaveBeenLastCalledWith(3);
    expect(onEpisodeChange).toHaveBeenCalledWith(3);
    expect(adapters[0]?.destroyed).toBe(true);
    expect(adapters[1]?.source?.url).toBe('https://cdn.test/3.m3u8');
    expect(snap()).toMatchObject({
      currentEpisodeId: 3,
      paywall: 'none',
      previewRemaining: 3,
      previewExpired: false,
      phase: 'playing',
      currentTime: 0,
      hasPreviousEpisode: true,
      hasNextEpisode: true,
    });
  });

  it('at the end of an episode the next playable one starts (announced ones skipped)', async () => {
    const { controller, latest, loadRelease, snap } = setup({
      contentKind: 'series',
      episodes: SERIES,
      goods: { is_bought: true },
      adapterOptions: { duration: 40 },
    });
    await controller.play();
    latest().advance(40);
    await flush();
    expect(loadRelease).toHaveBeenLastCalledWith(3);
    expect(snap()).toMatchObject({ currentEpisodeId: 3, phase: 'playing' });
  });

  it('the last episode just ends', async () => {
    const { controller, latest, loadRelease, snap } = setup({
      contentKind: 'series',
      episodes: SERIES,
      currentEpisodeId: 4,
      goods: { is_bought: true },
      adapterOptions: { duration: 40 },
    });
    await controller.play();
    latest().advance(40);
    await flush();
    expect(loadRelease).toHaveBeenCalledTimes(1);
    expect(snap()).toMatchObject({ phase: 'ended', currentEpisodeId: 4, hasNextEpisode: false });
  });

  it('a film just ends', async () => {
    const { controller, latest, snap } = setup({
      goods: { is_bought: true },
      adapterOptions: { duration: 40 },
    });
    await controller.play();
    latest().advance(40);
    expect(snap().phase).toBe('ended');
  });

  it('a non-buyer episode shorter than the preview plays on to the next one', async () => {
    const { controller, latest, loadRelease } = setup({
      contentKind: 'series',
      episodes: SERIES,
      previewTimer: 600,
      adapterOptions: { duration: 40 },
    });
    await controller.play();
    latest().advance(40);
    await flush();
    expect(loadRelease).toHaveBeenLastCalledWith(3);
  });

  it('previous and next episode buttons are buyer controls', async () => {
    const buyer = setup({ contentKind: 'series', episodes: SERIES, goods: { is_bought: true } });
    await buyer.controller.play();
    await buyer.controller.nextEpisode();
    expect(buyer.snap().currentEpisodeId).toBe(3);
    await buyer.controller.previousEpisode();
    expect(buyer.snap().currentEpisodeId).toBe(1);
    await buyer.controller.previousEpisode();
    expect(buyer.snap().currentEpisodeId).toBe(1);
    expect(buyer.loadRelease).toHaveBeenCalledTimes(3);

    const viewer = setup({ contentKind: 'series', episodes: SERIES });
    await viewer.controller.play();
    await viewer.controller.nextEpisode();
    expect(viewer.snap().currentEpisodeId).toBe(1);
    expect(viewer.loadRelease).toHaveBeenCalledTimes(1);
  });

  it('a quick second episode change wins over the first one still loading', async () => {
    const releases: ((value: PlayerRelease) => void)[] = [];
    const { controller, adapters, snap } = setup({
      contentKind: 'series',
      episodes: SERIES,
      goods: { is_bought: true },
      loadRelease: (episodeId) =>
        new Promise<PlayerRelease>((resolve) => {
          releases.push(resolve);
          void episodeId;
        }),
    });
    const first = controller.changeEpisode(3);
    const second = controller.changeEpisode(4);
    releases[1]?.(release(null, 'https://cdn.test/4.m3u8'));
    releases[0]?.(release(null, 'https://cdn.test/3.m3u8'));
    await Promise.all([first, second]);
    expect(adapters).toHaveLength(1);
    expect(adapters[0]?.source?.url).toBe('https://cdn.test/4.m3u8');
    expect(snap().currentEpisodeId).toBe(4);
  });
});

describe('buyer controls', () => {
  async function buyer(options: FakeAdapterOptions = {}) {
    const context = setup({ goods: { is_bought: true }, adapterOptions: { duration: 100, ...options } });
    await context.controller.play();
    return context;
  }

  it('seek ±10 s and the arrow keys, clamped to [0, duration]', async () => {
    const { controller, latest, snap } = await buyer();
    controller.seekBy(10);
    expect(snap().currentTime).toBe(10);
    expect(controller.handleKey('ArrowRight')).toBe(true);
    expect(snap().currentTime).toBe(20);
    expect(controller.handleKey('ArrowLeft')).toBe(true);
    expect(snap().currentTime).toBe(10);
    controller.seekBy(-30);
    expect(snap().currentTime).toBe(0);
    controller.seekTo(95);
    controller.handleKey('ArrowRight');
    expect(snap().currentTime).toBe(100);
    expect(latest().calls.filter((call) => call.startsWith('seek:'))).toEqual([
      'seek:10',
      'seek:20',
      'seek:10',
      'seek:0',
      'seek:95',
      'seek:100',
    ]);
    expect(snap().paywall).toBe('none');
  });

  it('space toggles play and pause; other keys are not handled', async () => {
    const { controller, snap } = await buyer();
    expect(controller.handleKey(' ')).toBe(true);
    expect(snap().phase).toBe('paused');
    expect(controller.handleKey(' ')).toBe(true);
    await flush();
    expect(snap().phase).toBe('playing');
    expect(controller.handleKey('Enter')).toBe(false);
  });

  it('quality: a known rendition or automatic; unknown ids are ignored', async () => {
    const qualities = [
      { id: '0', height: 360, bitrate: 800_000, label: '360p' },
      { id: '1', height: 720, bitrate: 2_500_000, label: '720p' },
    ];
    const { controller, latest, snap } = await buyer({ qualities });
    expect(snap().qualities).toEqual(qualities);
    controller.setQuality('1');
    expect(snap().quality).toBe('1');
    controller.setQuality('9');
    expect(snap().quality).toBe('1');
    controller.setQuality(null);
    expect(snap().quality).toBeNull();
    expect(latest().calls.filter((call) => call.startsWith('setQuality'))).toEqual([
      'setQuality:1',
      'setQuality:null',
    ]);
  });

  it('speed: one of the offered rates, kept across a re-created player', async () => {
    const { controller, adapters, snap } = await buyer();
    controller.setRate(1.5);
    controller.setRate(3);
    expect(snap().rate).toBe(1.5);
    await controller.reload();
    expect(adapters[1]?.getRate()).toBe(1.5);
  });

  it('picture-in-picture toggles and reports its state', async () => {
    const { controller, snap } = await buyer();
    await controller.togglePictureInPicture();
    expect(snap().pictureInPicture).toBe(true);
    await controller.togglePictureInPicture();
    expect(snap().pictureInPicture).toBe(false);
  });

  it('a refused picture-in-picture leaves the state as the adapter says', async () => {
    const { controller, latest, snap } = await buyer();
    latest().togglePictureInPicture = () => Promise.reject(new DOMException('no gesture', 'NotAllowedError'));
    await controller.togglePictureInPicture();
    expect(snap().pictureInPicture).toBe(false);
  });

  it('non-buyers get none of them', async () => {
    const { controller, latest, snap } = setup({
      adapterOptions: { qualities: [{ id: '0', height: 360, bitrate: 1, label: '360p' }] },
    });
    await controller.play();
    controller.setQuality('0');
    controller.setRate(2);
    await controller.togglePictureInPicture();
    expect(snap()).toMatchObject({ quality: null, rate: 1, pictureInPicture: false });
    expect(latest().calls).toEqual(['load:https://cdn.test/film.m3u8', 'play']);
  });
});

describe('errors', () => {
  it('a failed release call: error phase, MOVIE_STARTED_ERROR, and play retries', async () => {
    const loadRelease = vi
      .fn<(episodeId: number | null) => Promise<PlayerRelease>>()
      .mockRejectedValueOnce(new Error('HTTP 500'))
      .mockResolvedValueOnce(release());
    const { controller, adapters, goals, snap } = setup({ loadRelease });
    await controller.play();
    expect(snap()).toMatchObject({
      phase: 'error',
      error: { code: 'RELEASE_LOAD_FAILED', message: 'HTTP 500' },
    });
    expect(goals).toEqual([{ goal: 'MOVIE_STARTED_ERROR', error_code: 'RELEASE_LOAD_FAILED' }]);
    expect(adapters).toHaveLength(0);

    await controller.play();
    expect(snap()).toMatchObject({ phase: 'playing', error: null });
  });

  it('an adapter load error reports its code', async () => {
    const { controller, goals, snap } = setup({
      adapterOptions: { loadError: { code: 'MEDIA_NETWORK', message: 'manifestLoadError' } },
    });
    await controller.play();
    expect(snap()).toMatchObject({ phase: 'error', error: { code: 'MEDIA_NETWORK' } });
    expect(goals).toEqual([{ goal: 'MOVIE_STARTED_ERROR', error_code: 'MEDIA_NETWORK' }]);
  });

  it('a refused start is PLAY_REJECTED', async () => {
    const { controller, goals } = setup({
      adapterOptions: { playError: new DOMException('autoplay', 'NotAllowedError') },
    });
    await controller.play();
    expect(goals).toEqual([{ goal: 'MOVIE_STARTED_ERROR', error_code: 'PLAY_REJECTED' }]);
  });

  it('a fatal error event while the engine never starts settles play()', async () => {
    const { controller, latest, goals, snap } = setup({ adapterOptions: { manualLoad: true } });
    const playing = controller.play();
    await flush();
    latest().emit('error', { code: 'DRM_FAILED', message: 'licence 403' });
    await playing;
    expect(snap()).toMatchObject({ phase: 'error', error: { code: 'DRM_FAILED' } });
    expect(goals).toEqual([{ goal: 'MOVIE_STARTED_ERROR', error_code: 'DRM_FAILED' }]);
    latest().resolveLoad();
    await flush();
    expect(latest().calls).not.toContain('play');
  });

  it('an engine repeating its fatal error reports one goal per load', async () => {
    const { controller, latest, goals } = setup({ adapterOptions: { manualLoad: true } });
    const playing = controller.play();
    await flush();
    latest().emit('error', { code: 'DRM_FAILED', message: 'licence 403' });
    latest().emit('error', { code: 'DRM_FAILED', message: 'licence 403' });
    await playing;
    expect(goals).toHaveLength(1);
    const retry = controller.play();
    await flush();
    latest().emit('error', { code: 'MEDIA_NETWORK', message: 'again' });
    await retry;
    expect(goals).toHaveLength(2);
  });

  it('a factory that throws is UNKNOWN', async () => {
    const { controller, snap, goals } = setup({
      adapterFactory: () => Promise.reject(new Error('chunk failed to load')),
    });
    await controller.play();
    expect(snap().error).toEqual({ code: 'UNKNOWN', message: 'chunk failed to load' });
    expect(goals).toHaveLength(1);
  });

  it('an error before playing is a start error; one after playing is not reported again', async () => {
    const { controller, latest, goals, snap } = setup({ adapterOptions: { manualLoad: true } });
    const playing = controller.play();
    await flush();
    latest().emit('error', { code: 'DRM_FAILED', message: 'licence 403' });
    expect(goals).toEqual([{ goal: 'MOVIE_STARTED_ERROR', error_code: 'DRM_FAILED' }]);
    latest().rejectLoad({ code: 'DRM_FAILED', message: 'licence 403' });
    await playing;

    const second = setup();
    await second.controller.play();
    second.latest().emit('error', { code: 'MEDIA_DECODE', message: 'bufferAppendError' });
    expect(second.snap()).toMatchObject({ phase: 'error', error: { code: 'MEDIA_DECODE' } });
    expect(second.goals).toHaveLength(0);
    expect(snap().phase).toBe('error');
  });
});

describe('destroy', () => {
  it('during the release call: no adapter is ever created', async () => {
    let resolveRelease: (value: PlayerRelease) => void = () => {};
    const { controller, adapters, snap } = setup({
      loadRelease: () =>
        new Promise<PlayerRelease>((resolve) => {
          resolveRelease = resolve;
        }),
    });
    const playing = controller.play();
    const before = snap();
    controller.destroy();
    resolveRelease(release());
    await playing;
    expect(adapters).toHaveLength(0);
    expect(controller.getSnapshot()).toBe(before);
  });

  it('during the adapter load: the adapter is destroyed and never told to play', async () => {
    const { controller, latest } = setup({ adapterOptions: { manualLoad: true } });
    const playing = controller.play();
    await flush();
    controller.destroy();
    latest().resolveLoad();
    await playing;
    expect(latest().destroyed).toBe(true);
    expect(latest().calls).not.toContain('play');
  });

  it('with an async factory still pending: the late adapter is destroyed', async () => {
    let resolveAdapter: (adapter: FakeVideoAdapter) => void = () => {};
    const late = createFakeAdapter();
    const { controller } = setup({
      adapterFactory: () =>
        new Promise<FakeVideoAdapter>((resolve) => {
          resolveAdapter = resolve;
        }),
    });
    const playing = controller.play();
    await flush();
    controller.destroy();
    resolveAdapter(late);
    await playing;
    expect(late.destroyed).toBe(true);
    expect(late.calls).toEqual(['destroy']);
  });

  it('stops the timers and ignores later commands', async () => {
    const { controller, latest, loadRelease } = setup({ previewTimer: 2 });
    await controller.play();
    const listener = vi.fn();
    controller.subscribe(listener);
    controller.destroy();
    expect(latest().destroyed).toBe(true);
    vi.advanceTimersByTime(10_000);
    await controller.play();
    await controller.changeEpisode(5);
    controller.seekBy(10);
    expect(listener).not.toHaveBeenCalled();
    expect(loadRelease).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('intents made before the adapter is ready', () => {
  it('pause() during the first load is applied once the adapter is ready', async () => {
    const { controller, latest, snap } = setup();
    const playing = controller.play();
    controller.pause();
    expect(snap().phase).toBe('loading');
    await playing;
    expect(latest().calls).toEqual(['load:https://cdn.test/film.m3u8', 'play', 'pause']);
    expect(latest().isPaused()).toBe(true);
    expect(snap().phase).toBe('paused');
  });

  it('a later intent of the same key replaces the earlier one: play() drops a waiting pause()', async () => {
    const { controller, latest, snap } = setup();
    const first = controller.play();
    controller.pause();
    const second = controller.play();
    await Promise.all([first, second]);
    expect(latest().calls).not.toContain('pause');
    expect(snap().phase).toBe('playing');
  });

  it('a buyer’s seeks during a load: the last target wins', async () => {
    const { controller, latest, snap } = setup({ goods: { is_bought: true } });
    const playing = controller.play();
    controller.seekTo(10);
    controller.seekTo(20);
    await playing;
    expect(latest().calls.filter((call) => call.startsWith('seek:'))).toEqual(['seek:20']);
    expect(snap().currentTime).toBe(20);
  });

  it('a buyer’s quality choice before the first play is applied when the renditions are known', async () => {
    const qualities = [{ id: '1', height: 720, bitrate: 2_500_000, label: '720p' }];
    const { controller, latest, snap } = setup({ goods: { is_bought: true }, adapterOptions: { qualities } });
    controller.setQuality('1');
    await controller.play();
    expect(latest().calls).toContain('setQuality:1');
    expect(snap().quality).toBe('1');
  });

  it('a waiting picture-in-picture toggle settles once it was carried out', async () => {
    const { controller, snap } = setup({ goods: { is_bought: true } });
    const playing = controller.play();
    await controller.togglePictureInPicture();
    expect(snap().pictureInPicture).toBe(true);
    await playing;
  });

  it('a pause during an episode change pauses the new episode', async () => {
    const { controller, adapters, snap } = setup({
      contentKind: 'series',
      episodes: SERIES,
      goods: { is_bought: true },
    });
    await controller.play();
    const changing = controller.changeEpisode(3);
    controller.pause();
    await changing;
    expect(adapters[1]?.isPaused()).toBe(true);
    expect(snap()).toMatchObject({ currentEpisodeId: 3, phase: 'paused' });
  });

  it('a non-buyer’s seek during a load is refused, not kept for later', async () => {
    const { controller, latest, snap } = setup({ adapterOptions: { manualLoad: true } });
    const playing = controller.play();
    await flush();
    controller.seekTo(100);
    latest().resolveLoad();
    await playing;
    expect(snap()).toMatchObject({ paywall: 'none', phase: 'playing' });
    expect(latest().calls.some((call) => call.startsWith('seek:'))).toBe(false);
  });

  it('setBought(false) while a buyer’s seek waits: the seek is dropped, the new preview plays', async () => {
    const { controller, adapters, latest, snap } = setup({
      goods: { is_bought: true },
      previewTimer: 300,
      adapterOptions: { manualLoad: true },
    });
    const playing = controller.play();
    await flush();
    controller.seekBy(10);
    const downgraded = controller.setBought(false);
    await flush();
    latest().resolveLoad();
    await Promise.all([playing, downgraded]);
    expect(snap()).toMatchObject({
      phase: 'playing',
      paywall: 'none',
      previewExpired: false,
      muted: false,
      previewRemaining: 300,
      currentTime: 0,
    });
    expect(adapters.flatMap((adapter) => adapter.calls).some((call) => call.startsWith('seek:'))).toBe(false);
  });

  it('a failed release call while intents wait: they settle at once and the retry does not replay them', async () => {
    const loadRelease = vi
      .fn<(episodeId: number | null) => Promise<PlayerRelease>>()
      .mockRejectedValueOnce(new Error('HTTP 500'))
      .mockResolvedValueOnce(release());
    const { controller, latest, snap } = setup({ goods: { is_bought: true }, loadRelease });
    const playing = controller.play();
    controller.seekBy(10);
    let toggled = false;
    void controller.togglePictureInPicture().then(() => {
      toggled = true;
    });
    await playing;
    await flush();
    expect(snap().phase).toBe('error');
    expect(toggled).toBe(true);

    await controller.play();
    expect(latest().calls).toEqual(['load:https://cdn.test/master.m3u8', 'play']);
    expect(snap()).toMatchObject({ phase: 'playing', currentTime: 0, pictureInPicture: false });
  });

  it('a failed media load while a seek waits: the dead adapter is not told to seek, the retry does not seek', async () => {
    const created: FakeVideoAdapter[] = [];
    const { controller, snap } = setup({
      goods: { is_bought: true },
      adapterFactory: () => {
        const loadError = { code: 'MEDIA_NETWORK', message: 'manifestLoadError' } as const;
        const adapter = createFakeAdapter(created.length === 0 ? { loadError } : {});
        created.push(adapter);
        return adapter;
      },
    });
    const playing = controller.play();
    controller.seekTo(10);
    await playing;
    expect(snap().phase).toBe('error');

    await controller.play();
    expect(created[0]?.calls).toEqual(['load:https://cdn.test/film.m3u8', 'destroy']);
    expect(created[1]?.calls).toEqual(['load:https://cdn.test/film.m3u8', 'play']);
    expect(snap()).toMatchObject({ phase: 'playing', currentTime: 0 });
  });

  it('a failed adapter factory while a seek waits: the retry plays from the start', async () => {
    let attempts = 0;
    const created: FakeVideoAdapter[] = [];
    const { controller, snap } = setup({
      goods: { is_bought: true },
      adapterFactory: () => {
        attempts++;
        if (attempts === 1) return Promise.reject(new Error('chunk failed to load'));
        const adapter = createFakeAdapter();
        created.push(adapter);
        return adapter;
      },
    });
    const playing = controller.play();
    controller.seekTo(10);
    await playing;
    expect(snap().phase).toBe('error');

    await controller.play();
    expect(created[0]?.calls).toEqual(['load:https://cdn.test/film.m3u8', 'play']);
    expect(snap()).toMatchObject({ phase: 'playing', currentTime: 0 });
  });

  it('an episode change drops a seek waiting for the previous episode’s load', async () => {
    const { controller, adapters, snap } = setup({
      contentKind: 'series',
      episodes: SERIES,
      goods: { is_bought: true },
    });
    const playing = controller.play();
    controller.seekTo(30);
    const changing = controller.changeEpisode(3);
    await Promise.all([playing, changing]);
    expect(snap()).toMatchObject({ currentEpisodeId: 3, phase: 'playing', currentTime: 0 });
    expect(adapters.flatMap((adapter) => adapter.calls).some((call) => call.startsWith('seek:'))).toBe(false);
  });

  it('togglePictureInPicture() before any play resolves at once and is not carried out later', async () => {
    const { controller, latest, snap } = setup({ goods: { is_bought: true } });
    let toggled = false;
    void controller.togglePictureInPicture().then(() => {
      toggled = true;
    });
    await flush();
    expect(toggled).toBe(true);

    await controller.play();
    expect(latest().calls).toEqual(['load:https://cdn.test/film.m3u8', 'play']);
    expect(snap().pictureInPicture).toBe(false);
  });

  it('waiting intents die with destroy', async () => {
    const { controller, latest } = setup({ adapterOptions: { manualLoad: true } });
    const playing = controller.play();
    await flush();
    controller.pause();
    controller.destroy();
    latest().resolveLoad();
    await playing;
    expect(latest().calls).toEqual(['load:https://cdn.test/film.m3u8', 'destroy']);
  });
});

describe('grant renewal (docs/decisions/022)', () => {
  it('renews the release before its grant expires and hands the adapter the new URLs without a reload', async () => {
    let serial = 0;
    const loadRelease = vi.fn(async () => ({
      content_url: `https://cdn.test/grant-${++serial}/master.m3u8`,
      drm: null,
      preview_timer: null,
      expires_in: 300,
    }));
    const { controller, latest, snap } = setup({ goods: { is_bought: true }, loadRelease });
    await controller.play();
    expect(latest().calls).toEqual(['load:https://cdn.test/grant-1/master.m3u8', 'play']);

    await vi.advanceTimersByTimeAsync(100_000);
    await flush();
    expect(loadRelease).toHaveBeenCalledTimes(2);
    expect(latest().calls).toEqual([
      'load:https://cdn.test/grant-1/master.m3u8',
      'play',
      'renewSource:https://cdn.test/grant-2/master.m3u8',
    ]);
    expect(snap()).toMatchObject({ phase: 'playing' });

    await vi.advanceTimersByTimeAsync(100_000);
    await flush();
    expect(latest().calls.at(-1)).toBe('renewSource:https://cdn.test/grant-3/master.m3u8');
    controller.destroy();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(loadRelease).toHaveBeenCalledTimes(3);
  });

  it('renews at once when asked (the viewer signed in or out)', async () => {
    let serial = 0;
    const loadRelease = vi.fn(async () => ({
      content_url: `https://cdn.test/grant-${++serial}/master.m3u8`,
      drm: null,
      preview_timer: null,
      expires_in: 300,
    }));
    const { controller, latest } = setup({ goods: { is_bought: true }, loadRelease });
    await controller.play();
    controller.renewGrant();
    await flush();
    expect(latest().calls.at(-1)).toBe('renewSource:https://cdn.test/grant-2/master.m3u8');
  });

  it('keeps playing when a renewal fails, and tries again at the next tick', async () => {
    let fail = false;
    const loadRelease = vi.fn(async () => {
      if (fail) throw new Error('network down');
      return {
        content_url: 'https://cdn.test/g/master.m3u8',
        drm: null,
        preview_timer: null,
        expires_in: 300,
      };
    });
    const { controller, latest, snap } = setup({ goods: { is_bought: true }, loadRelease });
    await controller.play();
    fail = true;
    await vi.advanceTimersByTimeAsync(100_000);
    await flush();
    expect(snap()).toMatchObject({ phase: 'playing', error: null });
    fail = false;
    await vi.advanceTimersByTimeAsync(100_000);
    await flush();
    expect(latest().calls.at(-1)).toBe('renewSource:https://cdn.test/g/master.m3u8');
  });
});
