import { LIVE_SEGMENT_SECONDS } from '../../media/live-loops';
import { writeMasterPlaylist } from '../../media/playlist';
import { MEDIA_PLAYLIST, type MediaRenditionMeta } from '../../media/store';
import { signedSegmentUrl } from '../playback';
import { discontinuitySequenceOf, type StreamWindow, segmentStart, startsLoop } from './live-clock';

/**
 * URL paths of a channel's stream (live-routes.ts serves them; docs/decisions/029). Playlists and keys
 * carry the grant in the path, like a title's (`/media/play/<grant>/…`), so the player's renewal swaps
 * it the same way; segments carry none — they are signed like a title's and name the channel, the
 * look they were cut from and their place in the timeline, so serving one needs no database.
 */
export const livePaths = {
  master: (grant: string) => `/media/channel/${grant}/master.m3u8`,
  media: (grant: string, rendition: string) => `/media/channel/${grant}/${rendition}/index.m3u8`,
  key: (grant: string, n: number) => `/media/channel/${grant}/key/${n}`,
  segment: (channelId: number, look: number, rendition: string, n: number) =>
    `/media/live/${channelId}/${look}/${rendition}/${n}.ts`,
};

/**
 * The master playlist of a channel: one variant per rendition its loops have, relative to itself
 * (`360p/index.m3u8` under the grant's path) — a packaged asset's master, written by the same code.
 */
export function writeLiveMaster(renditions: readonly MediaRenditionMeta[]): string {
  return writeMasterPlaylist(renditions, MEDIA_PLAYLIST);
}

/** What a channel's media playlist is written from. */
export interface LiveMediaPlaylist {
  channelId: number;
  rendition: string;
  window: StreamWindow;
  /** The look of each segment of the window, first to last (live-clock.ts looksOf). */
  looks: readonly number[];
  /** MEDIA_SECRET: segment signatures. */
  secret: string;
  /** Unix seconds the segment signatures stop working. */
  expires: number;
}

const EXTINF = `#EXTINF:${LIVE_SEGMENT_SECONDS.toFixed(3)},`;

/**
 * A channel's media playlist for a window of its timeline: media sequence = the first segment's number,
 * discontinuity sequence = the loop starts before it, a discontinuity before every later loop start,
 * EXT-X-PROGRAM-DATE-TIME on every segment (its place in the timeline: the guide's clock), and before
 * each segment its own key — relative (`../key/<n>`, under the grant's path: the bodies of full live
 * playlists are the same for every viewer, so they are cached) and without IV, which is then the
 * segment's media sequence number (RFC 8216 §5.2), the one the segment route encrypts with. An archive
 * programme is a VOD playlist, a programme on air an EVENT playlist; ENDLIST ends the VOD, an EVENT
 * whose programme or preview is over, and a live preview past its end.
 */
export function writeLiveMedia(playlist: LiveMediaPlaylist): string {
  const { window, looks, channelId, rendition, secret, expires } = playlist;
  if (looks.length !== window.last - window.first + 1) throw new Error('One look per segment of the window');
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${LIVE_SEGMENT_SECONDS}`,
    `#EXT-X-MEDIA-SEQUENCE:${window.first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuitySequenceOf(window.first)}`,
  ];
  if (window.type === 'vod') lines.push('#EXT-X-PLAYLIST-TYPE:VOD');
  if (window.type === 'event') lines.push('#EXT-X-PLAYLIST-TYPE:EVENT');
  lines.push('#EXT-X-INDEPENDENT-SEGMENTS');
  for (let n = window.first; n <= window.last; n++) {
    if (n > window.first && startsLoop(n)) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(segmentStart(n)).toISOString()}`,
      `#EXT-X-KEY:METHOD=AES-128,URI="../key/${n}"`,
      EXTINF,
      signedSegmentUrl(secret, livePaths.segment(channelId, looks[n - window.first]!, rendition, n), expires),
    );
  }
  if (window.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
