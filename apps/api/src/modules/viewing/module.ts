import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core';
import { viewingRoutes } from './routes';
import { ViewingService } from './service';

/**
 * The viewer's memory (issue 25; docs/decisions/055-viewing-memory.md): watch progress per profile,
 * «Продолжить просмотр», «История просмотров» and «Буду смотреть». It asks the catalogue for cards
 * only; what an anonymous profile keeps moves at sign-in through `moveAnonymousViewing` (app.ts).
 */
export async function registerViewing(app: FastifyInstance, core: Core): Promise<void> {
  await app.register(viewingRoutes, { viewing: new ViewingService(core.db, core.clock) });
}
