import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { isDependencyUnavailable } from '../http/dependency-errors';

/** A limit: at most `limit` events for `key` in any `windowSeconds` (a rolling window). */
export interface LimitRule {
  key: string;
  windowSeconds: number;
  limit: number;
}

/** Events in the rolling window after a hit, and when the window will have room again. */
export interface RateLimitHit {
  /** Events in the window, this one included. */
  count: number;
  /**
   * Seconds until one more event fits under the limit once this one is taken back (what a refused
   * caller is told to wait); 0 while there is room.
   */
  retryAfter: number;
}

/**
 * Rolling-window event counters shared by every api instance (docs/decisions/021). A window is kept
 * as 60 buckets, so "the last 24 hours" means that, not "since midnight UTC": a bucket leaves the
 * window one whole window after it ended, so no event is forgotten early. `hit` is atomic (no lost
 * updates under concurrency), so "count > limit" decides fairly even when requests race.
 */
export interface RateLimiter {
  /** Counts one event for the rule at `now`; answers the window's count including it. */
  hit(rule: LimitRule, now: Date): Promise<RateLimitHit>;
  /** Takes back the event counted by `hit(rule, now)` with the same `now` (it was not spent). */
  undo(rule: LimitRule, now: Date): Promise<void>;
  /** Events in the rolling window at `now`, without counting one. */
  count(rule: LimitRule, now: Date): Promise<number>;
  /** Drops buckets that left every window (no-op where storage expires them itself). */
  prune(now: Date): Promise<void>;
}

/** Buckets per window: the rolling window is exact to 1/60 of its length. */
const BUCKETS = 60;

function bucketMs(windowSeconds: number): number {
  return Math.ceil((windowSeconds * 1000) / BUCKETS);
}

function bucketOf(windowSeconds: number, now: Date): number {
  const size = bucketMs(windowSeconds);
  return Math.floor(now.getTime() / size) * size;
}

/** When a bucket leaves the window: a whole window after the bucket ended. */
function leavesAt(windowSeconds: number, start: number): number {
  return start + bucketMs(windowSeconds) + windowSeconds * 1000;
}

/** The earliest start of a bucket still inside the window at `now`. */
function oldestLive(windowSeconds: number, now: Date): number {
  return now.getTime() - windowSeconds * 1000 - bucketMs(windowSeconds) + 1;
}

/**
 * The window's answer from its buckets: the count, and the wait until the oldest buckets leaving
 * the window free enough room (`count - limit` events) for one more.
 */
function settle(rule: LimitRule, now: Date, buckets: Array<{ start: number; count: number }>): RateLimitHit {
  const live = buckets.filter((b) => b.start >= oldestLive(rule.windowSeconds, now) && b.count > 0);
  const count = live.reduce((sum, b) => sum + b.count, 0);
  const excess = count - rule.limit;
  if (excess <= 0) return { count, retryAfter: 0 };
  let freed = 0;
  for (const b of live.sort((x, y) => x.start - y.start)) {
    freed += b.count;
    if (freed >= excess) {
      const wait = leavesAt(rule.windowSeconds, b.start) - now.getTime();
      return { count, retryAfter: Math.max(1, Math.ceil(wait / 1000)) };
    }
  }
  return { count, retryAfter: rule.windowSeconds };
}

/** Buckets in the `rate_limit_counters` table: one row per key and bucket, one upsert per hit. */
export class SqlRateLimiter implements RateLimiter {
  constructor(private readonly db: Db) {}

