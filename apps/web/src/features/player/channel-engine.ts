import type { ChannelController, ChannelControllerOptions, selectProgrammeOnAir } from '@kadr/player-core';
import { createContext, useContext } from 'react';

/** What the channel slot needs to create a channel controller: everything but the adapter, plus its host. */
export type ChannelEngineOptions = Omit<ChannelControllerOptions, 'adapterFactory'> & {
  /** The element the engine mounts its video into. */
  host: HTMLElement;
};

/** The lazily loaded channel player: player-core's channel controller over the live video.js adapter. */
export interface ChannelEngine {
  createChannelController(options: ChannelEngineOptions): ChannelController;
  /**
   * player-core's `selectProgrammeOnAir`, carried by the engine: imported by the page it would pull the
   * core's selectors into a chunk of their own that the watch page loads too.
   */
  programmeOnAir: typeof selectProgrammeOnAir;
}

/** Loads the channel engine. */
export type LoadChannelEngine = () => Promise<ChannelEngine>;

/**
 * The real channel engine, fetched when a channel starts playing — the same dynamic import as the
 * content card's (player-engine.ts), in a module of its own so the watch page's chunks carry none of
 * the live code (its 350 KB budget, docs/benchmarks.md).
 */
const loadChannelEngine: LoadChannelEngine = () =>
  import('./live-engine').then((module) => module.liveEngine);

const ChannelEngineContext = createContext<LoadChannelEngine>(loadChannelEngine);

/** Swaps the channel engine (tests and stories pass a fake controller). */
export const ChannelEngineProvider = ChannelEngineContext.Provider;

/** The channel engine loader of the nearest {@link ChannelEngineProvider}, else the real one. */
export function useLoadChannelEngine(): LoadChannelEngine {
  return useContext(ChannelEngineContext);
}
