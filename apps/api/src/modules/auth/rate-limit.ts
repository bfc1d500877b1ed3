import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';

/** Count of a fixed window after a hit, and seconds until the window ends. */
export interface RateLimitHit {
  count: number;
  retryAfter: number;
}

/**
 * Fixed-window event counters shared by every api instance. `hit` is atomic (no lost updates under
 * concurrency), so "count > limit" decides fairly even when requests race.
 */
export interface RateLimiter {
  /** Counts one event for `key` in the window containing `now`; returns the count including it. */
  hit(key: string, windowSeconds: number, now: Date): Promise<RateLimitHit>;
  /** Takes one event back (a reserved try that was not spent). */
  undo(key: string, windowSeconds: number, now: Date): Promise<void>;
  /** Drops ended windows (no-op where storage expires them itself). */
  prune(now: Date): Promise<void>;
}

function windowOf(windowSeconds: number, now: Date) {
  const size = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / size) * size;
  return {
    start,
    end: start + size,
    retryAfter: Math.max(1, Math.ceil((start + size - now.getTime()) / 1000)),
  };
}

/** Counters in the `rate_limit_counters` table: one upsert per hit. */
export class SqlRateLimiter implements RateLimiter {
  constructor(private readonly db: Db) {}

  async hit(key: string, windowSeconds: number, now: Date): Promise<RateLimitHit> {
    const w = windowOf(windowSeconds, now);
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({ key, windowStart: new Date(w.start), count: 1, expiresAt: new Date(w.end) })
      .onConflictDoUpdate({
        target: [rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { count: sql`${rateLimitCounters.count} + 1` },
      })
      .returning({ count: rateLimitCounters.count });
    return { count: row?.count ?? 1, retryAfter: w.retryAfter };
  }

  async undo(key: string, windowSeconds: number, now: Date): Promise<void> {
    const w = windowOf(windowSeconds, now);
    await this.db
      .update(rateLimitCounters)
      .set({ count: sql`${rateLimitCounters.count} - 1` })
      .where(
        and(
          eq(rateLimitCounters.key, key),
          eq(rateLimitCounters.windowStart, new Date(w.start)),
          gt(rateLimitCounters.count, 0),
        ),
      );
  }

  async prune(now: Date): Promise<void> {
    await this.db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now));
  }
}

/** Counters in Redis: INCR and PEXPIRE in one MULTI, so a key never lives without its expiry. */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'kadr:rl:',
  ) {}

  private keyOf(key: string, start: number) {
    return `${this.prefix}${key}:${start}`;
  }

  async hit(key: string, windowSeconds: number, now: Date): Promise<RateLimitHit> {
    const w = windowOf(windowSeconds, now);
    const k = this.keyOf(key, w.start);
    // Expiry follows the caller's clock plus a margin, so a skewed Redis clock cannot end a window early.
    const ttl = Math.max(1000, w.end - now.getTime()) + 60_000;
    const replies = await this.redis.multi().incr(k).pexpire(k, ttl).exec();
    const [error, count] = replies?.[0] ?? [new Error('empty MULTI reply'), 0];
    if (error) throw error;
    return { count: Number(count), retryAfter: w.retryAfter };
  }

  async undo(key: string, windowSeconds: number, now: Date): Promise<void> {
    const w = windowOf(windowSeconds, now);
    await this.redis.decr(this.keyOf(key, w.start));
  }

  async prune(): Promise<void> {}
}
