import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../../db/schema';
import { backends, REDIS_TEST_URL, redisAvailable, useApi } from '../../test/harness';
import { type RateLimiter, RedisRateLimiter, SqlRateLimiter } from './rate-limit';

const at = (iso: string) => new Date(iso);

/** Behaviour every limiter shares, run against each implementation. */
function limiterContract(make: () => RateLimiter) {
  it('counts hits in a fixed window and tells when it ends', async () => {
    const limiter = make();
    const key = `k-${randomBytes(4).toString('hex')}`;
    expect(await limiter.hit(key, 3600, at('2030-01-15T10:00:00Z'))).toEqual({ count: 1, retryAfter: 3600 });
    expect(await limiter.hit(key, 3600, at('2030-01-15T10:59:30Z'))).toEqual({ count: 2, retryAfter: 30 });
    expect(await limiter.hit(key, 3600, at('2030-01-15T11:00:00Z'))).toEqual({ count: 1, retryAfter: 3600 });
  });

  it('keeps keys apart', async () => {
    const limiter = make();
    const now = at('2030-01-15T10:00:00Z');
    await limiter.hit('a-key', 60, now);
    expect((await limiter.hit('b-key', 60, now)).count).toBe(1);
  });

  it('takes a hit back with undo', async () => {
    const limiter = make();
    const now = at('2030-01-15T10:00:00Z');
    await limiter.hit('u-key', 60, now);
    await limiter.hit('u-key', 60, now);
    await limiter.undo('u-key', 60, now);
    expect((await limiter.hit('u-key', 60, now)).count).toBe(2);
  });

  it('loses no hit under concurrency', async () => {
    const limiter = make();
    const now = at('2030-01-15T10:00:00Z');
    const counts = await Promise.all(Array.from({ length: 25 }, () => limiter.hit('c-key', 60, now)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });
}

for (const backend of backends) {
  describe.skipIf(!backend.available)(`SQL rate limiter (${backend.name})`, () => {
    const api = useApi(backend);
    limiterContract(() => new SqlRateLimiter(api.database.db));

    it('prunes ended windows', async () => {
      const limiter = new SqlRateLimiter(api.database.db);
      await limiter.hit('old', 60, at('2030-01-15T10:00:00Z'));
      await limiter.hit('new', 3600, at('2030-01-15T10:00:00Z'));
      await limiter.prune(at('2030-01-15T10:05:00Z'));
      const rows = await api.database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
      expect(rows).toEqual([{ key: 'new' }]);
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
    await limiter.hit('ttl', 60, new Date());
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
