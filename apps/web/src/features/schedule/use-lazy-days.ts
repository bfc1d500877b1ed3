import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** Runs `task` when the main thread is idle (a timer where the browser has no idle callbacks). */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    // The timeout: a page that is never idle still gets its days.
    const handle = requestIdleCallback(task, { timeout: 1_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
}

/** The days in the order they render: `first`, then outwards from it, the next day before the previous. */
export function renderOrder(keys: readonly string[], first: string | undefined): string[] {
  const start = Math.max(0, first === undefined ? 0 : keys.indexOf(first));
  const order: string[] = [];
  for (let distance = 0; order.length < keys.length; distance++) {
    for (const index of distance === 0 ? [start] : [start + distance, start - distance]) {
      const key = keys[index];
      if (key !== undefined) order.push(key);
    }
  }
  return order;
}

/** What {@link useLazyDays} gives: which days have their lines, and a way to have one's at once. */
export interface LazyDays {
  isRendered: (key: string) => boolean;
  /** Renders the day's lines now (before the caller's next line runs: a focus or a scroll needs them). */
  renderNow: (key: string) => void;
}

/**
 * Days of a long list rendered one at a time: `first` (the day the list opens on) at once, the others
 * each in an idle moment of its own, nearest first. Rendering a week of programme lines in one go was
 * a single long task (1.2 s of blocking time on a phone); day by day, none is long.
 */
export function useLazyDays(keys: readonly string[], first: string | undefined): LazyDays {
  const [rendered, setRendered] = useState<ReadonlySet<string>>(() => new Set());
  const isRendered = useCallback((key: string) => key === first || rendered.has(key), [first, rendered]);
  const add = useCallback(
    (key: string) => setRendered((done) => (done.has(key) ? done : new Set([...done, key]))),
    [],
  );

  const keyList = keys.join(' ');
  const next = keyList ? renderOrder(keyList.split(' '), first).find((key) => !isRendered(key)) : undefined;
  useEffect(() => {
    if (next === undefined) return;
    return whenIdle(() => add(next));
  }, [next, add]);

  const renderNow = useCallback(
    (key: string) => {
      if (!isRendered(key)) flushSync(() => add(key));
    },
    [isRendered, add],
  );
  return { isRendered, renderNow };
}
