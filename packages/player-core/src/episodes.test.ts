import { describe, expect, it } from 'vitest';
import { episodeNeighbours, playableEpisodeIds } from './episodes.js';

describe('episodes', () => {
  const playable = playableEpisodeIds([{ EP_id: 5 }, { EP_id: 6, is_announce: true }, { EP_id: 7 }]);

  it('drops announced episodes and keeps the order', () => {
    expect(playable).toEqual([5, 7]);
  });

  it('finds neighbours, none at the ends or for an unknown episode', () => {
    expect(episodeNeighbours(playable, 5)).toEqual({ previous: null, next: 7 });
    expect(episodeNeighbours(playable, 7)).toEqual({ previous: 5, next: null });
    expect(episodeNeighbours(playable, 6)).toEqual({ previous: null, next: null });
    expect(episodeNeighbours(playable, null)).toEqual({ previous: null, next: null });
  });
});