  async hit(rule: LimitRule, now: Date): Promise<RateLimitHit> {
    const start = bucketOf(rule.windowSeconds, now);
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({
        key: rule.key,
        windowStart: new Date(start),
        count: 1,
        expiresAt: new Date(leavesAt(rule.windowSeconds, start)),
      })
      .onConflictDoUpdate({
        target: [rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { count: sql`${rateLimitCounters.count} + 1` },
      })
      .returning({ count: rateLimitCounters.count });
    // The current bucket's count comes from the upsert (row-locked, so racing hits see 1, 2, 3…);
    // earlier buckets no longer change.
    const earlier = await this.buckets(rule, now, start);
    return settle(rule, now, [...earlier, { start, count: row?.count ?? 1 }]);
  }

  async undo(rule: LimitRule, now: Date): Promise<void> {
    await this.db
      .update(rateLimitCounters)
      .set({ count: sql`${rateLimitCounters.count} - 1` })
      .where(
        and(
          eq(rateLimitCounters.key, rule.key),
          eq(rateLimitCounters.windowStart, new Date(bucketOf(rule.windowSeconds, now))),
          gt(rateLimitCounters.count, 0),
        ),
      );
  }

  async count(rule: LimitRule, now: Date): Promise<number> {
    return settle(rule, now, await this.buckets(rule, now)).count;
  }

  async prune(now: Date): Promise<void> {
    await this.db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now));
  }

  private async buckets(rule: LimitRule, now: Date, except?: number) {
    const rows = await this.db
      .select({ start: rateLimitCounters.windowStart, count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(
        and(
          eq(rateLimitCounters.key, rule.key),
          gt(rateLimitCounters.windowStart, new Date(oldestLive(rule.windowSeconds, now) - 1)),
          except === undefined ? undefined : ne(rateLimitCounters.windowStart, new Date(except)),
        ),
      );
    return rows.map((r) => ({ start: r.start.getTime(), count: r.count }));
  }
}

/**
 * Buckets in this process's memory, for the embedded database (docs/decisions/048): PGlite is opened by
 * one process only, so that process's counters are the service's counters, and a hit is a map update
 * instead of an upsert and a select on the one connection every request shares — refusing a flood costs
 * no database work. Counters do not outlive the process: a restart counts from zero, as a Redis that comes
 * back empty does (decision 025), at most one window's worth of events more per restart. Each key's stale
 * buckets go when it is hit; prune() drops keys no window looks at any more.
 */
export class MemoryRateLimiter implements RateLimiter {
  /** Bucket start → events, per key and window. */
  private readonly windows = new Map<string, Map<number, number>>();

  async hit(rule: LimitRule, now: Date): Promise<RateLimitHit> {
    const buckets = this.bucketsOf(rule, true);
    const start = bucketOf(rule.windowSeconds, now);
    buckets.set(start, (buckets.get(start) ?? 0) + 1);
    const oldest = oldestLive(rule.windowSeconds, now);
    for (const bucket of buckets.keys()) if (bucket < oldest) buckets.delete(bucket);
    return settle(rule, now, this.listed(buckets));
  }

  async undo(rule: LimitRule, now: Date): Promise<void> {
    const buckets = this.bucketsOf(rule, false);
    const start = bucketOf(rule.windowSeconds, now);
    const count = buckets?.get(start) ?? 0;
    if (buckets && count > 0) buckets.set(start, count - 1);
  }

  async count(rule: LimitRule, now: Date): Promise<number> {
    const buckets = this.bucketsOf(rule, false);
    return buckets ? settle(rule, now, this.listed(buckets)).count : 0;
  }

  async prune(now: Date): Promise<void> {
    for (const [key, buckets] of this.windows) {
      const windowSeconds = Number(key.slice(key.lastIndexOf(':') + 1));
      for (const start of buckets.keys())
        if (leavesAt(windowSeconds, start) < now.getTime()) buckets.delete(start);
      if (buckets.size === 0) this.windows.delete(key);
    }
  }

  /** Keys counted (some buckets may have left their window until pruned): for tests. */
  get size(): number {
    return this.windows.size;
  }

  private bucketsOf(rule: LimitRule, create: true): Map<number, number>;
  private bucketsOf(rule: LimitRule, create: false): Map<number, number> | undefined;
  private bucketsOf(rule: LimitRule, create: boolean) {
    const key = keyOf(rule);
    let buckets = this.windows.get(key);
    if (!buckets && create) {
      buckets = new Map();
      this.windows.set(key, buckets);
    }
    return buckets;
  }

  private listed(buckets: Map<number, number>) {
    return [...buckets].map(([start, count]) => ({ start, count }));
  }
}

/**
 * Buckets in Redis, one hash per key and window (field: bucket start). HINCRBY, PEXPIRE and HGETALL
 * run in one MULTI, so a key never lives without its expiry and racing hits see distinct counts.
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'kadr:rl:',
  ) {}

  private keyOf(rule: LimitRule) {
    return `${this.prefix}${rule.key}:${rule.windowSeconds}`;
  }

  async hit(rule: LimitRule, now: Date): Promise<RateLimitHit> {
    const k = this.keyOf(rule);
    const start = bucketOf(rule.windowSeconds, now);
    // Expiry follows the caller's clock plus a margin, so a skewed Redis clock cannot end a window early.
    const ttl = leavesAt(rule.windowSeconds, start) - now.getTime() + 60_000;
    const replies = await this.redis.multi().hincrby(k, String(start), 1).pexpire(k, ttl).hgetall(k).exec();
    const [error, fields] = replies?.[2] ?? [new Error('empty MULTI reply'), {}];
    if (error) throw error;
    const buckets = this.parse(fields as Record<string, string>);
    const stale = buckets.filter((b) => b.start < oldestLive(rule.windowSeconds, now));
    if (stale.length > 0) await this.redis.hdel(k, ...stale.map((b) => String(b.start)));
    return settle(rule, now, buckets);
  }

  async undo(rule: LimitRule, now: Date): Promise<void> {
    await this.redis.hincrby(this.keyOf(rule), String(bucketOf(rule.windowSeconds, now)), -1);
  }

  async count(rule: LimitRule, now: Date): Promise<number> {
    return settle(rule, now, this.parse(await this.redis.hgetall(this.keyOf(rule)))).count;
  }

  async prune(): Promise<void> {}

  private parse(fields: Record<string, string>) {
    return Object.entries(fields).map(([start, count]) => ({ start: Number(start), count: Number(count) }));
  }
}

/**
 * Redis's counters, and the database's while Redis cannot be reached (docs/decisions/025): sign-in
 * and new devices keep their limits through a Redis outage instead of being refused (fail closed)
 * or let through uncounted (fail open). The instance's own store (rateLimiterFor: the database with
 * PostgreSQL, memory with the embedded database) is what a single instance uses: an outage only means
 * the windows count from zero there, so at most one extra window's worth of events gets through per outage.
 * `usable` says whether Redis is connected: while it is not, nothing waits for a command to fail.
 * An event is taken back where it was counted.
 */
export class FallbackRateLimiter implements RateLimiter {
  /** Rules whose hit at this `now` the fallback counted (undo gets the same Date). */
  private readonly fellBack = new WeakMap<Date, Set<string>>();

  constructor(
    private readonly primary: RateLimiter,
    private readonly fallback: RateLimiter,
    private readonly usable: () => boolean,
  ) {}

  async hit(rule: LimitRule, now: Date): Promise<RateLimitHit> {
    const primary = await this.tryPrimary(() => this.primary.hit(rule, now));
    if (primary) return primary.value;
    const rules = this.fellBack.get(now) ?? new Set<string>();
    rules.add(keyOf(rule));
    this.fellBack.set(now, rules);
    return this.fallback.hit(rule, now);
  }

  async undo(rule: LimitRule, now: Date): Promise<void> {
    if (this.fellBack.get(now)?.has(keyOf(rule))) return this.fallback.undo(rule, now);
    // Counted in Redis, now gone: there is nothing left to take back.
    await this.tryPrimary(() => this.primary.undo(rule, now));
  }

  async count(rule: LimitRule, now: Date): Promise<number> {
    const primary = await this.tryPrimary(() => this.primary.count(rule, now));
    return primary ? primary.value : this.fallback.count(rule, now);
  }

  async prune(now: Date): Promise<void> {
    await this.fallback.prune(now);
    await this.tryPrimary(() => this.primary.prune(now));
  }

  /** The primary's answer, or undefined when Redis is not there (other errors are thrown). */
  private async tryPrimary<T>(call: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (!this.usable()) return undefined;
    try {
      return { value: await call() };
    } catch (error) {
      if (isDependencyUnavailable(error)) return undefined;
      throw error;
    }
  }
}

function keyOf(rule: LimitRule): string {
  return `${rule.key}:${rule.windowSeconds}`;
}

/**
 * Where the service counts (docs/decisions/021, 025, 048): with Redis, in Redis, and while it cannot be
 * reached in the process's own store; that store is memory with the embedded database (one process owns
 * it, so memory is every instance's count and costs no statement) and the database with PostgreSQL
 * (instances share it, so a Redis outage keeps one count across them).
 */
export function rateLimiterFor(
  database: { kind: 'pglite' | 'postgres'; db: Db },
  redis: Redis | undefined,
): RateLimiter {
  const own = database.kind === 'pglite' ? new MemoryRateLimiter() : new SqlRateLimiter(database.db);
  return redis
    ? new FallbackRateLimiter(new RedisRateLimiter(redis), own, () => redis.status === 'ready')
    : own;
}
