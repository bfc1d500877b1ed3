import { playableEpisodeIds } from './episodes.js';
import { resolvePreviewSeconds } from './preview.js';
import { selectNeighbours, selectPaywall } from './selectors.js';
import type {
  PlayerEffect,
  PlayerEvent,
  PlayerLoadStep,
  PlayerState,
  PlayerTimer,
  PlayerTransition,
} from './state.js';
import {
  PLAYBACK_RATES,
  type PlayerControllerOptions,
  type PlayerError,
  type PlayerQuality,
  type PlayerRelease,
  PREVIEW_WATCHDOG_MS,
} from './types.js';

/** Interval of the preview countdown, in milliseconds. */
export const COUNTDOWN_TICK_MS = 1_000;
/**
 * A `seeking` that moves the position by less than this is the engine's own nudge (hls.js skips small
 * buffer gaps by setting currentTime), not the viewer scrubbing: it does not trip the seek guard.
 */
export const ENGINE_NUDGE_SECONDS = 1.5;
/** A non-buyer's stream that ends within this of the preview length was cut there by the server. */
export const PREVIEW_CUT_TOLERANCE_SECONDS = 2;

/** What `initialPlayerState` reads: the controller's options without the adapter, loader and callbacks. */
export type PlayerStateOptions = Pick<
  PlayerControllerOptions,
  'contentKind' | 'goods' | 'release' | 'episodes' | 'currentEpisodeId' | 'config'
>;

/** The state of a fresh controller: idle, nothing loaded, access from goods.is_bought. */
export function initialPlayerState(options: PlayerStateOptions): PlayerState {
  const playable = playableEpisodeIds(options.episodes ?? []);
  return {
    setup: { contentKind: options.contentKind, playable, config: options.config ?? {} },
    stream: options.contentKind === 'live' ? { kind: 'live', timeline: null } : { kind: 'vod' },
    output: { kind: 'local' },
    phase: 'idle',
    access: options.goods.is_bought ? 'full' : 'preview',
    preview: null,
    installPaywall: false,
    pausedByInstallPaywall: false,
    muted: false,
    currentEpisodeId:
      options.currentEpisodeId ?? (options.contentKind === 'series' ? (playable[0] ?? null) : null),
    channel: null,
    currentTime: 0,
    duration: 0,
    lastKnownTime: 0,
    qualities: [],
    quality: null,
    rate: 1,
    pictureInPicture: false,
    error: null,
    release: null,
    givenRelease: options.release ?? null,
    generation: 0,
    load: null,
    adapterAttached: false,
    started: false,
    startErrorReported: false,
    destroyed: false,
  };
}

/**
 * The play logic (SPEC §4, §6, §8, §9) as one pure step: the next state and the effects for the runner.
 * Events the rules ignore (a refused intent, a fact of an older generation, anything after destroy)
 * return the very same state object and no effects.
 */
export function reduce(state: PlayerState, event: PlayerEvent): PlayerTransition {
  if (state.destroyed) return { state, effects: [] };
  const step: Step = { state, effects: [] };
  apply(step, event);
  syncTimers(step, state);
  return step.effects.length === 0 && step.state === state ? { state, effects: [] } : step;
}

/**
 * One step of other rules over these helpers, as `reduce` takes its own: `change` edits a scratch copy,
 * then the timers follow the new state; a step that changed nothing returns the very same state. The
 * live rules (live-rules.ts) build theirs with it (`reduce` does not call it: content controllers, which
 * never load the live rules, do not ship it).
 */
export function transition(state: PlayerState, change: (step: Step) => void): PlayerTransition {
  const step: Step = { state, effects: [] };
  change(step);
  syncTimers(step, state);
  return step.effects.length === 0 && step.state === state ? { state, effects: [] } : step;
}

/** The transition being built: `reduce` is pure from outside, this is its scratch pad. */
export interface Step {
  state: PlayerState;
  effects: PlayerEffect[];
}

export function set(step: Step, patch: Partial<PlayerState>): void {
  step.state = { ...step.state, ...patch };
}

export function emit(step: Step, effect: PlayerEffect): void {
  step.effects.push(effect);
}

