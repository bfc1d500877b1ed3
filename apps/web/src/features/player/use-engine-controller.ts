import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

/** What {@link useEngineController} needs of a controller: player-core's store shape, play and destroy. */
export interface EngineController<S> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): S;
  play(): Promise<void>;
  destroy(): void;
}

/**
 * Starts a controller on the host element: loads what it needs (the engine's chunk, and maybe more at
 * the same time), then resolves to the function that creates it — not called when the player went
 * away meanwhile.
 */
export type StartController<C> = (host: HTMLDivElement) => Promise<() => C>;

/** What {@link useEngineController} gives a player: the controller, its snapshot and the video's host. */
export interface EngineControllerState<C extends EngineController<unknown>> {
  /** The controller once the engine has loaded; null before (and after a failed load). */
  controller: C | null;
  snapshot: SnapshotOf<C> | null;
  /** The engine's code failed to load. */
  engineFailed: boolean;
  /** The element the engine mounts its video into. */
  hostRef: (element: HTMLDivElement | null) => void;
  /** Starts again after an error: reloads the engine if it never came, else `controller.play()`. */
  retry: () => void;
}

/** The snapshot type of a controller. */
export type SnapshotOf<C extends EngineController<unknown>> = ReturnType<C['getSnapshot']>;

const noSubscribe = () => () => {};
const noSnapshot = () => null;

/**
 * The life of a lazily loaded player's controller, shared by the content card's and the channel's
 * (use-player.ts, use-channel-player.ts): once the host element is there, `start` (read then, so it
 * sees the latest props) loads the engine and creates one controller, which plays at once and is
 * destroyed on unmount; a failed load is reported through `onEngineError` (SPEC §8) and `retry` loads
 * again. `engine` is the engine loader of the context: another one starts over. `onDispose` runs as the
 * controller goes.
 */
export function useEngineController<C extends EngineController<unknown>>(
  engine: unknown,
  start: StartController<C>,
  onEngineError: (error: unknown) => void,
  onDispose?: () => void,
): EngineControllerState<C> {
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const [controller, setController] = useState<C | null>(null);
  const [engineFailed, setEngineFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Read when the controller is created: later changes go through controller commands.
  const startRef = useRef(start);
  startRef.current = start;
  const onErrorRef = useRef(onEngineError);
  onErrorRef.current = onEngineError;
  const onDisposeRef = useRef(onDispose);
  onDisposeRef.current = onDispose;

  // `engine` is the loader `start` uses: a new one starts over, as does `attempt` (retry).
  useEffect(() => {
    if (!host) return;
    let created: C | null = null;
    let disposed = false;
    setEngineFailed(false);
    startRef
      .current(host)
      .then((create) => {
        if (disposed) return;
        created = create();
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
      onDisposeRef.current?.();
      setController(null);
    };
  }, [host, engine, attempt]);

  const snapshot = useSyncExternalStore(
    controller ? controller.subscribe : noSubscribe,
    (controller ? controller.getSnapshot : noSnapshot) as () => SnapshotOf<C> | null,
  );
  const retry = useCallback(() => {
    if (controller) void controller.play();
    else setAttempt((n) => n + 1);
  }, [controller]);
  return { controller, snapshot, engineFailed, hostRef: setHost, retry };
}
