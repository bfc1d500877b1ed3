import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Background } from './background';
import { type Clock, systemClock } from './clock';
import type { Core } from './core';
import { createDatabase, type Database } from './db/client';
import { HEAVY_WRITES_PER_OWNER, HEAVY_WRITES_PER_SLOT, HeavyWrites } from './db/heavy-writes';
import { migrateDatabase } from './db/migrate';
import type { Env } from './env';
import { type RateLimiter, rateLimiterFor } from './limits/rate-limit';
import type { ServiceMetrics } from './metrics/metrics';
import { OutageLog } from './outage-log';
import { connectRedis } from './redis';

/** The manifest a server's first start imports into an empty catalogue (CATALOGUE_SEED). */
export type CatalogueSeed = { manifest: string; mediaDir: string } | undefined;

/**
 * The database, migrated: the caller's (`given`, left open at close) or one opened from env (closed
 * with the app). A failed migration closes what it opened.
 */
export async function openDatabase(
  env: Env,
  given: Database | undefined,
  seed: CatalogueSeed,
): Promise<{ database: Database; owned: boolean }> {
  const database = given ?? (await createDatabase(env, { poolSize: env.databasePoolSize, seed }));
  try {
    await migrateDatabase(database);
  } catch (error) {
    if (!given) await database.close();
    throw error;
  }
  return { database, owned: !given };
}

/**
 * The shared infrastructure every module is built from (core.ts): Redis (with REDIS_URL) and the rate
 * limiter — counting in Redis, and in the instance's own store while Redis is not connected (memory
 * with the embedded database, the database with PostgreSQL: rateLimiterFor) — with PostgreSQL's and
 * Redis's outages logged once each way and answered 503 meanwhile (docs/decisions/025).
 */
export function makeCore(
  app: FastifyInstance,
  env: Env,
  database: Database,
  given: { clock?: Clock; rateLimiter?: RateLimiter; metrics: ServiceMetrics },
): Core {
  const databaseOutage = new OutageLog('PostgreSQL', app.log);
  database.watchConnections({
    lost: (error) => databaseOutage.lost(error),
    made: () => databaseOutage.restored(),
  });
  const redis = env.redisUrl ? connectRedis(env.redisUrl, new OutageLog('Redis', app.log)) : undefined;
  const limiter = given.rateLimiter ?? rateLimiterFor(database, redis);
  // PGlite runs one statement at a time; a pool may run a few groups side by side.
  const writeSlots = database.kind === 'pglite' ? 1 : 4;
  return {
    env,
    db: database.db,
    clock: given.clock ?? systemClock,
    log: app.log,
    metrics: given.metrics,
    limiter,
    redis,
    writeSlots,
    heavyWrites: new HeavyWrites({
      inFlight: env.heavyWrites.inFlight ?? HEAVY_WRITES_PER_SLOT * writeSlots,
      queue: env.heavyWrites.queue,
      ...HEAVY_WRITES_PER_OWNER,
    }),
    background: new Background(),
  };
}

/**
 * Starts the modules' background work once the server listens, and at close — once the listener is
 * closed and the requests in flight have finished (Fastify's onClose) — stops it side by side, each at
 * its own safe point, before Redis and the database close: one failing to stop does not keep them
 * open. The shutdown's bound (src/shutdown.ts) ends whatever hangs.
 */
export function runBackground(app: FastifyInstance, core: Core, database: Database, ownsDatabase: boolean) {
  app.addHook('onListen', () => core.background.start());
  app.addHook('onClose', async () => {
    for (const stop of await core.background.stop()) {
      if (stop.status === 'rejected')
        app.log.warn({ err: stop.reason }, 'background work did not stop cleanly');
    }
    const redis: Redis | undefined = core.redis;
    await redis?.quit().catch(() => redis.disconnect());
    if (ownsDatabase) await database.close();
  });
}
