import { type FactTable, listenForFacts } from './adapter-facts.js';
import { toPlayerError } from './errors.js';
import { createKeyedQueue } from './intent-queue.js';
import { initialPlayerState, reduce } from './reducer.js';
import {
  type IntentQueueKey,
  type IntentStamp,
  selectAdapterReady,
  selectIntentQueueKey,
  selectIntentStamp,
  selectKeyIntent,
  selectSnapshot,
  selectWaitingIntentApplies,
} from './selectors.js';
import type {
  ChannelEvent,
  ChannelIntent,
  PlayerEffect,
  PlayerFact,
  PlayerState,
  PlayerTimer,
  PlayerTransition,
  ReleaseRequest,
} from './state.js';
import type {
  PlayerAnalytics,
  PlayerClock,
  PlayerController,
  PlayerControllerOptions,
  PlayerRelease,
  PlayerSnapshot,
  VideoAdapter,
  VideoAdapterFactory,
} from './types.js';

const defaultClock: PlayerClock = {
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

/**
 * The work one command started: it settles when the events it caused are reduced and the async effects
 * they asked for are answered (or became stale). A command's promise is its job's.
 */
interface Job {
  pending: number;
  readonly promise: Promise<void>;
  readonly resolve: () => void;
}

/** An async effect in flight, answered by a fact of its generation unless a newer one made it stale. */
interface Tracker {
  readonly job: Job;
  readonly generation: number;
  open: boolean;
}

function newJob(): Job {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { pending: 0, promise, resolve };
}

/** Calls `start` and turns a synchronous throw into a rejection. */
function attempt<T>(start: () => T | Promise<T>): Promise<T> {
  try {
    return Promise.resolve(start());
  } catch (cause) {
    return Promise.reject(cause);
  }
}

/**
 * What a content controller and a channel controller differ in: the first state, the rules (`reduce`,
 * or `reduceLive` over it), the snapshot, how a release is fetched and the commands beyond the shared
 * ones. The runner is the same.
 */
export interface RunnerSetup<S extends PlayerSnapshot, X> {
  readonly state: PlayerState;
  /**
   * The rules. A content controller passes `reduce`, which knows only `PlayerEvent`: its runner makes no
   * live event (no live commands, no timeline facts), and `reduce`'s default branch would ignore one.
   */
  reduce(state: PlayerState, event: ChannelEvent): PlayerTransition;
  readonly select: (state: PlayerState) => S;
  /** Fetches what a `release.load`/`release.renew` effect asks for (a release, or a channel's stream). */
  readonly fetchRelease: (request: ReleaseRequest) => Promise<PlayerRelease>;
  /** The commands of this kind of player (episodes; «В эфир» and channels), as intents for the runner. */
  readonly commands?: (command: (intent: ChannelIntent) => Promise<void>) => X;
  /** The adapter events to listen to (default: all but the timeline's). */
  readonly facts?: FactTable;
  readonly adapterFactory: VideoAdapterFactory;
  readonly clock?: PlayerClock;
  readonly analytics?: PlayerAnalytics;
  readonly onEpisodeChange?: (episodeId: number) => void;
}

/**
 * The commands every runner has: a content card's (episodes included; a channel controller's type
 * leaves those out) with its own snapshot.
 */
export type PlayerCommands<S extends PlayerSnapshot> = Omit<PlayerController, 'getSnapshot'> & {
  getSnapshot(): S;
};

/**
 * Creates the play logic of one content card's player (SPEC §4, §6, §8, §9) over `createRunner`: the
 * content's rules (`reduce`), its snapshot, `loadRelease` for the release calls, and episodes.
 */
export function createPlayerController(options: PlayerControllerOptions): PlayerController {
  return createRunner({
    ...options,
    state: initialPlayerState(options),
    reduce,
    select: selectSnapshot,
    fetchRelease: (request) => options.loadRelease(request.episodeId),
  });
}

/**
 * The runner around the pure rules: it owns the adapter (one per load, through `adapterFactory`), the
 * timers, the release calls and a keyed queue of intents made before an adapter is ready; it turns
 * adapter events and timer ticks into facts, carries out the effects the rules return and publishes
 * snapshots.
 */
export function createRunner<S extends PlayerSnapshot, X = unknown>(
  options: RunnerSetup<S, X>,
): PlayerCommands<S> & X {
  const { reduce, select } = options;
  const clock = options.clock ?? defaultClock;
  const listeners = new Set<() => void>();
  let state: PlayerState = options.state;
  let snapshot: S = Object.freeze(select(state));

  let adapter: VideoAdapter | null = null;
  let unsubscribeAdapter: () => void = () => {};
  const timers = new Map<PlayerTimer, unknown>();
  const trackers = new Set<Tracker>();
  const waiting = createKeyedQueue<IntentQueueKey, { intent: ChannelIntent; stamp: IntentStamp; job: Job }>();
  const inbox: { event: ChannelEvent; job: Job }[] = [];
  let draining = false;
  /** The job that started the load in flight: a play() during that load waits for it. */
  let loadJob: { generation: number; job: Job } | null = null;

  function release(job: Job): void {
    job.pending--;
    if (job.pending === 0) job.resolve();
  }

  /** Queues an event; reduces it at once unless an event is being reduced (effects may emit events). */
  function send(event: ChannelEvent, job: Job): void {
    job.pending++;
    inbox.push({ event, job });
    if (!draining) drain();
  }

  function drain(): void {
    draining = true;
    try {
      for (;;) {
        const item = inbox.shift();
        if (item === undefined) {
          if (flushWaiting()) continue;
          break;
        }
        const transition = reduce(state, item.event);
        state = transition.state;
        if (state.load !== null && loadJob?.generation !== state.generation) {
          loadJob = { generation: state.generation, job: item.job };
        }
        for (const effect of transition.effects) run(effect, item.job);
        cancelStale();
        dropStaleIntents();
        release(item.job);
      }
    } finally {
      draining = false;
    }
    publish();
  }

  /** Hands the waiting intents that still apply to `reduce` once an adapter is ready. */
  function flushWaiting(): boolean {
    dropStaleIntents();
    if (waiting.size === 0 || !selectAdapterReady(state)) return false;
    for (const { intent, job } of waiting.takeAll()) {
      send(intent, job);
      release(job); // the hold taken when it was queued
    }
    return true;
  }

  /** Drops waiting intents the state moved past (another load, a failed one, a new access): they settle. */
  function dropStaleIntents(): void {
    if (waiting.size === 0) return;
    const stale = waiting.removeWhere(
      ({ intent, stamp }) => !selectWaitingIntentApplies(state, intent, stamp),
    );
    for (const { job } of stale) release(job);
  }

  /** Ends the wait on async effects a newer generation made stale (their late answers are dropped). */
  function cancelStale(): void {
    for (const tracker of trackers) {
      if (tracker.generation === state.generation && !state.destroyed) continue;
      tracker.open = false;
      trackers.delete(tracker);
      release(tracker.job);
    }
  }

  function track<T>(
    job: Job,
    generation: number,
    promise: Promise<T>,
    onValue: (value: T) => PlayerFact | null,
    onError: (cause: unknown) => PlayerFact,
  ): void {
    const tracker: Tracker = { job, generation, open: true };
    trackers.add(tracker);
    job.pending++;
    const close = (fact: () => PlayerFact | null) => {
      if (!tracker.open) return;
      tracker.open = false;
      trackers.delete(tracker);
      const answer = fact();
      if (answer !== null) send(answer, job);
      release(job);
    };
    promise.then(
      (value) => close(() => onValue(value)),
      (cause) => close(() => onError(cause)),
    );
  }

  /** Publishes a new frozen snapshot when any field changed. */
  function publish(): void {
    if (state.destroyed) return;
    const next = select(state);
    const changed = (Object.keys(next) as (keyof S)[]).some((key) => next[key] !== snapshot[key]);
    if (!changed) return;
    snapshot = Object.freeze(next);
    for (const listener of [...listeners]) listener();
  }

  // ---- effects ----

  function run(effect: PlayerEffect, job: Job): void {
    switch (effect.type) {
      case 'release.load': {
        const { generation } = effect;
        track(
          job,
          generation,
          attempt(() => options.fetchRelease(effect)),
          (loaded) => ({ type: 'release-loaded', generation, release: loaded }),
          (cause) => ({
            type: 'release-failed',
            generation,
            error: toPlayerError(cause, 'RELEASE_LOAD_FAILED'),
          }),
        );
        return;
      }
      case 'release.renew': {
        const { generation } = effect;
        // Not tracked by the command's job: a renewal runs beside playback and answers when it can.
        attempt(() => options.fetchRelease(effect)).then(
          (renewed) => send({ type: 'release-renewed', generation, release: renewed }, newJob()),
          () => send({ type: 'release-renew-failed', generation }, newJob()),
        );
        return;
      }
      case 'adapter.renewSource':
        adapter?.renewSource?.(effect.source);
        return;
      case 'adapter.create': {
        const { generation } = effect;
        /** The adapter was attached or destroyed: nothing left to clean up. */
        let settled = false;
        const dispose = (created: VideoAdapter | null) => {
          if (settled || created === null) return;
          settled = true;
          created.destroy();
        };
        // The heavy engine may be a lazy import: the factory runs after the current step (the release
        // call asked for in the same step is already under way).
        const creating = Promise.resolve().then(() => {
          // The load went stale before the factory ran (destroy, a newer load, a failed release call):
          // nothing is built.
          if (state.destroyed || state.generation !== generation) return null;
          const made = options.adapterFactory();
          // An adapter that arrives after its load went stale (destroy, a newer load) is destroyed on
          // arrival, before anything else hears of it.
          if (made instanceof Promise) {
            made.then(
              (late) => {
                if (state.destroyed || state.generation !== generation) dispose(late);
              },
              () => {},
            );
          }
          return made;
        });
        track(
          job,
          generation,
          creating,
          (created) => {
            if (created === null) return null;
            settled = true;
            adapter = created;
            unsubscribeAdapter = listenForFacts(created, (fact) => send(fact, newJob()), options.facts);
            return { type: 'adapter-created', generation };
          },
          (cause) => ({ type: 'adapter-failed', generation, error: toPlayerError(cause, 'UNKNOWN') }),
        );
        // Went stale while the factory ran synchronously: the tracker is closed, the adapter unused.
        creating.then(dispose, () => {});
        return;
      }
      case 'adapter.load': {
        const target = adapter;
        if (!target) return;
        const { generation, source } = effect;
        track(
          job,
          generation,
          attempt(() => target.load(source)),
          () => ({
            type: 'media-loaded',
            generation,
            currentTime: target.getCurrentTime(),
            duration: target.getDuration(),
            qualities: target.getQualities(),
          }),
          (cause) => ({ type: 'media-failed', generation, error: toPlayerError(cause, 'UNKNOWN') }),
        );
        return;
      }
      case 'adapter.play': {
        const target = adapter;
        if (!target) return;
        const { generation } = effect;
        track(
          job,
          generation,
          attempt(() => target.play()),
          () => ({ type: 'play-started', generation, paused: target.isPaused() }),
          (cause) => ({ type: 'play-failed', generation, error: toPlayerError(cause, 'UNKNOWN') }),
        );
        return;
      }
      case 'adapter.togglePictureInPicture': {
        const target = adapter;
        if (!target) return;
        track(
          job,
          effect.generation,
          attempt(() => target.togglePictureInPicture()),
          (active) => ({ type: 'picture-in-picture-changed', active }),
          // The browser refused (no support or no gesture): the state stays as the adapter reports it.
          () => ({ type: 'picture-in-picture-changed', active: target.isPictureInPicture() }),
        );
        return;
      }
      case 'adapter.pause':
        adapter?.pause();
        return;
      case 'adapter.setMuted':
        adapter?.setMuted(effect.muted);
        return;
      case 'adapter.seek':
        adapter?.seek(effect.seconds);
        return;
      case 'adapter.exitFullscreen':
        if (adapter?.isFullscreen()) {
          adapter.exitFullscreen().catch(() => {
            // Leaving fullscreen can be refused (no user gesture); the paused, muted video is what matters.
          });
        }
        return;
      case 'adapter.setQuality':
        adapter?.setQuality(effect.id);
        return;
      case 'adapter.setRate':
        adapter?.setRate(effect.rate);
        return;
      case 'adapter.destroy':
        destroyAdapter();
        return;
      case 'timer.start': {
        stopTimer(effect.timer);
        const timer = effect.timer;
        timers.set(
          timer,
          clock.setInterval(() => send(tick(timer), newJob()), effect.ms),
        );
        return;
      }
      case 'timer.stop':
        stopTimer(effect.timer);
        return;
      case 'analytics':
        options.analytics?.reachGoal(effect.goal, effect.params);
        return;
      case 'episode.changed':
        options.onEpisodeChange?.(effect.episodeId);
        return;
    }
  }

  function tick(timer: PlayerTimer): PlayerFact {
    if (timer === 'countdown') return { type: 'countdown-tick' };
    if (timer === 'renewal') return { type: 'renewal-tick' };
    return {
      type: 'watchdog-tick',
      adapter: adapter ? { paused: adapter.isPaused(), muted: adapter.isMuted() } : null,
    };
  }

  function stopTimer(timer: PlayerTimer): void {
    const handle = timers.get(timer);
    if (handle === undefined) return;
    clock.clearInterval(handle);
    timers.delete(timer);
  }

  function destroyAdapter(): void {
    unsubscribeAdapter();
    unsubscribeAdapter = () => {};
    const current = adapter;
    adapter = null;
    current?.destroy();
  }

  // ---- commands ----

  /**
   * Carries out an intent: at once, or — when it needs an adapter that is not ready yet — later, from
   * the keyed queue. Resolves when the work it started is done (or superseded, or the player destroyed).
   */
  function command(intent: ChannelIntent): Promise<void> {
    if (state.destroyed) return Promise.resolve();
    const job = newJob();
    const key = selectIntentQueueKey(state, intent);
    if (key !== null) {
      job.pending++; // held until the intent leaves the queue
      const replaced = waiting.put(key, { intent, stamp: selectIntentStamp(state), job });
      if (replaced) release(replaced.job);
      return job.promise;
    }
    if (intent.type === 'play') {
      // A play replaces a pause still waiting for the adapter.
      const dropped = waiting.remove('playback');
      if (dropped) release(dropped.job);
    }
    send(intent, job);
    if (intent.type === 'play' && job.pending === 0 && state.load !== null) {
      if (loadJob?.generation === state.generation) return loadJob.job.promise;
    }
    return job.promise;
  }

  function destroy(): void {
    if (state.destroyed) return;
    send({ type: 'destroy' }, newJob());
    for (const { job } of waiting.takeAll()) release(job);
    for (const timer of [...timers.keys()]) stopTimer(timer);
    listeners.clear();
    loadJob = null;
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    play: () => command({ type: 'play' }),
    pause: () => void command({ type: 'pause' }),
    seekBy: (deltaSeconds) => void command({ type: 'seek-by', deltaSeconds }),
    seekTo: (seconds) => void command({ type: 'seek-to', seconds }),
    handleKey(key) {
      if (state.destroyed) return false;
      const intent = selectKeyIntent(state, key);
      if (intent === null) return false;
      void command(intent);
      return true;
    },
    setQuality: (id) => void command({ type: 'set-quality', id }),
    setRate: (rate) => void command({ type: 'set-rate', rate }),
    togglePictureInPicture: () => command({ type: 'toggle-picture-in-picture' }),
    setMuted: (muted) => void command({ type: 'set-muted', muted }),
    showInstallPaywall: () => void command({ type: 'show-install-paywall' }),
    hideInstallPaywall: () => void command({ type: 'hide-install-paywall' }),
    setBought: (isBought) => command({ type: 'set-bought', isBought }),
    reload: () => command({ type: 'reload' }),
    renewGrant: () => void command({ type: 'renew-grant' }),
    changeEpisode: (episodeId: number) => command({ type: 'change-episode', episodeId }),
    previousEpisode: () => command({ type: 'previous-episode' }),
    nextEpisode: () => command({ type: 'next-episode' }),
    destroy,
    ...(options.commands?.(command) as X),
  };
}
