import type { PlayerController } from '@kadr/player-core';
import type { PlayerEngineOptions } from './player-engine';
import { useLoadPlayerEngine } from './player-engine';
import { type EngineControllerState, useEngineController } from './use-engine-controller';

/** What {@link usePlayer} gives the block. */
export type UsePlayer = EngineControllerState<PlayerController>;

/**
 * Loads the player engine (a dynamic import) and, at the same time, the release; creates one controller for the life of the block with
 * `options()` read at creation, starts playback, and destroys it on unmount. `onEngineError` reports a
 * failed load (SPEC §8 MOVIE_STARTED_ERROR).
 */
export function usePlayer(
  options: () => Omit<PlayerEngineOptions, 'host'>,
  onEngineError: (error: unknown) => void,
): UsePlayer {
  const loadEngine = useLoadPlayerEngine();
  // Read at creation only: later changes (episode, is_bought) go through controller commands.
  return useEngineController(
    loadEngine,
    (host) => {
      const settings = options();
      // The release call runs while the engine's chunk downloads (first frame sooner); when it fails the
      // controller asks again itself and reports the error as usual.
      const known = settings.currentEpisodeId !== undefined || settings.contentKind === 'film';
      const early = known
        ? settings.loadRelease(settings.currentEpisodeId ?? null).catch(() => undefined)
        : Promise.resolve(undefined);
      return Promise.all([loadEngine(), early]).then(
        ([engine, release]) =>
          () =>
            engine.createController({ ...settings, ...(release ? { release } : {}), host }),
      );
    },
    onEngineError,
  );
}
