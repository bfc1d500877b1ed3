import { join } from 'node:path';

/**
 * The media store: where packaged HLS lives under DATA_DIR. Shared by the packager (src/media), the
 * delivery module (modules/playback) and the nginx configuration, so keep it stable.
 *
 *   DATA_DIR/media/hls/<asset>/master.m3u8               one entry per rendition (BANDWIDTH, RESOLUTION, CODECS)
 *   DATA_DIR/media/hls/<asset>/<rendition>/index.m3u8    VOD media playlist (e.g. 360p/, 240p/)
 *   DATA_DIR/media/hls/<asset>/<rendition>/seg-00000.ts  AES-128 mode: MPEG-TS segments, target 4 s
 *   DATA_DIR/media/hls/<asset>/<rendition>/init.mp4      cenc-clearkey mode: fMP4 init segment …
 *   DATA_DIR/media/hls/<asset>/<rendition>/seg-00000.m4s … and CENC-encrypted fMP4 segments
 *   DATA_DIR/media/hls/<asset>/poster.jpg                a frame of the video
 *   DATA_DIR/media/hls/<asset>/meta.json                 MediaAssetMeta
 *   DATA_DIR/keys/<asset>.key                            16 random bytes, outside the served tree
 *   DATA_DIR/media/live/lv-<channel>-<look>/…            a channel's live loop (same layout, clear MPEG-TS,
 *                                                        never served as files: docs/decisions/029)
 *   DATA_DIR/keys/ch-<channel>.key                       16 random bytes: the channel's live segment keys derive from it
 *
 * One key per asset: every film, episode and trailer has its own key file (episodes of a series do not
 * share one), so a grant for one episode never unlocks another. Each segment is encrypted with a key
 * derived from it and the segment's index (keys.ts `segmentKey`, docs/decisions/022); cenc-clearkey
 * segments also carry their own key id (keys.ts `segmentKeyId`, cenc.ts key rotation).
 *
 * Playlists reference keys with placeholder URIs: before each AES-128 segment
 * `#EXT-X-KEY:METHOD=AES-128,URI="key://<asset>/<index>",IV=0x…`
 * (cenc-clearkey, once: `METHOD=SAMPLE-AES-CTR,KEYFORMAT="org.w3.clearkey",KEYFORMATVERSIONS="1",URI="key://<asset>"`:
 * the player gets the keys through EME — each fragment's pssh names its key id and a ClearKey licence
 * answers the JWKs the grant may have); the delivery module rewrites the URI per grant.
 */

/** `ek-<EK_id>` (a film's main video) or `ep-<EP_id>` (an episode or a trailer). */
export type MediaAssetId = `ek-${number}` | `ep-${number}`;

/** `lv-<tv_channel_id>-<look>`: one of a channel's looped live sources (docs/decisions/029). */
export type LiveLoopId = `lv-${number}-${number}`;

/** What the packager writes: a VOD asset or a live loop. */
export type PackagedId = MediaAssetId | LiveLoopId;

/**
 * `none`: clear MPEG-TS, for live loops only — the live segment route encrypts each segment with the
 * key of its place in the channel's timeline when it serves it (docs/decisions/029).
 */
export type MediaEncryption = 'aes-128' | 'cenc-clearkey' | 'none';

/** One media segment of a rendition, as its playlist lists it. */
export interface MediaSegmentMeta {
  /** Relative to the rendition folder, e.g. `seg-00000.ts`. */
  uri: string;
  /** Seconds. */
  duration: number;
}

export interface MediaRenditionMeta {
  /** Folder name under the asset, e.g. `360p`. */
  name: string;
  width: number;
  height: number;
  /** Peak bits per second, as in the master playlist. */
  bandwidth: number;
  /** RFC 6381 codecs, e.g. `avc1.42c01e,mp4a.40.2`. */
  codecs: string;
  /** cenc-clearkey only: the init segment, relative to the rendition folder (`init.mp4`). */
  initUri?: string;
  segments: MediaSegmentMeta[];
}

/** DATA_DIR/media/hls/<asset>/meta.json. */
export interface MediaAssetMeta {
  asset: PackagedId;
  /** Seconds (the longest rendition). */
  duration: number;
  renditions: MediaRenditionMeta[];
  encryption: MediaEncryption;
  /**
   * Hex, 32 characters: an id of the key file (the release's drm_id); '' for clear media (live loops).
   * cenc-clearkey assets packaged before per-segment keys: the ClearKey key id of every segment.
   */
  keyId: string;
  /** aes-128 assets packaged before per-segment keys: the IV of every segment, hex, 32 characters. */
  iv?: string;
  /**
   * Every segment has its own key (keys.ts segmentKey): aes-128 with its IV named in its playlist,
   * cenc-clearkey with its key id (segmentKeyId) in its fragment. Absent in assets packaged before: one
   * key for the whole asset, served to full grants only.
   */
  segmentKeys?: true;
  /** ISO 8601. */
  createdAt: string;
  /** sha256 of the source file and the packaging options: same hash → packaging is skipped. */
  sourceHash: string;
  /** `generated`: demo media; `file` (or absent): a video file packaged with the CLI, which demo media never replaces. */
  origin?: 'file' | 'generated';
}

