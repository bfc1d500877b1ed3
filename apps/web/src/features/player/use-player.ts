import type { PlayerController, PlayerSnapshot } from '@kadr/player-core';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { PlayerEngineOptions } from './player-engine';
import { useLoadPlayerEngine } from './player-engine';

/** What {@link usePlayer} gives the block. */
export interface UsePlayer {
  /** The controller once the engine has loaded; null before (and after a failed load). */
  controller: PlayerController | null;
  snapshot: PlayerSnapshot | null;
  /** The engine's code failed to load. */
  engineFailed: boolean;
  /** The element the engine mounts its video into. */
  hostRef: (element: HTMLDivElement | null) => void;
  /** Starts again after an error: reloads the engine if it never came, else `controller.play()`. */
  retry: () => void;
}

const noSubscribe = () => () => {};
const noSnapshot = () => null;

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
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const [controller, setController] = useState<PlayerController | null>(null);
  const [engineFailed, setEngineFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Read at creation only: later changes (episode, is_bought) go through controller commands.
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const onErrorRef = useRef(onEngineError);
  onErrorRef.current = onEngineError;

  useEffect(() => {
    if (!host) return;
    let created: PlayerController | null = null;
    let disposed = false;
    setEngineFailed(false);
    const options = optionsRef.current();
    // The release call runs while the engine's chunk downloads (first frame sooner); when it fails the
    // controller asks again itself and reports the error as usual.
    const known = options.currentEpisodeId !== undefined || options.contentKind === 'film';
    const early = known
      ? options.loadRelease(options.currentEpisodeId ?? null).catch(() => undefined)
      : Promise.resolve(undefined);
    Promise.all([loadEngine(), early])
      .then(([engine, release]) => {
        if (disposed) return;
        created = engine.createController({ ...options, ...(release ? { release } : {}), host });
        setController(created);
        void created.play();
      })
      .catch((error: unknown) => {
        if (disposed) return;
        setEngineFailed(true);
        onErrorRef.current(error);
      });
    return () => {
      disposed = true;
      created?.destroy();
      setController(null);
    };
  }, [host, loadEngine, attempt]);

  const snapshot = useSyncExternalStore(
    controller ? controller.subscribe : noSubscribe,
    controller ? controller.getSnapshot : noSnapshot,
  );
  const retry = useCallback(() => {
    if (controller) void controller.play();
    else setAttempt((n) => n + 1);
  }, [controller]);
  return { controller, snapshot, engineFailed, hostRef: setHost, retry };
}
