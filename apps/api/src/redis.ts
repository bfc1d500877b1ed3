import { Redis } from 'ioredis';
import type { OutageLog } from './outage-log';

/**
 * A command to a connected Redis that has no answer after this long fails (and the rate limits fall
 * back to the database): a Redis that hangs must not hold requests longer than one that is down.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * The app's Redis connection (docs/decisions/025-dependency-recovery.md). ioredis reconnects by itself
 * (every 50 ms more per try, at most every 2 s); a command fails after two failed reconnections
 * rather than waiting in the offline queue for the whole outage.
 */
export function connectRedis(url: string, outage: OutageLog): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
  watchRedis(redis, outage);
  return redis;
}

/**
 * Gives a connection its `error` listener — without one, ioredis prints "[ioredis] Unhandled error
 * event" with a stack for every failed reconnection — and logs its outage once each way.
 */
export function watchRedis(redis: Redis, outage: OutageLog): void {
  redis.on('error', (error: unknown) => outage.lost(error));
  redis.on('ready', () => outage.restored());
}
