import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../db/schema';
import { backends, REDIS_TEST_URL, redisAvailable, useApi } from '../test/harness';
import {
  FallbackRateLimiter,
  MemoryRateLimiter,
  type RateLimiter,
  RedisRateLimiter,
  rateLimiterFor,
  SqlRateLimiter,
} from './rate-limit';

const at = (iso: string) => new Date(iso);

/** A rule for a fresh key. */
function rule(windowSeconds: number, limit: number, key = `k-${randomBytes(4).toString('hex')}`) {
  return { key, windowSeconds, limit };
}

/** Behaviour every limiter shares, run against each implementation. */
function limiterContract(make: () => RateLimiter) {
  it('counts a rolling window: hits late in one hour still count early in the next', async () => {
    const limiter = make();
    const r = rule(3600, 10);
    expect(await limiter.hit(r, at('2030-01-15T10:00:00Z'))).toEqual({ count: 1, retryAfter: 0 });
    expect(await limiter.hit(r, at('2030-01-15T10:59:30Z'))).toEqual({ count: 2, retryAfter: 0 });
    // A fixed window would start again from 1 at 11:00.
    expect((await limiter.hit(r, at('2030-01-15T11:00:00Z'))).count).toBe(3);
    // The 10:00 hit leaves one hour after its one-minute bucket ended.
    expect((await limiter.hit(r, at('2030-01-15T11:01:00Z'))).count).toBe(3);
    // At 12:00:30 the 10:59:30 hit has left; the 11:00 and 11:01 ones stay until 12:01 and 12:02.
    expect(await limiter.count(r, at('2030-01-15T12:00:30Z'))).toBe(2);
    expect(await limiter.count(r, at('2030-01-15T12:02:00Z'))).toBe(0);
  });

  it('tells a refused caller when the oldest hits leave the window', async () => {
    const limiter = make();
    const r = rule(3600, 2);
    await limiter.hit(r, at('2030-01-15T10:00:00Z'));
    await limiter.hit(r, at('2030-01-15T10:30:00Z'));
    const refused = await limiter.hit(r, at('2030-01-15T10:45:00Z'));
    // Room for one more once the 10:00 hit (bucket 10:00–10:01) has left: at 11:01, in 16 minutes.
    expect(refused).toEqual({ count: 3, retryAfter: 16 * 60 });
  });

  it('counts a 24-hour window over the last 24 hours, not since midnight UTC', async () => {
    const limiter = make();
    const r = rule(86_400, 10);
    await limiter.hit(r, at('2030-01-15T23:50:00Z'));
    expect(await limiter.count(r, at('2030-01-16T00:10:00Z'))).toBe(1);
    expect(await limiter.count(r, at('2030-01-16T23:40:00Z'))).toBe(1);
    expect(await limiter.count(r, at('2030-01-17T00:15:00Z'))).toBe(0);
  });

  it('keeps keys apart', async () => {
    const limiter = make();
    const now = at('2030-01-15T10:00:00Z');
    await limiter.hit(rule(60, 5, 'a-key'), now);
    expect((await limiter.hit(rule(60, 5, 'b-key'), now)).count).toBe(1);
  });

  it('takes a hit back with undo', async () => {
    const limiter = make();
    const r = rule(60, 5);
    const now = at('2030-01-15T10:00:00Z');
    await limiter.hit(r, now);
    await limiter.hit(r, now);
    await limiter.undo(r, now);
    expect((await limiter.hit(r, now)).count).toBe(2);
    expect(await limiter.count(r, now)).toBe(2);
  });

  it('loses no hit under concurrency', async () => {
    const limiter = make();
    const r = rule(60, 100);
    const now = at('2030-01-15T10:00:00Z');
    const counts = await Promise.all(Array.from({ length: 25 }, () => limiter.hit(r, now)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });
}

describe("memory rate limiter (the embedded database's store)", () => {
  limiterContract(() => new MemoryRateLimiter());

  it('forgets a key once every bucket has left its window', async () => {
    const limiter = new MemoryRateLimiter();
    await limiter.hit(rule(60, 5, 'short'), at('2030-01-15T10:00:00Z'));
    await limiter.hit(rule(3600, 5, 'long'), at('2030-01-15T10:00:00Z'));
    await limiter.prune(at('2030-01-15T10:05:00Z'));
    expect(limiter.size).toBe(1);
    expect(await limiter.count(rule(3600, 5, 'long'), at('2030-01-15T10:05:00Z'))).toBe(1);
    await limiter.prune(at('2030-01-15T11:05:00Z'));
    expect(limiter.size).toBe(0);
  });

  it('keeps one key per window: the same key with another window counts apart', async () => {
    const limiter = new MemoryRateLimiter();
    const now = at('2030-01-15T10:00:00Z');
    await limiter.hit(rule(60, 5, 'same'), now);
    expect((await limiter.hit(rule(3600, 5, 'same'), now)).count).toBe(1);
  });

  it('takes nothing back below zero (an undo without its hit)', async () => {
    const limiter = new MemoryRateLimiter();
    const r = rule(60, 5);
    const now = at('2030-01-15T10:00:00Z');
    await limiter.undo(r, now);
    expect((await limiter.hit(r, now)).count).toBe(1);
  });
});

describe('the store the service counts in (rateLimiterFor)', () => {
  const lostRedis = () => new Redis(REDIS_TEST_URL, { lazyConnect: true });

  it('counts in memory with the embedded database, without Redis and while Redis is away', async () => {
    const pglite = { kind: 'pglite' as const, db: undefined as never };
    expect(rateLimiterFor(pglite, undefined)).toBeInstanceOf(MemoryRateLimiter);
    const redis = lostRedis();
    const limiter = rateLimiterFor(pglite, redis);
    expect(limiter).toBeInstanceOf(FallbackRateLimiter);
    // Not connected: counted in memory (the database handle is never touched: it is not one).
    const r = rule(60, 1);
    expect((await limiter.hit(r, new Date())).count).toBe(1);
    expect((await limiter.hit(r, new Date())).count).toBe(2);
    redis.disconnect();
  });
});

for (const backend of backends) {
  describe.skipIf(!backend.available)(`SQL rate limiter (${backend.name})`, () => {
    const api = useApi(backend);
    limiterContract(() => new SqlRateLimiter(api.database.db));

    it('prunes buckets that left their window', async () => {
      const limiter = new SqlRateLimiter(api.database.db);
      await limiter.hit(rule(60, 5, 'old'), at('2030-01-15T10:00:00Z'));
      await limiter.hit(rule(3600, 5, 'new'), at('2030-01-15T10:00:00Z'));
      await limiter.prune(at('2030-01-15T10:05:00Z'));
      const rows = await api.database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
      expect(rows).toEqual([{ key: 'new' }]);
    });

    if (backend.name === 'PostgreSQL')
      it('counts in the database with PostgreSQL, also while Redis is away (instances share it)', async () => {
        const database = { kind: 'postgres' as const, db: api.database.db };
        expect(rateLimiterFor(database, undefined)).toBeInstanceOf(SqlRateLimiter);
        const redis = new Redis(REDIS_TEST_URL, { lazyConnect: true });
        try {
          await rateLimiterFor(database, redis).hit(rule(60, 5, 'shared'), new Date());
        } finally {
          redis.disconnect();
        }
        const rows = await api.database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
        expect(rows).toEqual([{ key: 'shared' }]);
      });
    else
      it('the app on the embedded database counts in memory: a limit holds and writes no counter row', async () => {
        const t = await api.setup({ RATE_LIMIT_IP_HOUR: '1', PUSH_SIGNIN: 'off' });
        const anon = await t.anonymous();
        expect((await t.sendAuth('79990000001', anon.access_token, '10.8.8.8')).status).toBe(200);
        expect((await t.sendAuth('79990000002', anon.access_token, '10.8.8.8')).body).toMatchObject({
          code: 429,
          response: { error: 'rate_limited' },
        });
        expect(await api.database.db.select().from(rateLimitCounters)).toEqual([]);
      });
  });
}

describe.skipIf(!redisAvailable)('Redis rate limiter (Redis)', () => {
  let redis: Redis;
  const prefix = `kadr-test:${randomBytes(6).toString('hex')}:`;

  beforeAll(() => {
    redis = new Redis(REDIS_TEST_URL);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  limiterContract(() => new RedisRateLimiter(redis, `${prefix}${randomBytes(3).toString('hex')}:`));

  it('sets an expiry on every counter', async () => {
    const limiter = new RedisRateLimiter(redis, prefix);
    await limiter.hit(rule(60, 5, 'ttl'), new Date());
    const [key] = await redis.keys(`${prefix}ttl:*`);
    expect(await redis.pttl(key!)).toBeGreaterThan(0);
  });

  describe('in the app (PGlite + Redis)', () => {
    const api = useApi(backends[0]!);

    it('limits sendAuth through Redis counters', async () => {
      const t = await api.setup(
        { RATE_LIMIT_IP_HOUR: '2', PUSH_SIGNIN: 'off' },
        { rateLimiter: new RedisRateLimiter(redis, `${prefix}app:`) },
      );
      const anon = await t.anonymous();
      expect((await t.sendAuth('79990000001', anon.access_token, '10.9.9.9')).status).toBe(200);
      expect((await t.sendAuth('79990000002', anon.access_token, '10.9.9.9')).status).toBe(200);
      expect((await t.sendAuth('79990000003', anon.access_token, '10.9.9.9')).body).toMatchObject({
        code: 429,
        response: { error: 'rate_limited' },
      });
      expect(await redis.keys(`${prefix}app:send:ip:10.9.9.9:*`)).toHaveLength(1);
    });

    it('uses Redis when REDIS_URL is set', async () => {
      const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
      const t = await api.setup({ REDIS_URL: REDIS_TEST_URL, PUSH_SIGNIN: 'off' });
      const anon = await t.anonymous();
      expect((await t.sendAuth('79990000001', anon.access_token, ip)).status).toBe(200);
      const keys = await redis.keys(`kadr:rl:send:ip:${ip}:*`);
      expect(keys).toHaveLength(1);
      await redis.del(...keys, ...(await redis.keys('kadr:rl:send:*7999000000*')));
    });
  });
});
