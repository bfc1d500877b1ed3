// The entry of modules/live: all that other code may import from it (modules' rule, src/boundaries.test.ts).
// Live TV: the guide and its XMLTV import, channel streams and their package, playout from looped
// sources, live and archive playlists and their delivery. docs/architecture/live-tv.md
export type { ChannelGrant } from './channel-grants';
export { readLoops } from './channel-playout';
export { type LiveDependencies, registerLive } from './module';
export { formatGuideSummary, importGuideFile, readGuide } from './xmltv/import';
export { XmltvError } from './xmltv/read-xmltv';