function apply(step: Step, event: PlayerEvent): void {
  const s = step.state;
  switch (event.type) {
    // ---- intents ----
    case 'play':
      play(step);
      return;
    case 'pause':
      if (!s.adapterAttached) return;
      emit(step, { type: 'adapter.pause' });
      if (s.phase === 'playing') set(step, { phase: 'paused' });
      return;
    case 'seek-by':
      if (!s.adapterAttached) return;
      seekTo(step, s.currentTime + event.deltaSeconds);
      return;
    case 'seek-to':
      seekTo(step, event.seconds);
      return;
    case 'set-quality':
      if (s.access !== 'full' || !s.adapterAttached) return;
      if (event.id !== null && !s.qualities.some((quality) => quality.id === event.id)) return;
      emit(step, { type: 'adapter.setQuality', id: event.id });
      set(step, { quality: event.id });
      return;
    case 'set-rate':
      if (s.access !== 'full' || !(PLAYBACK_RATES as readonly number[]).includes(event.rate)) return;
      if (s.adapterAttached) emit(step, { type: 'adapter.setRate', rate: event.rate });
      set(step, { rate: event.rate });
      return;
    case 'toggle-picture-in-picture':
      if (s.access !== 'full' || !s.adapterAttached) return;
      emit(step, { type: 'adapter.togglePictureInPicture', generation: s.generation });
      return;
    case 'set-muted':
      // The expired preview stays muted until access changes.
      if (!event.muted && s.access === 'locked') return;
      if (s.adapterAttached) emit(step, { type: 'adapter.setMuted', muted: event.muted });
      set(step, { muted: event.muted });
      return;
    case 'show-install-paywall':
      if (selectPaywall(s) !== 'none') return;
      set(step, { installPaywall: true });
      // `playing` is the adapter's last word on playback; a start still in flight is caught by the
      // `playing` fact, which pauses under the install paywall.
      if (s.adapterAttached && s.phase === 'playing') {
        emit(step, { type: 'adapter.pause' });
        set(step, { phase: 'paused', pausedByInstallPaywall: true });
      }
      return;
    case 'hide-install-paywall':
      if (!s.installPaywall) return;
      set(step, { installPaywall: false, pausedByInstallPaywall: false });
      if (s.pausedByInstallPaywall && s.adapterAttached) {
        emit(step, { type: 'adapter.play', generation: s.generation });
      }
      return;
    case 'set-bought':
      resetPreview(step);
      set(step, { access: event.isBought ? 'full' : 'preview', installPaywall: false });
      restart(step);
      return;
    case 'reload':
      restart(step);
      return;
    case 'change-episode':
      changeEpisode(step, event.episodeId);
      return;
    case 'previous-episode':
    case 'next-episode': {
      if (s.access !== 'full') return;
      const target = selectNeighbours(s)[event.type === 'next-episode' ? 'next' : 'previous'];
      if (target !== null) changeEpisode(step, target);
      return;
    }
    case 'destroy':
      detachAdapter(step);
      set(step, { destroyed: true, generation: s.generation + 1, load: null });
      return;

    // ---- answers to effects ----
    case 'release-loaded':
      if (!isCurrentLoad(s, event.generation, 'release')) return;
      useRelease(step, event.release);
      return;
    case 'adapter-created':
      if (!awaitsAdapter(s, event.generation)) return;
      set(step, { adapterAttached: true });
      // The viewer's rate and mute carry over to a re-created player.
      if (s.rate !== 1) emit(step, { type: 'adapter.setRate', rate: s.rate });
      if (s.muted) emit(step, { type: 'adapter.setMuted', muted: true });
      // Created beside a release call still running: the release loads it when it arrives.
      if (s.load?.step === 'adapter' && s.release !== null) loadMedia(step, s.release);
      return;
    case 'media-loaded':
      if (!isCurrentLoad(s, event.generation, 'media')) return;
      mediaLoaded(step, event.currentTime, event.duration, event.qualities);
      return;
    case 'play-started':
      if (event.generation !== s.generation) return;
      if (s.load?.step === 'start') {
        set(step, { load: null, started: true, phase: s.phase === 'loading' ? 'playing' : s.phase });
      } else if (s.phase === 'paused' && !event.paused) {
        set(step, { phase: 'playing' });
      }
      return;
    case 'release-failed':
    case 'adapter-failed':
    case 'media-failed':
    case 'play-failed':
      if (event.generation !== s.generation) return;
      fail(step, event.error);
      return;

    // ---- adapter events ----
    case 'metadata-loaded':
      set(step, { ...times(event.currentTime, event.duration), qualities: event.qualities });
      return;
    case 'time-updated': {
      const read = times(event.currentTime, event.duration);
      set(step, { ...read, lastKnownTime: read.currentTime });
      return;
    }
    case 'qualities-changed':
      set(step, { qualities: event.qualities, quality: event.quality });
      return;
    case 'picture-in-picture-changed':
      set(step, { pictureInPicture: event.active });
      return;
    case 'playing':
      playing(step);
      return;
    case 'paused':
      if (s.phase === 'playing') set(step, { phase: 'paused' });
      return;
    case 'seeking':
      seeking(step, event.currentTime);
      return;
    case 'ended':
      ended(step, event.currentTime, event.duration);
      return;
    case 'media-error':
      fail(step, event.error);
      return;

    // ---- timers ----
    case 'countdown-tick':
      countdownTick(step);
      return;
    case 'renewal-tick':
    case 'renew-grant':
      // The tick only comes while the renewal timer runs; the intent asks for the same condition.
      if (!runningTimers(s).renewal) return;
      emit(step, { type: 'release.renew', generation: s.generation, episodeId: s.currentEpisodeId });
      return;
    case 'release-renewed':
      if (event.generation !== s.generation || s.load !== null || s.release === null) return;
      if (s.access === 'full' && event.release.preview_timer !== null) {
        // The server now answers a preview: the package ended (revoked, unsubscribed). The grant being
        // played stops at the next key, so go back to a preview now, as `set-bought false` does.
        resetPreview(step);
        set(step, { access: 'preview', installPaywall: false });
        restart(step);
        return;
      }
      // Same video, fresh grant: the adapter swaps the URLs it asks from now on; nothing reloads.
      set(step, { release: event.release });
      emit(step, {
        type: 'adapter.renewSource',
        source: { url: event.release.content_url, drm: event.release.drm },
      });
      return;
    case 'release-renew-failed':
      // The grant still has two thirds of its life: the next tick tries again (docs/decisions/022).
      return;
    case 'watchdog-tick':
      // SPEC §9: every 3 s, an expired preview that something resumed or unmuted is paused and muted again.
      if (s.access !== 'locked' || !s.adapterAttached || event.adapter === null) return;
      if (!event.adapter.paused || !event.adapter.muted) silence(step);
      return;
    default:
      // A new member of PlayerEvent without its case lands here: the build breaks until it has one.
      unhandled(event);
      return;
  }
}

