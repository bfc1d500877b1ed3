import { useEffect, useMemo, useState } from 'react';
import type { Content, Episode } from '../../shared/catalogue-types';
import { useServices } from '../../shared/services';

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

const seasonOf = (bySeason: Record<number, Episode[]>, episodeId: number) =>
  Object.entries(bySeason).find(([, list]) => list.some((episode) => episode.EP_id === episodeId))?.[0];

/**
 * Seasons of a series (SPEC §2 season tabs): starts at the season the content carries
 * (`lastLoadSeasonID`), or at the season holding the episode in the address (found with
 * getSeasonByEpisodeId when not loaded yet); other seasons load when picked.
 */
export function useSeasons(content: Content, episodeId: number | undefined): SeasonsState {
  const { api } = useServices();
  const seasons = useMemo(
    () =>
      [...(content.seasons ?? [])]
        .sort((a, b) => a.season_number - b.season_number)
        .map((season) => ({ id: season.season_id, number: season.season_number })),
    [content.seasons],
  );
  const [bySeason, setBySeason] = useState<Record<number, Episode[]>>(() =>
    content.lastLoadSeasonID ? { [content.lastLoadSeasonID]: content.episodes } : {},
  );
  const [selectedId, setSelectedId] = useState<number | null>(
    () => content.lastLoadSeasonID ?? seasons[0]?.id ?? null,
  );
  const [failedId, setFailedId] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);

  // The episode in the address decides the season when it is not among the loaded ones.
  const episodeSeason = episodeId === undefined ? undefined : seasonOf(bySeason, episodeId);
  const lookUp = episodeId !== undefined && episodeSeason === undefined && seasons.length > 0;
  useEffect(() => {
    if (!lookUp || episodeId === undefined) return;
    let current = true;
    api
      .call('getSeasonByEpisodeId', { body: { EP_id: episodeId } })
      .then((season) => {
        setBySeason((old) => ({ ...old, [season.season_id]: season.episodes }));
        if (current) setSelectedId(season.season_id);
      })
      .catch((error: unknown) => console.error('[web] season of episode failed', episodeId, error));
    return () => {
      current = false;
    };
  }, [api, lookUp, episodeId]);

  // Following an episode of another loaded season (e.g. from the address) shows that season.
  useEffect(() => {
    if (episodeSeason !== undefined) setSelectedId(Number(episodeSeason));
  }, [episodeSeason]);

  const loaded = selectedId !== null && bySeason[selectedId] !== undefined;
  useEffect(() => {
    if (selectedId === null || loaded) return;
    let current = true;
    setFailedId(null);
    api
      .call('getSeasonEpisodes', { params: { season_id: selectedId }, query: { EK_id: content.EK_id } })
      .then((season) => setBySeason((old) => ({ ...old, [selectedId]: season.episodes })))
      .catch((error: unknown) => {
        console.error('[web] season episodes failed', selectedId, error);
        if (current) setFailedId(selectedId);
      });
    return () => {
      current = false;
    };
    // `attempt` re-runs the load after a failure.
  }, [api, content.EK_id, selectedId, loaded, attempt]);

  const episodes =
    seasons.length === 0 ? content.episodes : selectedId === null ? null : (bySeason[selectedId] ?? null);
  return {
    seasons,
    selectedId,
    episodes,
    failed: selectedId !== null && failedId === selectedId && !loaded,
    select: setSelectedId,
    retry: () => setAttempt((n) => n + 1),
  };
}
