import {
  INIT_SEGMENT,
  keyPlaceholderUri,
  MEDIA_PLAYLIST,
  type MediaAssetId,
  RENDITION_NAME_PATTERN,
  SEGMENT_NAME_PATTERN,
} from '../../media/store';
import { signedSegmentUrl } from './secure-link';

/** URL paths of the media routes (routes.ts serves them, docs/nginx/kadr-media.conf mirrors them). */
export const mediaPaths = {
  master: (grant: string) => `/media/play/${grant}/master.m3u8`,
  media: (grant: string, rendition: string) => `/media/play/${grant}/${rendition}/${MEDIA_PLAYLIST}`,
  /** The whole asset's key: only assets packaged before per-segment keys (full grants only). */
  key: (grant: string, asset: MediaAssetId) => `/media/key/${grant}/${asset}`,
  /** One segment's key (keys.ts segmentKey). */
  segmentKey: (grant: string, asset: MediaAssetId, index: number) => `/media/key/${grant}/${asset}/${index}`,
  license: (grant: string) => `/media/license/${grant}`,
  segment: (asset: MediaAssetId, rendition: string, file: string) =>
    `/media/hls/${asset}/${rendition}/${file}`,
};

const VARIANT_URI = /^(\d{3,4}p)\/index\.m3u8$/;
const URI_ATTRIBUTE = /URI="([^"]*)"/;

/** The 0-based index in a segment name (`seg-00012.ts` → 12); null for the init segment. */
export function segmentIndexOf(file: string): number | null {
  return SEGMENT_NAME_PATTERN.test(file) ? Number(file.slice(4, 9)) : null;
}

/**
 * The master playlist for a grant: each variant (`360p/index.m3u8`) points at the grant's media
 * playlist route. Lines naming anything else are dropped with their `#EXT-X-STREAM-INF`, so the
 * answer never links outside the asset.
 */
export function rewriteMaster(text: string, grant: string): string {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) {
      const uri = URI_ATTRIBUTE.exec(trimmed)?.[1];
      if (uri === undefined) out.push(trimmed);
      else {
        const variant = VARIANT_URI.exec(uri);
        if (variant?.[1])
          out.push(trimmed.replace(URI_ATTRIBUTE, `URI="${mediaPaths.media(grant, variant[1])}"`));
      }
      continue;
    }
    const variant = VARIANT_URI.exec(trimmed);
    if (variant?.[1]) out.push(mediaPaths.media(grant, variant[1]));
    else if (out.at(-1)?.startsWith('#EXT-X-STREAM-INF')) out.pop();
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** What a media playlist is rewritten for. */
export interface MediaPlaylistTarget {
  grant: string;
  asset: MediaAssetId;
  rendition: string;
  /** Preview length in seconds; null for full playback. */
  previewSeconds: number | null;
  /** Unix seconds the segment signatures stop working (longer than the grant: keys need a live one). */
  expires: number;
  /** MEDIA_SECRET. */
  secret: string;
}

/**
 * A media playlist for a grant: segment and init URIs become signed `/media/hls/…` URLs, the key
 * placeholder `key://<asset>` the grant's key URL. A preview keeps the segments that start before
 * `previewSeconds` (so the one covering the preview's end is included), ends with `#EXT-X-ENDLIST`, and
 * signs its URLs with `lim`, the number of segments the preview may fetch.
 */
export function rewriteMedia(text: string, target: MediaPlaylistTarget): string {
  if (!RENDITION_NAME_PATTERN.test(target.rendition)) throw new Error(`Not a rendition: ${target.rendition}`);
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const lim = target.previewSeconds === null ? undefined : previewSegmentCount(lines, target.previewSeconds);
  const sign = (file: string) =>
    signedSegmentUrl(
      target.secret,
      mediaPaths.segment(target.asset, target.rendition, file),
      target.expires,
      lim,
    );

  const out: string[] = [];
  let pending: string[] = [];
  let kept = 0;
  for (const line of lines) {
    if (line === '') continue;
    if (line.startsWith('#EXT-X-ENDLIST')) break;
    if (line.startsWith('#EXT-X-KEY')) {
      pending.push(line.replace(URI_ATTRIBUTE, `URI="${keyUrl(URI_ATTRIBUTE.exec(line)?.[1], target)}"`));
      continue;
    }
    if (line.startsWith('#EXT-X-MAP')) {
      const uri = URI_ATTRIBUTE.exec(line)?.[1];
      if (uri !== INIT_SEGMENT) throw new Error(`Unexpected init segment in ${target.asset}`);
      pending.push(line.replace(URI_ATTRIBUTE, `URI="${sign(INIT_SEGMENT)}"`));
      continue;
    }
    if (line.startsWith('#')) {
      pending.push(line);
      continue;
    }
    const index = segmentIndexOf(line);
    if (index === null) throw new Error(`Unexpected segment ${line} in ${target.asset}`);
    if (lim !== undefined && index >= lim) break;
    out.push(...pending, sign(line));
    pending = [];
    kept++;
  }
  // Header tags before the first segment are kept even when no segment is (an empty preview).
  if (kept === 0) out.push(...pending.filter((l) => !l.startsWith('#EXTINF')));
  out.push('#EXT-X-ENDLIST');
  return `${out.join('\n')}\n`;
}

/**
 * The grant's URL for a key placeholder: `key://<asset>/<index>` (a segment's key) or, in assets
 * packaged before per-segment keys, `key://<asset>`. Only this asset's own keys: a playlist naming
 * another asset's key is not passed on.
 */
function keyUrl(uri: string | undefined, target: MediaPlaylistTarget): string {
  const own = keyPlaceholderUri(target.asset);
  if (uri === own) return mediaPaths.key(target.grant, target.asset);
  const index = uri?.startsWith(`${own}/`) ? uri.slice(own.length + 1) : '';
  if (!/^\d{1,5}$/.test(index)) throw new Error(`Unexpected key URI in ${target.asset}`);
  return mediaPaths.segmentKey(target.grant, target.asset, Number(index));
}

/** How many segments start before `seconds` (at least one: a preview shows something). */
export function previewSegmentCount(lines: readonly string[], seconds: number): number {
  const durations = lines
    .filter((line) => line.startsWith('#EXTINF:'))
    .map((line) => Number.parseFloat(line.slice('#EXTINF:'.length)) || 0);
  return previewSegmentCountOf(durations, seconds);
}

/** {@link previewSegmentCount} over segment durations (meta.json's). */
export function previewSegmentCountOf(durations: readonly number[], seconds: number): number {
  let start = 0;
  let count = 0;
  for (const duration of durations) {
    if (count > 0 && start >= seconds) break;
    start += duration;
    count++;
  }
  return count;
}