function unhandled(event: never): void {
  void event;
}

function isCurrentLoad(state: PlayerState, generation: number, step: PlayerLoadStep): boolean {
  return generation === state.generation && state.load?.step === step;
}

/**
 * The current load asked for an adapter that has not arrived: after its release (`adapter`), or beside
 * the release call still running (`release` with `adapterRequested`).
 */
function awaitsAdapter(state: PlayerState, generation: number): boolean {
  if (generation !== state.generation || state.adapterAttached) return false;
  const load = state.load;
  if (load?.step === 'adapter') return state.release !== null;
  return load?.step === 'release' && load.adapterRequested;
}

function times(currentTime: number, duration: number): { currentTime: number; duration: number } {
  return {
    currentTime: Number.isFinite(currentTime) ? currentTime : 0,
    duration: Number.isFinite(duration) ? duration : 0,
  };
}

// ---- play, load, restart ----

export function play(step: Step): void {
  const s = step.state;
  // A play during a load joins it (the runner hands back that load's promise).
  if (s.load !== null) return;
  if (s.access === 'locked' || selectPaywall(s) !== 'none') return;
  if (s.adapterAttached && s.phase === 'paused') {
    emit(step, { type: 'adapter.play', generation: s.generation });
    return;
  }
  if (s.phase === 'playing') return;
  startLoad(step);
}

/** Destroys the adapter (if any) and forgets what it reported. */
function detachAdapter(step: Step): void {
  if (step.state.adapterAttached) emit(step, { type: 'adapter.destroy' });
  set(step, {
    adapterAttached: false,
    started: false,
    pausedByInstallPaywall: false,
    lastKnownTime: 0,
    currentTime: 0,
    duration: 0,
    qualities: [],
    quality: null,
    pictureInPicture: false,
  });
}

/**
 * A new load: a fresh generation, the old adapter gone, then the release (given or fetched). A fetched
 * release and the adapter are asked for together: building the player (video.js) costs about as much
 * as the release call, so the first frame comes sooner when they overlap. The adapter only gets a
 * source (`adapter.load`) once the release is there and has armed the preview.
 */
export function startLoad(step: Step): void {
  detachAdapter(step);
  const s = step.state;
  const generation = s.generation + 1;
  set(step, { generation, startErrorReported: false, phase: 'loading', error: null });
  if (s.givenRelease !== null) {
    const release = s.givenRelease;
    set(step, { givenRelease: null, load: { step: 'release', adapterRequested: false } });
    useRelease(step, release);
    return;
  }
  // A reload of a preview with nothing left to play ends in the final block without playing: no first
  // frame to hurry, so it keeps the release → adapter order (and builds no player if the call fails).
  const adapterRequested = !previewSpent(s);
  set(step, { load: { step: 'release', adapterRequested } });
  emit(step, { type: 'release.load', generation, episodeId: s.currentEpisodeId });
  if (adapterRequested) emit(step, { type: 'adapter.create', generation });
}

