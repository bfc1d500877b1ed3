import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core';
import { searchRoutes } from './routes';
import { SearchService } from './service';

/**
 * Search and its hints (SPEC §2, §7): the in-process index is built once the service listens, so the
 * first searches need not wait; until then, and if it fails, the database answers.
 */
export async function registerSearch(app: FastifyInstance, core: Core): Promise<void> {
  const search = new SearchService(core.db, {
    clock: core.clock,
    onIndexError: (error) => core.log.warn({ err: error }, 'search index build failed; the database answers'),
  });
  core.background.add({ start: () => void search.ready().catch(() => undefined) });
  await app.register(searchRoutes, { search });
}
