import { episodeNeighbours, playableEpisodeIds } from './episodes.js';
import { toPlayerError } from './errors.js';
import { resolvePreviewSeconds } from './preview.js';
import {
  type PaywallState,
  PLAYBACK_RATES,
  type PlayerClock,
  type PlayerController,
  type PlayerControllerOptions,
  type PlayerError,
  type PlayerErrorCode,
  type PlayerPhase,
  type PlayerQuality,
  type PlayerRelease,
  type PlayerSnapshot,
  PREVIEW_WATCHDOG_MS,
  SEEK_STEP_SECONDS,
  type VideoAdapter,
} from './types.js';

const TICK_MS = 1_000;
/**
 * A `seeking` event that moves the position by less than this is the engine's own nudge (hls.js skips
 * small buffer gaps by setting currentTime), not the viewer scrubbing: it does not trip the seek guard.
 */
const ENGINE_NUDGE_SECONDS = 1.5;
/** A non-buyer's stream that ends within this of the preview length was cut there by the server. */
const PREVIEW_CUT_TOLERANCE_SECONDS = 2;

const CANCELLED = Symbol('cancelled');

const defaultClock: PlayerClock = {
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

/** Mutable state behind the snapshot. */
interface State {
  phase: PlayerPhase;
  previewRemaining: number | null;
  previewExpired: boolean;
  paywall: PaywallState;
  isBought: boolean;
  muted: boolean;
  currentEpisodeId: number | null;
  currentTime: number;
  duration: number;
  qualities: readonly PlayerQuality[];
  quality: string | null;
  rate: number;
  pictureInPicture: boolean;
  error: PlayerError | null;
  release: PlayerRelease | null;
}

/**
 * Creates the play logic of one content card's player (SPEC §4, §6, §8, §9). The controller owns the
 * adapter's life: it creates one per load through `adapterFactory` and destroys it on reload, episode
 * change and `destroy()`.
 */
export function createPlayerController(options: PlayerControllerOptions): PlayerController {
  const clock = options.clock ?? defaultClock;
  const playable = playableEpisodeIds(options.episodes ?? []);
  const listeners = new Set<() => void>();

  const state: State = {
    phase: 'idle',
    previewRemaining: null,
    previewExpired: false,
    paywall: 'none',
    isBought: options.goods.is_bought,
    muted: false,
    currentEpisodeId:
      options.currentEpisodeId ?? (options.contentKind === 'series' ? (playable[0] ?? null) : null),
    currentTime: 0,
    duration: 0,
    qualities: [],
    quality: null,
    rate: 1,
    pictureInPicture: false,
    error: null,
    release: null,
  };

  // The release handed in by the caller, used once for the first load of the initial episode.
  let pendingRelease: PlayerRelease | null = options.release ?? null;
  let adapter: VideoAdapter | null = null;
  let adapterSubscriptions: (() => void)[] = [];
  /** Bumped by every reset: async steps of an older load see a different number and stop. */
  let generation = 0;
  let loading: Promise<void> | null = null;
  /** Settles the current load's pending step at once when the load is superseded or destroyed. */
  let cancelLoad: (() => void) | null = null;
  /** Playback reached `playing` at least once in the current load. */
  let started = false;
  /** This load already reported its start error (engines repeat a fatal error; one goal per load). */
  let startErrorReported = false;
  /** The install paywall paused a playing video and owes it a resume. */
  let pausedByInstallPaywall = false;
  /** Last position seen by timeupdate, to tell a scrub from the engine's nudges. */
  let lastKnownTime = 0;
  /** Seconds of preview granted for the current episode; null for buyers or before the first release. */
  let previewLimit: number | null = null;
  let countdownHandle: unknown = null;
  let watchdogHandle: unknown = null;
  let destroyed = false;
  let snapshot: PlayerSnapshot = buildSnapshot();

  function buildSnapshot(): PlayerSnapshot {
    const neighbours = episodeNeighbours(playable, state.currentEpisodeId);
    return Object.freeze({
      ...state,
      controlsEnabled: state.isBought,
      hasPreviousEpisode: neighbours.previous !== null,
      hasNextEpisode: neighbours.next !== null,
    });
  }

  /** Publishes a new snapshot when any field changed. */
  function publish(): void {
    if (destroyed) return;
    const next = buildSnapshot();
    const changed = (Object.keys(next) as (keyof PlayerSnapshot)[]).some(
      (key) => next[key] !== snapshot[key],
    );
    if (!changed) return;
    snapshot = next;
    for (const listener of [...listeners]) listener();
  }

  function isBlocked(): boolean {
    return !state.isBought && state.previewExpired;
  }

  // ---- preview countdown and watchdog ----

  function stopTimers(): void {
    if (countdownHandle !== null) clock.clearInterval(countdownHandle);
    if (watchdogHandle !== null) clock.clearInterval(watchdogHandle);
    countdownHandle = null;
    watchdogHandle = null;
  }

  /** Forgets the preview of the previous release (episode change, purchase, unsubscribe). */
  function resetPreview(): void {
    stopTimers();
    // The expired preview's mute was ours, not the viewer's: the next player starts with sound.
    if (state.previewExpired) state.muted = false;
    previewLimit = null;
    state.previewRemaining = null;
    state.previewExpired = false;
    if (state.paywall === 'final') state.paywall = 'none';
  }

  /** Arms the countdown for a non-buyer the first time a release of this episode arrives. */
  function armPreview(release: PlayerRelease): void {
    if (state.isBought || previewLimit !== null) return;
    previewLimit = resolvePreviewSeconds(release.preview_timer, options.contentKind, options.config);
    state.previewRemaining = previewLimit;
    countdownHandle = clock.setInterval(onCountdownTick, TICK_MS);
  }

  /** Counts only seconds of actual playback: a paused or covered video keeps its preview. */
  function onCountdownTick(): void {
    if (state.previewExpired || state.previewRemaining === null) return;
    if (state.phase !== 'playing' || state.paywall !== 'none') return;
    state.previewRemaining = Math.max(0, state.previewRemaining - 1);
    if (state.previewRemaining === 0) expirePreview();
    else publish();
  }

  function expirePreview(): void {
    state.previewRemaining = 0;
    blockPlayback(false);
  }

  /** The final block: pause, mute, optionally leave fullscreen, and keep it so with the watchdog. */
  function blockPlayback(leaveFullscreen: boolean): void {
    state.previewExpired = true;
    state.paywall = 'final';
    pausedByInstallPaywall = false;
    silence();
    if (leaveFullscreen && adapter?.isFullscreen()) {
      adapter.exitFullscreen().catch(() => {
        // Leaving fullscreen can be refused (no user gesture); the paused, muted video is what matters.
      });
    }
    if (countdownHandle !== null) clock.clearInterval(countdownHandle);
    countdownHandle = null;
    if (watchdogHandle === null) watchdogHandle = clock.setInterval(onWatchdogTick, PREVIEW_WATCHDOG_MS);
    publish();
  }

  function silence(): void {
    if (!adapter) return;
    adapter.pause();
    adapter.setMuted(true);
    state.muted = true;
    if (state.phase === 'playing') state.phase = 'paused';
  }

  /** SPEC §9: every 3 s, an expired preview that something resumed or unmuted is paused and muted again. */
  function onWatchdogTick(): void {
    if (!isBlocked() || !adapter) return;
    if (!adapter.isPaused() || !adapter.isMuted()) {
      silence();
      publish();
    }
  }

  // ---- adapter life ----

  function destroyAdapter(): void {
    for (const unsubscribe of adapterSubscriptions) unsubscribe();
    adapterSubscriptions = [];
    const current = adapter;
    adapter = null;
    started = false;
    pausedByInstallPaywall = false;
    lastKnownTime = 0;
    state.currentTime = 0;
    state.duration = 0;
    state.qualities = [];
    state.quality = null;
    state.pictureInPicture = false;
    current?.destroy();
  }

  function readTimes(source: VideoAdapter): void {
    const time = source.getCurrentTime();
    const duration = source.getDuration();
    state.currentTime = Number.isFinite(time) ? time : 0;
    state.duration = Number.isFinite(duration) ? duration : 0;
  }

  function attach(source: VideoAdapter): void {
    adapterSubscriptions = [
      source.on('loadedmetadata', () => {
        readTimes(source);
        state.qualities = source.getQualities();
        publish();
      }),
      source.on('qualitieschange', () => {
        state.qualities = source.getQualities();
        state.quality = source.getQuality();
        publish();
      }),
      source.on('timeupdate', () => {
        readTimes(source);
        lastKnownTime = state.currentTime;
        publish();
      }),
      source.on('playing', () => onPlaying(source)),
      source.on('pause', () => {
        if (state.phase === 'playing') state.phase = 'paused';
        publish();
      }),
      source.on('seeking', () => onSeeking(source)),
      source.on('ended', () => onEnded(source)),
      source.on('pictureinpicturechange', () => {
        state.pictureInPicture = source.isPictureInPicture();
        publish();
      }),
      source.on('error', (error) => fail(error)),
    ];
  }

  function onPlaying(source: VideoAdapter): void {
    started = true;
    if (isBlocked()) {
      // Something resumed an expired preview: stop it at once (the watchdog covers silent resumes).
      silence();
    } else if (state.paywall === 'install') {
      source.pause();
      pausedByInstallPaywall = true;
      state.phase = 'paused';
    } else {
      state.phase = 'playing';
      state.error = null;
    }
    publish();
  }

  function onSeeking(source: VideoAdapter): void {
    // Live: hls.js jumps to the live edge by itself when playback falls behind, so only the explicit
    // seek commands count there.
    if (state.isBought || !started || isBlocked() || options.contentKind === 'live') return;
    if (Math.abs(source.getCurrentTime() - lastKnownTime) < ENGINE_NUDGE_SECONDS) return;
    blockPlayback(true);
  }

  function onEnded(source: VideoAdapter): void {
    readTimes(source);
    if (!state.isBought && !state.previewExpired && previewLimit !== null) {
      if (state.duration >= previewLimit - PREVIEW_CUT_TOLERANCE_SECONDS) {
        expirePreview();
        return;
      }
    }
    const next = episodeNeighbours(playable, state.currentEpisodeId).next;
    if (next !== null && !isBlocked()) {
      void changeEpisode(next);
      return;
    }
    state.phase = 'ended';
    publish();
  }

  /** A load or start error: error phase, and the MOVIE_STARTED_ERROR goal unless playback had begun. */
  function fail(cause: unknown, fallback: PlayerErrorCode = 'UNKNOWN'): void {
    const error = toPlayerError(cause, fallback);
    const reportable = !started && !startErrorReported;
    if (reportable) startErrorReported = true;
    // A fatal error event can arrive while play() still waits on the engine (a refused licence leaves
    // the media element waiting for a key forever): end that wait so play() settles.
    cancelLoad?.();
    state.phase = 'error';
    state.error = error;
    if (reportable) options.analytics?.reachGoal('MOVIE_STARTED_ERROR', { error_code: error.code });
    publish();
  }

  /** Loads the release (unless one is pending), creates a fresh adapter and starts playback. */
  function load(): Promise<void> {
    cancelLoad?.();
    const current = ++generation;
    destroyAdapter();
    startErrorReported = false;
    state.phase = 'loading';
    state.error = null;
    publish();
    const isCurrent = () => current === generation && !destroyed;
    const cancelled = new Promise<typeof CANCELLED>((resolve) => {
      cancelLoad = () => resolve(CANCELLED);
    });
    // Each awaited step also ends when the load is cancelled, so play() never hangs on a dead engine.
    const step = <T>(promise: Promise<T>): Promise<T | typeof CANCELLED> =>
      Promise.race([promise, cancelled]);

    const run = async (): Promise<void> => {
      let release: PlayerRelease | typeof CANCELLED;
      try {
        release = pendingRelease ?? (await step(options.loadRelease(state.currentEpisodeId)));
      } catch (cause) {
        if (isCurrent()) fail(cause, 'RELEASE_LOAD_FAILED');
        return;
      }
      if (release === CANCELLED || !isCurrent()) return;
      pendingRelease = null;
      state.release = release;
      armPreview(release);
      publish();

      const creating = Promise.resolve().then(options.adapterFactory);
      let created: VideoAdapter | typeof CANCELLED;
      try {
        created = await step(creating);
      } catch (cause) {
        if (isCurrent()) fail(cause);
        return;
      }
      if (created === CANCELLED || !isCurrent()) {
        // An adapter that arrives after the load was cancelled is destroyed on arrival.
        creating.then(
          (late) => late.destroy(),
          () => {},
        );
        return;
      }
      adapter = created;
      attach(created);
      if (state.rate !== 1) created.setRate(state.rate);
      if (state.muted) created.setMuted(true);

      try {
        const loaded = await step(created.load({ url: release.content_url, drm: release.drm }));
        if (loaded === CANCELLED || !isCurrent()) return;
        readTimes(created);
        state.qualities = created.getQualities();
        if (isBlocked() || state.previewRemaining === 0) {
          // preview_timer 0 or an expired preview: nothing to play, straight to the final block.
          if (!state.previewExpired) expirePreview();
          state.phase = 'paused';
          publish();
          return;
        }
        if (state.paywall === 'install') {
          pausedByInstallPaywall = true;
          state.phase = 'paused';
          publish();
          return;
        }
        if ((await step(created.play())) === CANCELLED) return;
      } catch (cause) {
        if (isCurrent()) fail(cause);
        return;
      }
      if (!isCurrent()) return;
      if (state.phase === 'loading') state.phase = 'playing';
      started = true;
      publish();
    };

    const promise = run().finally(() => {
      if (loading === promise) loading = null;
      if (current === generation) cancelLoad = null;
    });
    loading = promise;
    return promise;
  }

  // ---- commands ----

  async function play(): Promise<void> {
    if (destroyed) return;
    if (loading) return loading;
    if (isBlocked() || state.paywall !== 'none') return;
    if (adapter && state.phase === 'paused') {
      try {
        await adapter.play();
        if (state.phase === 'paused' && !adapter.isPaused()) state.phase = 'playing';
        publish();
      } catch (cause) {
        fail(cause);
      }
      return;
    }
    if (state.phase === 'playing') return;
    return load();
  }

  function pause(): void {
    if (destroyed || !adapter) return;
    adapter.pause();
    if (state.phase === 'playing') state.phase = 'paused';
    publish();
  }

  /** Seeking is a buyer's control; a non-buyer's seek after play brings the final block (SPEC §4). */
  function guardSeek(): boolean {
    if (destroyed || !adapter) return false;
    if (state.isBought) return true;
    if (started && !isBlocked()) blockPlayback(true);
    return false;
  }

  function seekTo(seconds: number): void {
    if (!guardSeek() || !adapter) return;
    const duration = adapter.getDuration();
    const upper = Number.isFinite(duration) && duration > 0 ? duration : 0;
    const target = Math.min(Math.max(0, seconds), upper);
    adapter.seek(target);
    lastKnownTime = target;
    state.currentTime = target;
    publish();
  }

  function seekBy(deltaSeconds: number): void {
    if (!adapter) return;
    seekTo(adapter.getCurrentTime() + deltaSeconds);
  }

  function handleKey(key: string): boolean {
    if (destroyed) return false;
    switch (key) {
      case 'ArrowLeft':
        seekBy(-SEEK_STEP_SECONDS);
        return true;
      case 'ArrowRight':
        seekBy(SEEK_STEP_SECONDS);
        return true;
      case ' ':
        if (state.phase === 'playing') pause();
        else void play();
        return true;
      default:
        return false;
    }
  }

  function setQuality(id: string | null): void {
    if (destroyed || !state.isBought || !adapter) return;
    if (id !== null && !state.qualities.some((quality) => quality.id === id)) return;
    adapter.setQuality(id);
    state.quality = id;
    publish();
  }

  function setRate(rate: number): void {
    if (destroyed || !state.isBought) return;
    if (!(PLAYBACK_RATES as readonly number[]).includes(rate)) return;
    state.rate = rate;
    adapter?.setRate(rate);
    publish();
  }

  async function togglePictureInPicture(): Promise<void> {
    if (destroyed || !state.isBought || !adapter) return;
    const source = adapter;
    try {
      state.pictureInPicture = await source.togglePictureInPicture();
    } catch {
      // The browser refused (no support or no gesture): the state stays as the adapter reports it.
      state.pictureInPicture = source.isPictureInPicture();
    }
    publish();
  }

  function setMuted(muted: boolean): void {
    if (destroyed) return;
    if (!muted && isBlocked()) return;
    adapter?.setMuted(muted);
    state.muted = muted;
    publish();
  }

  function showInstallPaywall(): void {
    if (destroyed || state.paywall !== 'none') return;
    state.paywall = 'install';
    if (adapter && !adapter.isPaused()) {
      adapter.pause();
      pausedByInstallPaywall = true;
      if (state.phase === 'playing') state.phase = 'paused';
    }
    publish();
  }

  function hideInstallPaywall(): void {
    if (destroyed || state.paywall !== 'install') return;
    state.paywall = 'none';
    const resume = pausedByInstallPaywall;
    pausedByInstallPaywall = false;
    publish();
    if (resume && adapter) {
      const source = adapter;
      source.play().then(
        () => {
          if (adapter === source && state.phase === 'paused' && !source.isPaused()) state.phase = 'playing';
          publish();
        },
        (cause) => {
          if (adapter === source) fail(cause);
        },
      );
    }
  }

  /** Re-creates the player with a fresh release when it was in use; otherwise the next play loads it. */
  function restart(): Promise<void> {
    if (destroyed) return Promise.resolve();
    pendingRelease = null;
    if (state.phase === 'idle' && !adapter && !loading) {
      state.release = null;
      publish();
      return Promise.resolve();
    }
    return load();
  }

  function setBought(isBought: boolean): Promise<void> {
    if (destroyed) return Promise.resolve();
    state.isBought = isBought;
    resetPreview();
    state.paywall = 'none';
    return restart();
  }

  function changeEpisode(episodeId: number): Promise<void> {
    if (destroyed) return Promise.resolve();
    pendingRelease = null;
    state.currentEpisodeId = episodeId;
    state.release = null;
    resetPreview();
    if (state.paywall === 'install') state.paywall = 'none';
    options.onEpisodeChange?.(episodeId);
    return load();
  }

  function stepEpisode(direction: 'previous' | 'next'): Promise<void> {
    if (destroyed || !state.isBought) return Promise.resolve();
    const target = episodeNeighbours(playable, state.currentEpisodeId)[direction];
    return target === null ? Promise.resolve() : changeEpisode(target);
  }

  function destroy(): void {
    if (destroyed) return;
    cancelLoad?.();
    generation++;
    stopTimers();
    destroyAdapter();
    destroyed = true;
    listeners.clear();
    loading = null;
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    play,
    pause,
    seekBy,
    seekTo,
    handleKey,
    setQuality,
    setRate,
    togglePictureInPicture,
    setMuted,
    showInstallPaywall,
    hideInstallPaywall,
    setBought,
    reload: restart,
    changeEpisode,
    previousEpisode: () => stepEpisode('previous'),
    nextEpisode: () => stepEpisode('next'),
    destroy,
  };
}
