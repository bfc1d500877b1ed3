import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { Content, Episode } from '../../shared/catalogue-types';
import { useServices } from '../../shared/services';
import { movieKeys, seasonEpisodesQuery, seasonOfEpisodeQuery } from './movie-queries';

/** One season tab. */
export interface SeasonTab {
  id: number;
  number: number;
}

/** The season tabs and the selected season's episodes. */
export interface SeasonsState {
  /** Seasons in order of their number; empty for films, channels and series without seasons. */
  seasons: SeasonTab[];
  /** The selected season, or null when there are no seasons. */
  selectedId: number | null;
  /** Episodes of the selected season (or of the content when it has no seasons); null while loading. */
  episodes: Episode[] | null;
  /** Loading the selected season's episodes failed. */
  failed: boolean;
  /** Selects a season; its episodes load (GET /web/2/seasons/{id}/episodes) unless already here. */
  select: (seasonId: number) => void;
  /** Tries the failed season again. */
  retry: () => void;
}

/**
 * Seasons of a series (SPEC §2 season tabs): starts at the season the content carries
 * (`lastLoadSeasonID`, its episodes come with the content), or at the season holding the episode in the
 * address (found with seasonOfEpisodeQuery when not loaded yet); other seasons load when picked
 * (seasonEpisodesQuery), and a season seen once is shown from the cache.
 */
export function useSeasons(content: Content, episodeId: number | undefined): SeasonsState {
  const { api } = useServices();
  const client = useQueryClient();
  const ekId = content.EK_id;
  const seasons = useMemo(
    () =>
      [...(content.seasons ?? [])]
        .sort((a, b) => a.season_number - b.season_number)
        .map((season) => ({ id: season.season_id, number: season.season_number })),
    [content.seasons],
  );
  const [selectedId, setSelectedId] = useState<number | null>(
    () => content.lastLoadSeasonID ?? seasons[0]?.id ?? null,
  );

  // Every season's episodes as the cache holds them; only the selected season is asked for.
  const loaded = useQueries({
    queries: seasons.map((season) => ({
      ...seasonEpisodesQuery(api, ekId, season.id),
      enabled: season.id === selectedId,
      ...(season.id === content.lastLoadSeasonID ? { initialData: content.episodes } : {}),
    })),
  });
  const bySeason = new Map(seasons.map((season, at) => [season.id, loaded[at]] as const));

  // The episode in the address decides the season when it is not among the loaded ones.
  const episodeSeason =
    episodeId === undefined
      ? undefined
      : seasons.find((season) =>
          bySeason.get(season.id)?.data?.some((episode) => episode.EP_id === episodeId),
        )?.id;
  const lookUp = episodeId !== undefined && episodeSeason === undefined && seasons.length > 0;
  const found = useQuery({ ...seasonOfEpisodeQuery(api, episodeId ?? 0), enabled: lookUp }).data;
  useEffect(() => {
    if (!found) return;
    // The looked-up season's episodes are that season's answer too.
    client.setQueryData(movieKeys.seasonEpisodes(ekId, found.season_id), found.episodes);
    setSelectedId(found.season_id);
  }, [client, ekId, found]);

  // Following an episode of another loaded season (e.g. from the address) shows that season.
  useEffect(() => {
    if (episodeSeason !== undefined) setSelectedId(episodeSeason);
  }, [episodeSeason]);

  const selected = selectedId === null ? undefined : bySeason.get(selectedId);
  const episodes = seasons.length === 0 ? content.episodes : (selected?.data ?? null);
  return {
    seasons,
    selectedId,
    episodes,
    failed: selected?.isError === true && selected.data === undefined,
    select: setSelectedId,
    retry: () => void selected?.refetch(),
  };
}
