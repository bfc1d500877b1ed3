import type { PlayerEpisode } from './types.js';

/** Neighbours of an episode among the playable (non-announced) ones, in the given order. */
export interface EpisodeNeighbours {
  readonly previous: number | null;
  readonly next: number | null;
}

/** The playable episodes' ids, in play order. */
export function playableEpisodeIds(episodes: readonly PlayerEpisode[]): number[] {
  return episodes.filter((episode) => !episode.is_announce).map((episode) => episode.EP_id);
}

/** Previous and next playable episode of `episodeId`; both null when it is not in the list. */
export function episodeNeighbours(playable: readonly number[], episodeId: number | null): EpisodeNeighbours {
  const index = episodeId === null ? -1 : playable.indexOf(episodeId);
  if (index < 0) return { previous: null, next: null };
  return { previous: playable[index - 1] ?? null, next: playable[index + 1] ?? null };
}
