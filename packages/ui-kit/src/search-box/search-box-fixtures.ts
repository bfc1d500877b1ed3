// Story support: search state for the SearchBox and SearchResults stories. Never exported.
import { storyChannels, storyFilms } from '../testing/story-data.js';
import type { SearchRecommendations, SearchResultItem } from './search-results.js';

/** The recommendations row of the search tab. */
export const storyRecommendations: SearchRecommendations = {
  title: 'Смотрят сейчас',
  items: storyFilms.slice(0, 10),
};

/** Four content results and two channels. */
export const storyResults: SearchResultItem[] = [
  ...storyFilms.slice(0, 4).map((film) => ({ ...film, key: `c${film.key}`, kind: 'content' as const })),
  ...storyChannels
    .slice(0, 2)
    .map((channel) => ({ ...channel, key: `ch${channel.key}`, kind: 'channel' as const })),
];