/** The viewer's preview is over (locked, or at zero): a load can only show the final block. */
function previewSpent(state: PlayerState): boolean {
  return state.access === 'locked' || state.preview?.remaining === 0;
}

function useRelease(step: Step, release: PlayerRelease): void {
  const s = step.state;
  set(step, { release });
  // Arms the countdown for a non-buyer the first time a release of this episode arrives.
  if (s.access !== 'full' && s.preview === null) {
    const limit = resolvePreviewSeconds(release.preview_timer, s.setup.contentKind, s.setup.config);
    set(step, { preview: { limit, remaining: limit } });
  }
  // The adapter created beside the release call came first: it loads now.
  if (s.adapterAttached) {
    loadMedia(step, release);
    return;
  }
  set(step, { load: { step: 'adapter' } });
  const requested = s.load?.step === 'release' && s.load.adapterRequested;
  if (!requested) emit(step, { type: 'adapter.create', generation: s.generation });
}

/** Both the release and the adapter are there: hand the adapter its source. */
function loadMedia(step: Step, release: PlayerRelease): void {
  const { content_url: url, drm } = release;
  set(step, { load: { step: 'media' } });
  emit(step, { type: 'adapter.load', generation: step.state.generation, source: { url, drm } });
}

function mediaLoaded(
  step: Step,
  currentTime: number,
  duration: number,
  qualities: readonly PlayerQuality[],
): void {
  set(step, { ...times(currentTime, duration), qualities });
  const s = step.state;
  if (s.access === 'locked' || s.preview?.remaining === 0) {
    // preview_timer 0 or an expired preview: nothing to play, straight to the final block.
    if (s.access !== 'locked') lock(step, false);
    set(step, { phase: 'paused', load: null });
    return;
  }
  if (s.installPaywall) {
    set(step, { phase: 'paused', load: null, pausedByInstallPaywall: true });
    return;
  }
  set(step, { load: { step: 'start' } });
  emit(step, { type: 'adapter.play', generation: s.generation });
}

/** Re-creates the player with a fresh release when it was in use; otherwise the next play loads it. */
function restart(step: Step): void {
  set(step, { givenRelease: null });
  const s = step.state;
  if (s.phase === 'idle' && !s.adapterAttached && s.load === null) {
    set(step, { release: null });
    return;
  }
  startLoad(step);
}

function changeEpisode(step: Step, episodeId: number): void {
  set(step, { givenRelease: null, currentEpisodeId: episodeId, release: null, installPaywall: false });
  resetPreview(step);
  emit(step, { type: 'episode.changed', episodeId });
  startLoad(step);
}

/** A load or start error: error phase, and the MOVIE_STARTED_ERROR goal unless playback had begun. */
function fail(step: Step, error: PlayerError): void {
  // A load that fails before its release arrived leaves no player behind, as when the adapter was only
  // created after the release: the one built beside the call has nothing to show.
  if (step.state.load?.step === 'release' && step.state.adapterAttached) detachAdapter(step);
  const s = step.state;
  const reportable = !s.started && !s.startErrorReported;
  // A new generation abandons the load in flight: a refused licence leaves the media element waiting
  // for a key forever, and play() must settle; a late answer of that load is ignored.
  set(step, {
    phase: 'error',
    error,
    load: null,
    generation: s.generation + 1,
    startErrorReported: s.startErrorReported || reportable,
  });
  if (reportable) {
    emit(step, { type: 'analytics', goal: 'MOVIE_STARTED_ERROR', params: { error_code: error.code } });
  }
}

// ---- preview, final block, seek guard ----

/** Forgets the preview of the previous release (episode change, purchase, unsubscribe). */
export function resetPreview(step: Step): void {
  const s = step.state;
  // The expired preview's mute was ours, not the viewer's: the next player starts with sound.
  const wasLocked = s.access === 'locked';
  set(step, {
    preview: null,
    muted: wasLocked ? false : s.muted,
    access: wasLocked ? 'preview' : s.access,
  });
}

/** Counts only seconds of actual playback: a paused or covered video keeps its preview. */
function countdownTick(step: Step): void {
  const s = step.state;
  if (s.access !== 'preview' || s.preview === null) return;
  if (s.phase !== 'playing' || selectPaywall(s) !== 'none') return;
  const remaining = Math.max(0, s.preview.remaining - 1);
  set(step, { preview: { ...s.preview, remaining } });
  if (remaining === 0) lock(step, false);
}

