import type { ApiClient } from '@kadr/api-client';
import type { QueryClient } from '@tanstack/react-query';
import type { Content, Episode } from '../../shared/catalogue-types';
import { seasonEpisodesQuery } from './movie-queries';

/**
 * `?series=last` (SPEC §2): the last non-announce episode of the last season, or null when there is
 * none (or its season cannot be loaded). The season is read through the cache, where the card's season
 * tabs find it.
 */
export async function lastEpisode(
  client: QueryClient,
  api: Pick<ApiClient, 'call'>,
  content: Content,
): Promise<Episode | null> {
  let list = content.episodes;
  const seasons = content.seasons ?? [];
  if (seasons.length > 0) {
    const last = seasons.reduce((a, b) => (b.season_number > a.season_number ? b : a));
    if (last.season_id !== content.lastLoadSeasonID) {
      try {
        list = await client.fetchQuery(seasonEpisodesQuery(api, content.EK_id, last.season_id));
      } catch {
        // The cache logged the failure.
        return null;
      }
    }
  }
  return list
    .filter((episode) => !episode.is_announce)
    .reduce<Episode | null>((a, b) => (!a || b.EP_order_number > a.EP_order_number ? b : a), null);
}
