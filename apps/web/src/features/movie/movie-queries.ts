import type { ApiClient } from '@kadr/api-client';
import { SIMILAR_LIMIT } from '@kadr/api-contract/routes';
import { queryOptions } from '@tanstack/react-query';
import type { Content, Episode, FilmCardData, Season } from '../../shared/catalogue-types';
import { SCREEN_QUERY } from '../../shared/data/query-client';

type Api = Pick<ApiClient, 'call'>;

/** Query keys of the content card. */
export const movieKeys = {
  /** A content item. */
  content: (ekId: number) => ['content', ekId] as const,
  /** Its «Похожие фильмы». */
  similar: (ekId: number) => ['content', ekId, 'similar'] as const,
  /** The episodes of one season of a series. */
  seasonEpisodes: (ekId: number, seasonId: number) => ['content', ekId, 'season', seasonId] as const,
  /** The season that holds an episode. */
  seasonOfEpisode: (episodeId: number) => ['episode', episodeId, 'season'] as const,
};

/**
 * A content item (GET /web/2/contents/{id}): the card's primary data. Always revalidated when a card
 * opens (staleTime 0): a purchase changes `goods.is_bought`, so a cached answer shows at once and a
 * fresh one replaces it.
 */
export function contentQuery(api: Api, ekId: number) {
  return queryOptions({
    queryKey: movieKeys.content(ekId),
    queryFn: ({ signal }): Promise<Content> => api.call('getContent', { params: { id: ekId } }, { signal }),
    staleTime: 0,
    meta: SCREEN_QUERY,
  });
}

/**
 * Similar items: GET /web/1/contents/{id}/similar, page 0 of SIMILAR_LIMIT (SPEC §9). Secondary: the
 * rail keeps its place with skeletons, without the top loading bar.
 */
export function similarQuery(api: Api, ekId: number) {
  return queryOptions({
    queryKey: movieKeys.similar(ekId),
    queryFn: async ({ signal }): Promise<FilmCardData[]> =>
      (
        await api.call(
          'getSimilar',
          { params: { id: ekId }, query: { page_number: 0, limit: SIMILAR_LIMIT } },
          { signal },
        )
      ).items,
  });
}

/** The episodes of a season (GET /web/2/seasons/{id}/episodes). */
export function seasonEpisodesQuery(api: Api, ekId: number, seasonId: number) {
  return queryOptions({
    queryKey: movieKeys.seasonEpisodes(ekId, seasonId),
    queryFn: async (): Promise<Episode[]> =>
      (await api.call('getSeasonEpisodes', { params: { season_id: seasonId }, query: { EK_id: ekId } }))
        .episodes,
  });
}

/** The season holding an episode, with its episodes (getSeasonByEpisodeId). */
export function seasonOfEpisodeQuery(api: Api, episodeId: number) {
  return queryOptions({
    queryKey: movieKeys.seasonOfEpisode(episodeId),
    queryFn: (): Promise<Season> => api.call('getSeasonByEpisodeId', { body: { EP_id: episodeId } }),
  });
}
