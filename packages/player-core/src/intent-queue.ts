/**
 * A keyed queue: at most one item per key, kept in the order the keys were last written. The runner
 * keeps intents that need an adapter here until one is ready; a later intent of the same key replaces
 * the earlier one (two pauses are one pause, the last seek target wins).
 */
export interface KeyedQueue<K, T> {
  /** Queues `item` under `key`, moving the key to the end; returns the item it replaced, if any. */
  put(key: K, item: T): T | undefined;
  /** Removes and returns the item of `key`, if any. */
  remove(key: K): T | undefined;
  /** Removes and returns every item, oldest key first. */
  takeAll(): T[];
  /** Removes and returns the items `test` accepts, oldest key first; the rest keep their order. */
  removeWhere(test: (item: T) => boolean): T[];
  readonly size: number;
}

/** Creates an empty keyed queue. */
export function createKeyedQueue<K, T>(): KeyedQueue<K, T> {
  const items = new Map<K, T>();
  return {
    put(key, item) {
      const replaced = items.get(key);
      // Delete first: a Map keeps first-insertion order, and the newest intent belongs at the end.
      items.delete(key);
      items.set(key, item);
      return replaced;
    },
    remove(key) {
      const item = items.get(key);
      items.delete(key);
      return item;
    },
    takeAll() {
      const all = [...items.values()];
      items.clear();
      return all;
    },
    removeWhere(test) {
      const removed: T[] = [];
      for (const [key, item] of [...items]) {
        if (!test(item)) continue;
        items.delete(key);
        removed.push(item);
      }
      return removed;
    },
    get size() {
      return items.size;
    },
  };
}
