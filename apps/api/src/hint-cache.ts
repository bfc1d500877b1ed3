import type { Clock } from './clock';

/**
 * Recent answers by query, for a short time: viewers type the same prefixes over and over
 * («тих», «тихи», «тихий»), so most searches are repeats. Entries expire after `ttlMs` (a catalogue
 * import shows within that time even unasked) and the least recently used go first beyond
 * `maxEntries`. Concurrent misses of one key share a single computation. `clear()` also disowns the
 * computations under way: they answer their callers but are not remembered (they may have read the
 * catalogue before the change that caused the clear).
 */
export class HintCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly pending = new Map<string, Promise<V>>();
  /** Bumped by clear(): a computation started under an older generation is not stored. */
  private generation = 0;

  constructor(
    private readonly clock: Clock,
    private readonly options: { maxEntries: number; ttlMs: number },
  ) {}

  /** The cached value of `key`, or `compute()`'s (shared with concurrent callers, then cached). */
  async get(key: string, compute: () => Promise<V>): Promise<V> {
    const now = this.clock.now().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      // Re-insert: Map keeps insertion order, so the first key is always the least recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    if (hit) this.entries.delete(key);
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const promise = compute().then(
      (value) => {
        if (generation === this.generation) {
          this.pending.delete(key);
          this.store(key, value);
        }
        return value;
      },
      (error: unknown) => {
        if (generation === this.generation) this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, promise);
    return promise;
  }

  /** Entries held now (expired ones included until they are met). */
  get size(): number {
    return this.entries.size;
  }

  /** Forgets everything (after a catalogue change), computations under way included. */
  clear(): void {
    this.entries.clear();
    this.pending.clear();
    this.generation++;
  }

  private store(key: string, value: V): void {
    if (this.options.maxEntries <= 0) return;
    this.entries.set(key, { value, expires: this.clock.now().getTime() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
