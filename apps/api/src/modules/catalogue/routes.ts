import {
  getCollections,
  getContent,
  getSeasonByEpisodeId,
  getSeasonEpisodes,
  getSimilar,
} from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { CatalogueService } from './service';

/** getCollections, getContent, getSeasonEpisodes, getSeasonByEpisodeId and getSimilar. */
export const catalogueRoutes: FastifyPluginAsync<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  registerCall(app, getCollections, async ({ query }) => ({
    collections: await catalogue.collections(query.tab_id, query.RB_teaser_count, query.RB_queue_count),
  }));

  registerCall(app, getContent, ({ params, session }) =>
    catalogue.content(params.id, session?.profileId ?? null),
  );

  registerCall(app, getSeasonEpisodes, ({ params, query }) =>
    catalogue.seasonEpisodes(params.season_id, query.EK_id),
  );

  registerCall(app, getSeasonByEpisodeId, ({ body }) => catalogue.seasonOfEpisode(body.EP_id));

  registerCall(app, getSimilar, async ({ params, query }) => ({
    items: await catalogue.similar(params.id, query.page_number, query.limit),
  }));
};
