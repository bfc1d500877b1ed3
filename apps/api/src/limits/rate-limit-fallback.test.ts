import { describe, expect, it } from 'vitest';
import { FallbackRateLimiter, type LimitRule, type RateLimiter } from './rate-limit';

/** Counts per key in memory; `failure` makes every call throw it (Redis down, or a bug). */
class CountingLimiter implements RateLimiter {
  readonly counts = new Map<string, number>();
  failure: Error | undefined;

  async hit(rule: LimitRule) {
    this.fail();
    const count = (this.counts.get(rule.key) ?? 0) + 1;
    this.counts.set(rule.key, count);
    return { count, retryAfter: 0 };
  }
  async undo(rule: LimitRule) {
    this.fail();
    this.counts.set(rule.key, (this.counts.get(rule.key) ?? 0) - 1);
  }
  async count(rule: LimitRule) {
    this.fail();
    return this.counts.get(rule.key) ?? 0;
  }
  async prune() {
    this.fail();
  }
  private fail() {
    if (this.failure) throw this.failure;
  }
}

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
const rule: LimitRule = { key: 'send:all', windowSeconds: 3600, limit: 5 };

function limiters() {
  const redis = new CountingLimiter();
  const database = new CountingLimiter();
  let connected = true;
  const limiter = new FallbackRateLimiter(redis, database, () => connected);
  return { redis, database, limiter, disconnect: () => (connected = false) };
}

describe('FallbackRateLimiter (Redis, the database while Redis is down)', () => {
  it('counts in Redis while it is connected', async () => {
    const { redis, database, limiter } = limiters();
    expect((await limiter.hit(rule, new Date())).count).toBe(1);
    expect(await limiter.count(rule, new Date())).toBe(1);
    expect(redis.counts.get(rule.key)).toBe(1);
    expect(database.counts.size).toBe(0);
  });

  it('counts in the database while Redis is disconnected, and takes an event back where it was counted', async () => {
    const { redis, database, limiter, disconnect } = limiters();
    await limiter.hit(rule, new Date());
    disconnect();
    const now = new Date();
    expect((await limiter.hit(rule, now)).count).toBe(1);
    expect(await limiter.count(rule, now)).toBe(1);
    await limiter.undo(rule, now);
    expect(database.counts.get(rule.key)).toBe(0);
    expect(redis.counts.get(rule.key)).toBe(1);
  });

  it('falls back when a command fails because Redis went away, still limiting (never fails open)', async () => {
    const { redis, database, limiter } = limiters();
    redis.failure = refused();
    for (let i = 0; i < 6; i++) await limiter.hit(rule, new Date());
    expect((await limiter.hit(rule, new Date())).count).toBeGreaterThan(rule.limit);
    expect(database.counts.get(rule.key)).toBe(7);
  });

  it('gives up taking back an event counted in a Redis that has gone; a bug is still thrown', async () => {
    const { redis, limiter } = limiters();
    const now = new Date();
    await limiter.hit(rule, now);
    redis.failure = refused();
    await expect(limiter.undo(rule, now)).resolves.toBeUndefined();
    redis.failure = new TypeError('a bug');
    await expect(limiter.hit(rule, new Date())).rejects.toThrow('a bug');
  });

  it('fails closed (the error) when the database is down too', async () => {
    const { redis, database, limiter } = limiters();
    redis.failure = refused();
    database.failure = refused();
    await expect(limiter.hit(rule, new Date())).rejects.toThrow('ECONNREFUSED');
  });
});