export const MASTER_PLAYLIST = 'master.m3u8';
export const MEDIA_PLAYLIST = 'index.m3u8';
export const POSTER_FILE = 'poster.jpg';
export const META_FILE = 'meta.json';
export const INIT_SEGMENT = 'init.mp4';

/** The key URI placeholder written into playlists; the delivery module rewrites it per grant. */
export const keyPlaceholderUri = (asset: MediaAssetId): string => `key://${asset}`;

/** The placeholder of one AES-128 segment's key (`key://<asset>/<index>`). */
export const segmentKeyPlaceholderUri = (asset: MediaAssetId, index: number): string =>
  `${keyPlaceholderUri(asset)}/${index}`;

const ASSET_PATTERN = /^(ek|ep)-[1-9]\d{0,9}$/;

/** True for `ek-12`, `ep-7`; false for anything that could leave the store (`..`, `/`, leading zeros). */
export function isMediaAssetId(value: string): value is MediaAssetId {
  return ASSET_PATTERN.test(value);
}

const LOOP_PATTERN = /^lv-[1-9]\d{0,9}-\d$/;

/** True for `lv-3-0`: a live loop (never a VOD asset: the VOD routes accept `ek-`/`ep-` only). */
export function isLiveLoopId(value: string): value is LiveLoopId {
  return LOOP_PATTERN.test(value);
}

/** The live loop of a channel's look (0–9). */
export const liveLoop = (channelId: number, look: number): LiveLoopId => {
  const id = `lv-${channelId}-${look}`;
  if (!isLiveLoopId(id)) throw new Error(`Not a live loop: ${id}`);
  return id;
};

export const filmAsset = (contentId: number): MediaAssetId => `ek-${contentId}`;
export const episodeAsset = (episodeId: number): MediaAssetId => `ep-${episodeId}`;

/** Segment and rendition names the packager writes; anything else is not a store file. */
export const RENDITION_NAME_PATTERN = /^\d{2,4}p$/;
export const SEGMENT_NAME_PATTERN = /^seg-\d{5}\.(ts|m4s)$/;

/** Path helpers of one media store, rooted at DATA_DIR. */
export class MediaStore {
  readonly dataDir: string;

  constructor(dataDir: string) {
    this.dataDir = dataDir;
  }

  /** DATA_DIR/media/hls: the served tree of packaged assets. */
  get hlsRoot(): string {
    return join(this.dataDir, 'media', 'hls');
  }

  /** DATA_DIR/media/live: live loops, read by the live segment route only (never a static tree). */
  get liveRoot(): string {
    return join(this.dataDir, 'media', 'live');
  }

  /** DATA_DIR/keys: never served. */
  get keysRoot(): string {
    return join(this.dataDir, 'keys');
  }

  assetDir(asset: PackagedId): string {
    if (isLiveLoopId(asset)) return join(this.liveRoot, asset);
    return join(this.hlsRoot, checked(asset));
  }

  masterPlaylist(asset: PackagedId): string {
    return join(this.assetDir(asset), MASTER_PLAYLIST);
  }

  renditionDir(asset: PackagedId, rendition: string): string {
    if (!RENDITION_NAME_PATTERN.test(rendition)) throw new Error(`Not a rendition name: ${rendition}`);
    return join(this.assetDir(asset), rendition);
  }

  mediaPlaylist(asset: PackagedId, rendition: string): string {
    return join(this.renditionDir(asset, rendition), MEDIA_PLAYLIST);
  }

  segment(asset: PackagedId, rendition: string, segment: string): string {
    if (!SEGMENT_NAME_PATTERN.test(segment) && segment !== INIT_SEGMENT)
      throw new Error(`Not a segment name: ${segment}`);
    return join(this.renditionDir(asset, rendition), segment);
  }

  poster(asset: PackagedId): string {
    return join(this.assetDir(asset), POSTER_FILE);
  }

  meta(asset: PackagedId): string {
    return join(this.assetDir(asset), META_FILE);
  }

  keyFile(asset: MediaAssetId): string {
    return join(this.keysRoot, `${checked(asset)}.key`);
  }

  /** A channel's key file: every live segment key of the channel derives from it (keys.ts). */
  channelKeyFile(channelId: number): string {
    if (!Number.isInteger(channelId) || channelId < 1) throw new Error(`Not a channel id: ${channelId}`);
    return join(this.keysRoot, `ch-${channelId}.key`);
  }
}

function checked(asset: string): MediaAssetId {
  if (!isMediaAssetId(asset)) throw new Error(`Not a media asset id: ${asset}`);
  return asset;
}

/** The segment file name for a 0-based index: `seg-00000.ts` / `seg-00000.m4s`. */
export function segmentName(index: number, encryption: MediaEncryption): string {
  return `seg-${String(index).padStart(5, '0')}.${encryption === 'cenc-clearkey' ? 'm4s' : 'ts'}`;
}
