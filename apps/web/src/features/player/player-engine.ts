import type { PlayerController, PlayerControllerOptions } from '@kadr/player-core';
import { createContext, useContext } from 'react';

/** What the block needs to create a controller: everything but the adapter, plus its host element. */
export type PlayerEngineOptions = Omit<PlayerControllerOptions, 'adapterFactory'> & {
  /** The element the engine mounts its video into. */
  host: HTMLElement;
};

/** The lazily loaded player: player-core's controller over the video.js + hls.js adapter. */
export interface PlayerEngine {
  createController(options: PlayerEngineOptions): PlayerController;
}

/** Loads the engine. */
export type LoadPlayerEngine = () => Promise<PlayerEngine>;

/**
 * The real engine, fetched only when playback starts: player-core, video.js and hls.js are a separate
 * chunk, so the content card itself stays light (the watch page's JS budget, docs/benchmarks.md).
 */
export const loadPlayerEngine: LoadPlayerEngine = () =>
  import('./videojs-engine').then((module) => module.videoJsEngine);

const PlayerEngineContext = createContext<LoadPlayerEngine>(loadPlayerEngine);

/** Swaps the engine (tests and stories pass a fake controller). */
export const PlayerEngineProvider = PlayerEngineContext.Provider;

/** The engine loader of the nearest {@link PlayerEngineProvider}, else the real one. */
export function useLoadPlayerEngine(): LoadPlayerEngine {
  return useContext(PlayerEngineContext);
}
