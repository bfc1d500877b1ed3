import {
  envelope,
  getCollections,
  getContent,
  getSeasonByEpisodeId,
  getSeasonEpisodes,
  getSimilar,
} from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { CatalogueService } from './service';

const collectionsEnvelope = envelope(getCollections.response);

/** getCollections, getContent, getSeasonEpisodes, getSeasonByEpisodeId and getSimilar. */
export const catalogueRoutes: FastifyPluginAsync<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  // The service answers the same rails object until the catalogue changes: its envelope is checked
  // against the contract and serialized once (as the route's serializer would) instead of per request.
  const serialized = new WeakMap<object, string>();
  registerCall(app, getCollections, async ({ query, reply }) => {
    const collections = await catalogue.collections(
      query.tab_id,
      query.RB_teaser_count,
      query.RB_queue_count,
    );
    let json = serialized.get(collections);
    if (json === undefined) {
      json = JSON.stringify(
        collectionsEnvelope.encode({ code: 200, success: true, response: { collections } }),
      );
      serialized.set(collections, json);
    }
    const body = json;
    // A custom serializer leaves the content type to us.
    reply.type('application/json; charset=utf-8').serializer(() => body);
    return { collections };
  });

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
