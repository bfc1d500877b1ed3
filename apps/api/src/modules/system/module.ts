import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core';
import { Lifecycle } from './lifecycle';
import { systemRoutes } from './routes';

/**
 * Liveness and readiness (docs/decisions/020, 025, 050): /healthz, /readyz, `kadr_redis_up`, and the
 * drain state shutdown sets — while draining, every answer closes its connection. Registered first,
 * before any route.
 */
export async function registerSystem(app: FastifyInstance, core: Core): Promise<void> {
  const lifecycle = new Lifecycle(app.server);
  app.decorate('lifecycle', lifecycle);
  app.addHook('onSend', lifecycle.closeConnectionsWhileDraining);
  const redis = core.redis;
  if (redis) core.metrics.watchRedis(() => redis.status === 'ready');
  await app.register(systemRoutes, { db: core.db, redis: core.redis, lifecycle, openApi: core.env.apiDocs });
}