/** The final block: pause, mute, optionally leave fullscreen; the watchdog keeps it so. */
export function lock(step: Step, leaveFullscreen: boolean): void {
  const s = step.state;
  set(step, { access: 'locked', installPaywall: false, pausedByInstallPaywall: false });
  silence(step);
  if (leaveFullscreen && s.adapterAttached) emit(step, { type: 'adapter.exitFullscreen' });
}

function silence(step: Step): void {
  const s = step.state;
  if (!s.adapterAttached) return;
  emit(step, { type: 'adapter.pause' });
  emit(step, { type: 'adapter.setMuted', muted: true });
  set(step, { muted: true, phase: s.phase === 'playing' ? 'paused' : s.phase });
}

function seekTo(step: Step, seconds: number): void {
  const s = step.state;
  if (!s.adapterAttached) return;
  if (s.access !== 'full') {
    // Seeking is a buyer's control; a non-buyer's seek after play brings the final block (SPEC §4).
    if (s.started && s.access === 'preview') lock(step, true);
    return;
  }
  const upper = Math.max(s.duration, 0);
  const target = Math.min(Math.max(0, seconds), upper);
  emit(step, { type: 'adapter.seek', seconds: target });
  set(step, { currentTime: target, lastKnownTime: target });
}

function seeking(step: Step, currentTime: number): void {
  const s = step.state;
  // Live: hls.js jumps to the live edge by itself when playback falls behind, so only the explicit
  // seek commands count there.
  if (s.access !== 'preview' || !s.started || s.stream.kind === 'live') return;
  if (Math.abs(currentTime - s.lastKnownTime) < ENGINE_NUDGE_SECONDS) return;
  lock(step, true);
}

function playing(step: Step): void {
  const s = step.state;
  set(step, { started: true });
  if (s.access === 'locked') {
    // Something resumed an expired preview: stop it at once (the watchdog covers silent resumes).
    silence(step);
  } else if (s.installPaywall) {
    emit(step, { type: 'adapter.pause' });
    set(step, { pausedByInstallPaywall: true, phase: 'paused' });
  } else {
    set(step, { phase: 'playing', error: null });
  }
}

function ended(step: Step, currentTime: number, duration: number): void {
  set(step, times(currentTime, duration));
  const s = step.state;
  if (s.access === 'preview' && s.preview !== null) {
    // The API ends a non-buyer's playlist at preview_timer: that end is the preview running out.
    if (s.duration >= s.preview.limit - PREVIEW_CUT_TOLERANCE_SECONDS) {
      set(step, { preview: { ...s.preview, remaining: 0 } });
      lock(step, false);
      return;
    }
  }
  const next = selectNeighbours(s).next;
  if (next !== null && s.access !== 'locked') {
    changeEpisode(step, next);
    return;
  }
  set(step, { phase: 'ended' });
}

// ---- timers ----

function runningTimers(state: PlayerState): Record<PlayerTimer, boolean> {
  return {
    countdown: !state.destroyed && state.access === 'preview' && state.preview !== null,
    watchdog: !state.destroyed && state.access === 'locked',
    // A loaded release whose grant expires, while anything may still be fetched with it.
    renewal:
      !state.destroyed &&
      state.access !== 'locked' &&
      state.adapterAttached &&
      state.load?.step !== 'release' &&
      state.load?.step !== 'adapter' &&
      state.release?.expires_in !== undefined,
  };
}

/** A renewal never comes sooner than this, whatever `expires_in` says (ms). */
export const MIN_RENEWAL_MS = 10_000;

function timerMs(timer: PlayerTimer, state: PlayerState): number {
  if (timer === 'countdown') return COUNTDOWN_TICK_MS;
  if (timer === 'watchdog') return PREVIEW_WATCHDOG_MS;
  // At a third of the grant's life: two more chances before it expires if one renewal fails.
  return Math.max(MIN_RENEWAL_MS, ((state.release?.expires_in ?? 0) * 1000) / 3);
}

/**
 * Timers follow the state: the countdown runs for an armed preview, the watchdog for a locked one, the
 * renewal while a loaded release's grant expires.
 */
function syncTimers(step: Step, before: PlayerState): void {
  const was = runningTimers(before);
  const now = runningTimers(step.state);
  for (const timer of ['countdown', 'watchdog', 'renewal'] as const) {
    if (was[timer] === now[timer]) continue;
    emit(
      step,
      now[timer]
        ? { type: 'timer.start', timer, ms: timerMs(timer, step.state) }
        : { type: 'timer.stop', timer },
    );
  }
}
