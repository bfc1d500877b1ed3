// `@kadr/ui-kit/testing`: story artwork and sample catalogue data shared by the kit's stories and the
// web app's tests and stories. Workspace-only: package.json maps the entry under the `@kadr/source`
// condition alone, and `files` publishes only dist, so it never reaches the registry.
export type { ArtKind } from './story-art.js';
export { art } from './story-art.js';
export { STORY_CHANNEL_NAMES, STORY_TITLES, storyChannels, storyEpisodes, storyFilms } from './story-data.js';
