import type { Clock } from '../../clock';
import type { SessionContext } from './sessions';

/** Sessions kept at most; the oldest entry goes first. About 10 MB when full. */
export const SESSION_CACHE_CAPACITY = 50_000;

/** A live session until `expiresAt`, or an ended one (`session: null`), which never expires. */
interface Entry {
  session: SessionContext | null;
  expiresAt: number;
}

/**
 * The sessions this process checked or issued lately, so an authenticated request needs no database
 * round trip (docs/decisions/002). Bounded: when full, the entry filled longest ago goes. A live entry is trusted for `ttlSeconds`: long enough to take the
 * database off the hot path, short enough to bound how long another instance that missed an
 * invalidation accepts an ended session. An ended session is remembered as such (sessions never come
 * back), which also stops a lookup that raced with the ending from caching it as live again.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;

  constructor(
    private readonly clock: Clock,
    /** 0 turns the cache off: every request checks the database. */
    ttlSeconds: number,
    private readonly capacity = SESSION_CACHE_CAPACITY,
  ) {
    this.ttlMs = ttlSeconds * 1000;
  }

  /** The cached session, `'ended'` when it is known to have ended, undefined when unknown or stale. */
  lookup(sessionId: string): SessionContext | 'ended' | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.session && entry.expiresAt <= this.clock.now().getTime()) {
      this.entries.delete(sessionId);
      return undefined;
    }
    // No move to the young end on a hit: a live entry is re-filled every TTL anyway, so the oldest
    // filled is nearly the least recently used. And moving (delete + set) the same key over and over
    // in a full V8 Map rehashes the whole table every few operations: 50–100 µs per hit at 30 000+
    // entries, measured — a quarter of getProfile's CPU.
    return entry.session ?? 'ended';
  }

  /** Caches a live session, unless it is already known to have ended. */
  remember(session: SessionContext): void {
    if (this.ttlMs <= 0 || this.entries.get(session.sessionId)?.session === null) return;
    this.put(session.sessionId, { session, expiresAt: this.clock.now().getTime() + this.ttlMs });
  }

  /** Marks sessions as ended: their tokens are refused from now on without asking the database. */
  end(sessionIds: Iterable<string>): void {
    if (this.ttlMs <= 0) return;
    for (const id of sessionIds) this.put(id, { session: null, expiresAt: Number.POSITIVE_INFINITY });
  }

  /** Forgets every live entry (after invalidations may have been missed); ended ones stay ended. */
  dropLive(): void {
    for (const [id, entry] of this.entries) if (entry.session) this.entries.delete(id);
  }

  /** Entries held, live and ended. */
  get size(): number {
    return this.entries.size;
  }

  private put(sessionId: string, entry: Entry): void {
    this.entries.delete(sessionId);
    this.entries.set(sessionId, entry);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
