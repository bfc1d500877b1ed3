import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Background } from './background';
import type { Clock } from './clock';
import type { Db } from './db/client';
import type { HeavyWrites } from './db/heavy-writes';
import type { Env } from './env';
import type { RateLimiter } from './limits/rate-limit';
import type { ServiceMetrics } from './metrics/metrics';

/**
 * The shared infrastructure every module is built from, made once by app.ts: settings, the database,
 * the clock, the log, metrics, rate limits, Redis and the background work's registry. A module takes
 * what else it needs from other modules' entries as named dependencies.
 */
export interface Core {
  env: Env;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  metrics: ServiceMetrics;
  limiter: RateLimiter;
  /** Present with REDIS_URL. */
  redis: Redis | undefined;
  /** PGlite runs one statement at a time; a pool may run a few write groups side by side. */
  writeSlots: number;
  /** The write slots shared fairly among profiles by heavy writes (createPayment): queued, or shed with 503. */
  heavyWrites: HeavyWrites;
  background: Background;
}
