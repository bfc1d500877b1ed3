import type { ApiClient } from '@kadr/api-client';
import type { Content, Episode } from '../../shared/catalogue-types';

/**
 * `?series=last` (SPEC §2): the last non-announce episode of the last season, or null when there is
 * none (or its season cannot be loaded).
 */
export async function lastEpisode(api: Pick<ApiClient, 'call'>, content: Content): Promise<Episode | null> {
  let list = content.episodes;
  const seasons = content.seasons ?? [];
  if (seasons.length > 0) {
    const last = seasons.reduce((a, b) => (b.season_number > a.season_number ? b : a));
    if (last.season_id !== content.lastLoadSeasonID) {
      try {
        const season = await api.call('getSeasonEpisodes', {
          params: { season_id: last.season_id },
          query: { EK_id: content.EK_id },
        });
        list = season.episodes;
      } catch (error) {
        console.error('[web] last season failed', content.EK_id, error);
        return null;
      }
    }
  }
  return list
    .filter((episode) => !episode.is_announce)
    .reduce<Episode | null>((a, b) => (!a || b.EP_order_number > a.EP_order_number ? b : a), null);
}
