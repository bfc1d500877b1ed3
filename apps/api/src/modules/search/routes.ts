import { searchHint } from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { SearchService } from './service';

/** searchHint: titles and channels for a query of 3+ characters (the contract refuses shorter or >100). */
export const searchRoutes: FastifyPluginAsync<{ search: SearchService }> = async (app, { search }) => {
  registerCall(app, searchHint, async ({ body }) => ({ items: await search.hints(body.search_query) }));
};
