import { envelope, errorEnvelope } from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, type ErrorDetail } from '../../errors';
import type { Lifecycle } from './lifecycle';
import { pingDatabase } from './queries';

/** A readiness check waits this long for a dependency; a probe must answer before its own timeout. */
export const READINESS_CHECK_MS = 2000;

/** ioredis states of a connection that is not there and not about to be. */
const LOST = new Set(['reconnecting', 'close', 'end']);

const okEnvelope = envelope(z.object({ status: z.literal('ok') }));
const ok = { code: 200, success: true, response: { status: 'ok' as const } };
/**
 * Readiness's answer: `ok`, or `degraded` with `details` naming what the instance does without
 * (Redis: limits count in the database, ended sessions are not announced to other instances).
 */
const readyEnvelope = envelope(
  z.object({
    status: z.enum(['ok', 'degraded']),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
);

/** Resolves with what `check` resolves with, or rejects once `ms` have passed. */
async function within<T>(ms: number, check: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Why a dependency is not usable, or undefined when it answers. */
async function problemOf(check: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await within(READINESS_CHECK_MS, check);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Liveness, readiness and (with `openApi`) the OpenAPI document (docs/decisions/020-server-lifecycle.md,
 * 050-readiness-without-redis.md).
 * - /healthz, liveness: the process answers requests. It checks no dependency, so an orchestrator
 *   never restarts every instance because the database is down; it fails once the instance drains.
 * - /readyz, readiness: the instance can serve — the database answers `select 1` within 2 s — and it
 *   is not draining. Balancers route by it, so it fails only for what stops the instance serving:
 *   without Redis every call still works (limits count in the database, decision 025), and a Redis
 *   outage failing every instance's readiness at once made a Redis blip a full outage (issue 24).
 *   Redis (when configured) is PINGed too; one that does not answer makes the answer 200 `degraded`
 *   with `details` naming it (and `kadr_redis_up` 0).
 * A refusal answers the error envelope: 503 `shutting_down` or `not_ready` (details name the database).
 */
export const systemRoutes: FastifyPluginAsync<{
  db: Db;
  redis: Redis | undefined;
  lifecycle: Lifecycle;
  /** Serve /openapi.json (the API_DOCS setting). */
  openApi: boolean;
}> = async (base, { db, redis, lifecycle, openApi }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const response = { 200: okEnvelope, '5xx': errorEnvelope };

  app.get(
    '/healthz',
    { schema: { summary: 'Liveness: 503 once the instance shuts down', tags: ['system'], response } },
    async () => {
      if (lifecycle.draining) throw new AppError('shutting_down');
      return ok;
    },
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary:
          'Readiness: the database answers and the instance is not shutting down; Redis down is `degraded`, still 200',
        tags: ['system'],
        response: { 200: readyEnvelope, '5xx': errorEnvelope },
      },
    },
    async (request) => {
      if (lifecycle.draining) throw new AppError('shutting_down');
      const [database, cache] = await Promise.all([
        problemOf(() => pingDatabase(db)),
        redis
          ? problemOf(async () => {
              // A connection lost and being retried: say so at once rather than queue a PING until the
              // timeout. One still being made (just after start) gets the PING's 2 s.
              if (LOST.has(redis.status)) throw new Error(`Redis connection is ${redis.status}`);
              await redis.ping();
            })
          : undefined,
      ]);
      const details: ErrorDetail[] = [];
      if (database) details.push({ path: 'database', message: database });
      if (cache) details.push({ path: 'redis', message: cache });
      if (database) {
        request.log.warn({ details }, 'not ready');
        throw new AppError('not_ready', { details });
      }
      // Redis's outage is logged once each way where it is noticed (outage-log.ts), not on every probe.
      if (cache) return { code: 200, success: true, response: { status: 'degraded' as const, details } };
      return ok;
    },
  );

  if (openApi) app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
