import type { StorageLike } from '@kadr/auth-session';

/** A script chunk that has not loaded in this long has failed (SPEC §9: script chunk load time-out 120 s). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Session-storage keys of the reload guard: one per target, so one target can never reload in a loop. */
const GUARD_PREFIX = 'kadr:chunk-reload:';

/** A screen's code could not be loaded (rejected, or not settled within the time-out). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  /** The target that failed: a route's chunk name or a preloaded file. */
  readonly target: string;

  constructor(target: string, options?: { cause?: unknown }) {
    super(`chunk ${target} failed to load`, options);
    this.target = target;
  }
}

// Browsers' own words for a failed dynamic import (Chromium, Firefox, Safari) and Vite's for a CSS preload.
const CHUNK_FAILURE_MESSAGE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/** Whether `error` is a failed chunk load: ours, the browser's or Vite's preload helper's. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return error instanceof Error && CHUNK_FAILURE_MESSAGE.test(error.message);
}

/** What {@link createChunkRecovery} needs from the page. */
export interface ChunkRecoveryOptions {
  /** Session storage: the guard lives as long as the tab. */
  storage: StorageLike;
  /** Reloads the page. */
  reload: () => void;
  /** The load time-out (default {@link CHUNK_LOAD_TIMEOUT_MS}). */
  timeoutMs?: number;
}

/** Reloads the page once per target when a script chunk fails to load; see {@link createChunkRecovery}. */
export interface ChunkRecovery {
  /**
   * Loads a chunk (`importer` is the dynamic import, and may pick from the module). On failure or
   * time-out the page reloads once for `target` and the returned promise never settles (the page is
   * going away); when that target already had its reload, it rejects with a {@link ChunkLoadError}.
   */
  load<T>(target: string, importer: () => Promise<T>): Promise<T>;
  /** Handles Vite's `vite:preloadError` (a failed chunk or its CSS in the built app). */
  handlePreloadError(event: Event & { payload?: unknown }): void;
  /** Listens to `vite:preloadError` on `target`; returns the unsubscribe. */
  listen(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void;
  /** Whether a reload has been asked for (screens can wait quietly instead of showing an error). */
  reloading(): boolean;
}

/**
 * After a release the old hashed chunks are gone: an open page fails to load its next screen. The cure
 * is a reload (new index.html, new chunk names) — once: a session-storage flag per target stops a page
 * whose chunk keeps failing from reloading forever; the second failure shows the error screen. A target
 * that loads clears its flag, so a later release can reload again.
 */
export function createChunkRecovery({
  storage,
  reload,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
}: ChunkRecoveryOptions): ChunkRecovery {
  let reloadRequested = false;
  // Route chunks being loaded: their own failure handling covers Vite's event for them.
  let routeLoads = 0;

  /** Reloads for `target` unless it already had its reload; true when the page is reloading. */
  const reloadOnce = (target: string): boolean => {
    if (reloadRequested) return true;
    const key = GUARD_PREFIX + target;
    if (storage.getItem(key) !== null) return false;
    storage.setItem(key, String(Date.now()));
    reloadRequested = true;
    reload();
    return true;
  };

  const withTimeout = <T>(target: string, promise: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(target, { cause: 'timeout' })), timeoutMs);
      promise.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });

  const handlePreloadError = (event: Event & { payload?: unknown }) => {
    if (routeLoads > 0) return;
    const { payload } = event;
    const target = `preload:${payload instanceof Error ? payload.message : String(payload)}`;
    // Reloading: keep the error from surfacing meanwhile. Otherwise it goes on to whoever imported.
    if (reloadOnce(target)) event.preventDefault();
  };

  return {
    async load<T>(target: string, importer: () => Promise<T>): Promise<T> {
      routeLoads += 1;
      try {
        const value = await withTimeout(target, importer());
        storage.removeItem(GUARD_PREFIX + target);
        return value;
      } catch (error) {
        if (reloadOnce(target)) return new Promise<T>(() => {});
        throw error instanceof ChunkLoadError ? error : new ChunkLoadError(target, { cause: error });
      } finally {
        routeLoads -= 1;
      }
    },
    handlePreloadError,
    listen(target) {
      const listener = (event: Event) => handlePreloadError(event);
      target.addEventListener('vite:preloadError', listener);
      return () => target.removeEventListener('vite:preloadError', listener);
    },
    reloading: () => reloadRequested,
  };
}
