// Test and story support: a scriptable stand-in for player-core's controller.
import type { PlayerController, PlayerSnapshot } from '@kadr/player-core';
import type { PlayerEngine, PlayerEngineOptions } from './player-engine';
import { playerSnapshot } from './player-fixtures';

/** A fake controller: records commands, and `set()` changes the snapshot like the real one would. */
export interface FakePlayerController extends PlayerController {
  /** Every command, in order (`play`, `changeEpisode:102`, `setBought:true`, …). */
  readonly calls: string[];
  /** Options the block created it with. */
  readonly options: PlayerEngineOptions;
  set(patch: Partial<PlayerSnapshot>): void;
}

/** Creates a fake controller starting in `initial` (a playing preview by default). */
export function createFakeController(
  options: PlayerEngineOptions,
  initial: Partial<PlayerSnapshot> = {},
): FakePlayerController {
  const listeners = new Set<() => void>();
  const calls: string[] = [];
  const bought = options.goods.is_bought;
  // Starts as the real controller does: a buyer has controls and no countdown.
  let snapshot = playerSnapshot({
    currentEpisodeId: options.currentEpisodeId ?? null,
    isBought: bought,
    controlsEnabled: bought,
    previewRemaining: bought ? null : 14,
    ...initial,
  });
  let pausedByInstall = false;
  const set = (patch: Partial<PlayerSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of [...listeners]) listener();
  };
  const record = (call: string) => {
    calls.push(call);
  };
  const recordAsync = async (call: string) => {
    calls.push(call);
  };
  return {
    calls,
    options,
    set,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    play: () => recordAsync('play'),
    pause: () => record('pause'),
    seekBy: (seconds) => record(`seekBy:${seconds}`),
    seekTo: (seconds) => record(`seekTo:${seconds}`),
    handleKey: (key) => {
      record(`key:${key}`);
      return key === 'ArrowLeft' || key === 'ArrowRight';
    },
    setQuality: (id) => record(`setQuality:${id}`),
    setRate: (rate) => record(`setRate:${rate}`),
    togglePictureInPicture: () => recordAsync('togglePictureInPicture'),
    setMuted: (muted) => record(`setMuted:${muted}`),
    // As player-core does: the install paywall pauses a playing video and resumes only what it paused.
    showInstallPaywall: () => {
      record('showInstallPaywall');
      if (snapshot.paywall !== 'none') return;
      pausedByInstall = snapshot.phase === 'playing';
      if (pausedByInstall) record('pause');
      set({ paywall: 'install', ...(pausedByInstall ? { phase: 'paused' as const } : {}) });
    },
    hideInstallPaywall: () => {
      record('hideInstallPaywall');
      if (snapshot.paywall !== 'install') return;
      const resume = pausedByInstall;
      pausedByInstall = false;
      if (resume) record('play');
      set({ paywall: 'none', ...(resume ? { phase: 'playing' as const } : {}) });
    },
    setBought: async (isBought) => {
      calls.push(`setBought:${isBought}`);
      set({ isBought, controlsEnabled: isBought, previewRemaining: null, paywall: 'none' });
    },
    reload: () => recordAsync('reload'),
    renewGrant: () => record('renewGrant'),
    changeEpisode: async (episodeId) => {
      calls.push(`changeEpisode:${episodeId}`);
      set({ currentEpisodeId: episodeId });
    },
    previousEpisode: () => recordAsync('previousEpisode'),
    nextEpisode: () => recordAsync('nextEpisode'),
    destroy: () => record('destroy'),
  };
}

/** An engine that hands out fake controllers and keeps them (the last one is the live one). */
export function createFakeEngine(initial: Partial<PlayerSnapshot> = {}): PlayerEngine & {
  controllers: FakePlayerController[];
  last(): FakePlayerController;
} {
  const controllers: FakePlayerController[] = [];
  return {
    controllers,
    last: () => {
      const controller = controllers.at(-1);
      if (!controller) throw new Error('no controller was created');
      return controller;
    },
    createController: (options) => {
      const controller = createFakeController(options, initial);
      controllers.push(controller);
      return controller;
    },
  };
}
