import type { MediaRenditionMeta, MediaSegmentMeta } from './store';

/** A media playlist as the packager reads it back from ffmpeg. */
export interface ParsedMediaPlaylist {
  targetDuration: number;
  segments: MediaSegmentMeta[];
  /** The `#EXT-X-KEY` line, when the playlist has one. */
  keyLine: string | undefined;
  /** The `#EXT-X-MAP` URI (fMP4), when the playlist has one. */
  mapUri: string | undefined;
  endList: boolean;
}

/** Reads the segments (EXTINF + URI) of a media playlist. */
export function parseMediaPlaylist(text: string): ParsedMediaPlaylist {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines[0] !== '#EXTM3U') throw new Error('Not an HLS playlist (no #EXTM3U)');
  const segments: MediaSegmentMeta[] = [];
  let targetDuration = 0;
  let keyLine: string | undefined;
  let mapUri: string | undefined;
  let pending: number | undefined;
  let endList = false;
  for (const line of lines) {
    if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDuration = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-KEY:')) keyLine = line;
    else if (line.startsWith('#EXT-X-MAP:')) mapUri = /URI="([^"]+)"/.exec(line)?.[1];
    else if (line.startsWith('#EXTINF:')) pending = Number.parseFloat(line.slice(8));
    else if (line === '#EXT-X-ENDLIST') endList = true;
    else if (line !== '' && !line.startsWith('#')) {
      if (pending === undefined || !Number.isFinite(pending))
        throw new Error(`Segment without #EXTINF: ${line}`);
      segments.push({ uri: line, duration: pending });
      pending = undefined;
    }
  }
  return { targetDuration, segments, keyLine, mapUri, endList };
}

/** Seconds with three decimals, as EXTINF wants them. */
const seconds = (value: number) => value.toFixed(3);

/**
 * A VOD media playlist: every segment, the key line (placeholder URI), ENDLIST. `keyLine` is one line
 * for the whole rendition (cenc-clearkey), a line per segment, written before it (aes-128), or none
 * (clear live loops).
 */
export function writeMediaPlaylist(
  rendition: MediaRenditionMeta,
  keyLine: string | ((index: number) => string) | undefined,
): string {
  const longest = Math.max(...rendition.segments.map((s) => s.duration));
  const lines = [
    '#EXTM3U',
    `#EXT-X-VERSION:${rendition.initUri ? 7 : 3}`,
    `#EXT-X-TARGETDURATION:${Math.ceil(longest - 0.001)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  if (rendition.initUri) lines.push(`#EXT-X-MAP:URI="${rendition.initUri}"`);
  if (typeof keyLine === 'string') lines.push(keyLine);
  rendition.segments.forEach((segment, index) => {
    if (typeof keyLine === 'function') lines.push(keyLine(index));
    lines.push(`#EXTINF:${seconds(segment.duration)},`, segment.uri);
  });
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** The master playlist: one entry per rendition, highest first. */
export function writeMasterPlaylist(renditions: readonly MediaRenditionMeta[], playlistName: string): string {
  const sorted = [...renditions].sort((a, b) => b.bandwidth - a.bandwidth);
  const lines = [
    '#EXTM3U',
    `#EXT-X-VERSION:${renditions.some((r) => r.initUri) ? 7 : 3}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (const r of sorted) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${r.codecs}"`,
      `${r.name}/${playlistName}`,
    );
  }
  lines.push('');
  return lines.join('\n');
}
