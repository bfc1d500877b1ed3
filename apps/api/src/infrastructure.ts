import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from './db/client';
import type { Env } from './env';
import { FallbackRateLimiter, type RateLimiter, RedisRateLimiter, SqlRateLimiter } from './limits/rate-limit';
import { OutageLog } from './outage-log';
import { connectRedis } from './redis';

/**
 * Redis (with REDIS_URL) and the rate limiter, with PostgreSQL's and Redis's outages logged once each
 * way and answered 503 meanwhile (docs/decisions/025). Limits count in Redis, and in the database while
 * Redis is not connected.
 */
export function connectDependencies(
  env: Env,
  database: Database,
  log: FastifyBaseLogger,
  limiter?: RateLimiter,
): { redis: Redis | undefined; limiter: RateLimiter } {
  const databaseOutage = new OutageLog('PostgreSQL', log);
  database.watchConnections({
    lost: (error) => databaseOutage.lost(error),
    made: () => databaseOutage.restored(),
  });
  const redis = env.redisUrl ? connectRedis(env.redisUrl, new OutageLog('Redis', log)) : undefined;
  const sql = new SqlRateLimiter(database.db);
  return {
    redis,
    limiter:
      limiter ??
      (redis
        ? new FallbackRateLimiter(new RedisRateLimiter(redis), sql, () => redis.status === 'ready')
        : sql),
  };
}
