/** A read-only external store: `getState()` returns the same object until something changes. */
export interface ExternalStore<S> {
  /** The current state; a new object after every change, so React's useSyncExternalStore can compare. */
  getState(): S;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: (state: S) => void): () => void;
}

/** A tiny immutable store: `set` merges a patch and notifies listeners when something changed. */
export function createStore<S extends object>(initial: S) {
  let state = initial;
  const listeners = new Set<(state: S) => void>();
  return {
    getState: () => state,
    subscribe(listener: (state: S) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    set(patch: Partial<S>) {
      const keys = Object.keys(patch) as (keyof S)[];
      if (keys.every((key) => Object.is(state[key], patch[key]))) return;
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener(state);
    },
    clearListeners() {
      listeners.clear();
    },
  };
}

/** Where this package reports events and errors it does not throw (SPEC §8 "only logged"). */
export type AuthLog = (event: string, details?: unknown) => void;

/** Default log: a console warning with the package prefix. */
export const consoleLog: AuthLog = (event, details) => {
  console.warn(`[auth-session] ${event}`, ...(details === undefined ? [] : [details]));
};
