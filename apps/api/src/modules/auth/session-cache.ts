import type { Clock } from '../../clock';
import type { SessionContext } from './sessions';

/** Sessions kept at most; the older half goes first. About 10 MB when full. */
export const SESSION_CACHE_CAPACITY = 50_000;

/**
 * The shortest time an ended session stays marked as ended, whatever the TTL (seconds): longer than
 * what others took from the session before it ended may be trusted (the grant guard's checks, 15 s)
 * and than a database check racing the ending. After it the database answers for the session again
 * (one query), and it knows the session ended.
 */
export const ENDED_KEPT_SECONDS = 60;

/** A live session until `expiresAt`, or an ended one (`session: null`), kept ENDED_KEPT_SECONDS at least. */
interface Entry {
  session: SessionContext | null;
  expiresAt: number;
}

/**
 * The sessions this process checked or issued lately, so an authenticated request needs no database
 * round trip (docs/decisions/002). A live entry is trusted for `ttlSeconds`: long enough to take the
 * database off the hot path, short enough to bound how long another instance that missed an
 * invalidation accepts an ended session. An ended session is remembered as such for a while (sessions
 * never come back), which also stops a lookup that raced with the ending from caching it as live again.
 * Bounded twice: by the entries filled in the last two generations (each lasts the longer of the TTL
 * and ENDED_KEPT_SECONDS), and by the capacity.
 */
export class SessionCache {
  /**
   * Two generations instead of one map evicting its oldest entry: anonymous auth fills a new entry
   * per request, and a full V8 Map that deletes one key per insert keeps rehashing itself (a tenth of
   * anonymous auth's CPU, measured). Entries go into `young`; when it holds half the capacity, or
   * has lasted `generationMs`, it becomes `old` and the previous `old` is dropped whole. A key in
   * both: `young` is the newer. The time matters: every anonymous auth opens a session, so without
   * it the maps filled to the capacity with entries long stale (the soak's heap snapshots: 22 000
   * after 12 minutes at a TTL of 5 s, about 280 bytes each, growing until 50 000).
   */
  private young = new Map<string, Entry>();
  private old = new Map<string, Entry>();
  private readonly generationSize: number;
  /**
   * How long a generation lasts, ms: what `old` holds when dropped was filled before `young` began,
   * at least this long ago — every live entry in it stale, every ended one kept long enough.
   */
  private readonly generationMs: number;
  /** When `young` began, ms. */
  private youngSince: number;
  /**
   * Profiles that stopped being anonymous lately (signed in), with when this process heard of it:
   * their anonymous sessions are ended, stored or not. Kept for two TTLs — every live entry filled
   * before is gone by then, and `remember` refuses to fill one after.
   */
  private readonly adopted = new Map<number, number>();
  private readonly ttlMs: number;
  /** When live entries were last dropped (see dropLive); what other caches filled before is stale too. */
  private droppedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly clock: Clock,
    /** 0: no live session is trusted from memory, every request checks the database (ended ones are still marked). */
    ttlSeconds: number,
    capacity = SESSION_CACHE_CAPACITY,
  ) {
    this.ttlMs = ttlSeconds * 1000;
    this.generationSize = Math.max(1, Math.ceil(capacity / 2));
    this.generationMs = Math.max(this.ttlMs, ENDED_KEPT_SECONDS * 1000);
    this.youngSince = clock.now().getTime();
  }

  /** The cached session, `'ended'` when it is known to have ended, undefined when unknown or stale. */
  lookup(sessionId: string): SessionContext | 'ended' | undefined {
    const entry = this.entry(sessionId);
    if (!entry) return undefined;
    // A stale entry stays until its generation goes (deleting would churn the map, see `young`).
    if (entry.session && entry.expiresAt <= this.clock.now().getTime()) return undefined;
    // No move to the young generation on a hit: a live entry is re-filled every TTL anyway, so the
    // oldest filled is nearly the least recently used. And moving (delete + set) the same key over and
    // over in a full V8 Map rehashes the whole table every few operations: 50–100 µs per hit at 30 000+
    // entries, measured — a quarter of getProfile's CPU.
    if (!entry.session) return 'ended';
    if (!entry.session.signedIn && this.isAdopted(entry.session.profileId)) return 'ended';
    return entry.session;
  }

  /**
   * Caches a live session, unless it is already known to have ended. `isNew`: the session was opened
   * just now (its id was never out), so it cannot have ended — skips two look-ups on the hot path.
   */
  remember(session: SessionContext, isNew = false): void {
    if (this.ttlMs <= 0 || (!isNew && this.entry(session.sessionId)?.session === null)) return;
    if (!session.signedIn && this.isAdopted(session.profileId)) return;
    const now = this.clock.now().getTime();
    this.put(session.sessionId, { session, expiresAt: now + this.ttlMs }, now);
  }

  /**
   * Ends every anonymous session of profiles that just got a phone, including sessions this process
   * never stored or saw: their ids are nowhere, so the profile is remembered instead.
   */
  endAnonymousSessionsOf(profileIds: Iterable<number>): void {
    if (this.ttlMs <= 0) return;
    const now = this.clock.now().getTime();
    for (const id of profileIds) {
      this.adopted.delete(id);
      this.adopted.set(id, now);
    }
    // Oldest first: drop the markers that outlived every entry they could concern.
    for (const [id, at] of this.adopted) {
      if (at + 2 * this.ttlMs > now) break;
      this.adopted.delete(id);
    }
  }

  /** True while a profile's anonymous sessions (and device mapping) must not be trusted from memory. */
  isAdopted(profileId: number): boolean {
    if (this.adopted.size === 0) return false;
    const at = this.adopted.get(profileId);
    return at !== undefined && at + 2 * this.ttlMs > this.clock.now().getTime();
  }

  /**
   * Marks sessions as ended: their tokens are refused from now on without asking the database. Even
   * with a TTL of 0 (no live session trusted from memory): sessions never come back, and the grant
   * guard asks this mark before its own cached checks, so a logout stops playback here at once.
   */
  end(sessionIds: Iterable<string>): void {
    const now = this.clock.now().getTime();
    for (const id of sessionIds) this.put(id, { session: null, expiresAt: Number.POSITIVE_INFINITY }, now);
  }

  /** Forgets every live entry (after invalidations may have been missed); ended ones stay ended. */
  dropLive(): void {
    for (const generation of [this.young, this.old]) {
      for (const [id, entry] of generation) if (entry.session) generation.delete(id);
    }
    this.droppedAt = this.clock.now().getTime();
  }

  /** The time of the last dropLive: entries of related caches filled before it must be re-read. */
  get lastDropped(): number {
    return this.droppedAt;
  }

  /** Entries held, live, stale and ended (a key in both generations counts twice). */
  get size(): number {
    return this.young.size + this.old.size;
  }

  private entry(sessionId: string): Entry | undefined {
    return this.young.get(sessionId) ?? this.old.get(sessionId);
  }

  private put(sessionId: string, entry: Entry, now: number): void {
    if (now - this.youngSince >= this.generationMs) this.nextGeneration(now);
    this.young.set(sessionId, entry);
    if (this.young.size >= this.generationSize) this.nextGeneration(now);
  }

  private nextGeneration(now: number): void {
    this.old = this.young;
    this.young = new Map();
    this.youngSince = now;
  }
}
