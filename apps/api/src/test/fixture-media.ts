import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { LIVE_SEGMENT_SECONDS, LOOP_SEGMENTS } from '../media/live-loops';
import {
  INIT_SEGMENT,
  liveLoop,
  type MediaAssetId,
  type MediaAssetMeta,
  type MediaEncryption,
  MediaStore,
  segmentName,
} from '../media/store';

/** What a hand-made test asset looks like. */
export interface FixtureAsset {
  asset: MediaAssetId;
  key: Buffer;
  keyId: string;
  /** Bytes of each segment file, by rendition and index. */
  segment(rendition: string, index: number): Buffer;
}

const write = (path: string, data: string | Buffer) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
};

/**
 * Writes a small packaged asset into a media store by hand, laid out as src/media/store.ts says:
 * two renditions of `segments` segments of `segmentSeconds`, a key, a poster and meta.json. Segment
 * bytes are not video (delivery never looks inside them): each names itself, so tests see which
 * file was served.
 */
export function writeFixtureAsset(
  dataDir: string,
  asset: MediaAssetId,
  options: {
    encryption?: MediaEncryption;
    segments?: number;
    segmentSeconds?: number;
    /**
     * As packaged before per-segment keys (docs/decisions/022): aes-128 with one key line, the asset key;
     * cenc-clearkey with the asset key under one key id (meta.keyId).
     */
    assetKey?: boolean;
  } = {},
): FixtureAsset {
  const encryption = options.encryption ?? 'aes-128';
  const count = options.segments ?? 6;
  const seconds = options.segmentSeconds ?? 4;
  const store = new MediaStore(dataDir);
  const key = randomBytes(16);
  const keyId = randomBytes(16).toString('hex');
  const iv = randomBytes(16).toString('hex');
  const renditions = [
    { name: '360p', width: 640, height: 360, bandwidth: 800_000 },
    { name: '240p', width: 426, height: 240, bandwidth: 400_000 },
  ];
  const segment = (rendition: string, index: number) =>
    Buffer.from(`${asset}/${rendition}/${segmentName(index, encryption)}`.padEnd(1024, '.'));

  const master = ['#EXTM3U', '#EXT-X-VERSION:7'];
  for (const r of renditions) {
    master.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="avc1.42c01e,mp4a.40.2"`,
      `${r.name}/index.m3u8`,
    );
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      `#EXT-X-TARGETDURATION:${seconds}`,
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-PLAYLIST-TYPE:VOD',
    ];
    if (encryption === 'cenc-clearkey')
      lines.push(`#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,KEYFORMAT="org.w3.clearkey",URI="key://${asset}"`);
    if (options.assetKey && encryption === 'aes-128')
      lines.push(`#EXT-X-KEY:METHOD=AES-128,URI="key://${asset}",IV=0x${iv}`);
    if (encryption === 'cenc-clearkey') {
      lines.push(`#EXT-X-MAP:URI="${INIT_SEGMENT}"`);
      write(store.segment(asset, r.name, INIT_SEGMENT), Buffer.from(`${asset}/${r.name}/init`));
    }
    for (let i = 0; i < count; i++) {
      // AES-128: a key per segment, as the packager writes them (the bytes are not really encrypted).
      if (encryption === 'aes-128' && !options.assetKey)
        lines.push(`#EXT-X-KEY:METHOD=AES-128,URI="key://${asset}/${i}",IV=0x${iv}`);
      lines.push(`#EXTINF:${seconds.toFixed(3)},`, segmentName(i, encryption));
      write(store.segment(asset, r.name, segmentName(i, encryption)), segment(r.name, i));
    }
    lines.push('#EXT-X-ENDLIST');
    write(store.mediaPlaylist(asset, r.name), `${lines.join('\n')}\n`);
  }
  write(store.masterPlaylist(asset), `${master.join('\n')}\n`);
  write(store.poster(asset), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  write(store.keyFile(asset), key);
  const meta: MediaAssetMeta = {
    asset,
    duration: count * seconds,
    renditions: renditions.map((r) => ({
      ...r,
      codecs: 'avc1.42c01e,mp4a.40.2',
      ...(encryption === 'cenc-clearkey' ? { initUri: INIT_SEGMENT } : {}),
      segments: Array.from({ length: count }, (_, i) => ({
        uri: segmentName(i, encryption),
        duration: seconds,
      })),
    })),
    encryption,
    keyId,
    ...(!options.assetKey ? { segmentKeys: true as const } : encryption === 'aes-128' ? { iv } : {}),
    createdAt: '2030-01-15T10:00:00.000Z',
    sourceHash: 'fixture',
  };
  write(store.meta(asset), JSON.stringify(meta));
  return { asset, key, keyId, segment };
}

/**
 * Writes a channel's live loop by hand (docs/decisions/029): one rendition (360p) of LOOP_SEGMENTS clear
 * segments of LIVE_SEGMENT_SECONDS and meta.json, as demo media packages them. Segment bytes name the
 * loop and index, so a test that decrypts a served segment sees which loop segment it was cut from.
 */
export function writeFixtureLoop(
  dataDir: string,
  channelId: number,
  look: number,
): (index: number) => Buffer {
  const store = new MediaStore(dataDir);
  const loop = liveLoop(channelId, look);
  const segment = (index: number) => Buffer.from(`${loop}/360p/${index}`.padEnd(1000, '.'));
  const segments = Array.from({ length: LOOP_SEGMENTS }, (_, i) => ({
    uri: segmentName(i, 'none'),
    duration: LIVE_SEGMENT_SECONDS,
  }));
  for (const [i, s] of segments.entries()) write(store.segment(loop, '360p', s.uri), segment(i));
  const meta: MediaAssetMeta = {
    asset: loop,
    duration: LOOP_SEGMENTS * LIVE_SEGMENT_SECONDS,
    renditions: [
      {
        name: '360p',
        width: 640,
        height: 360,
        bandwidth: 700_000,
        codecs: 'avc1.42c01e,mp4a.40.2',
        segments,
      },
    ],
    encryption: 'none',
    keyId: '',
    createdAt: '2030-01-15T10:00:00.000Z',
    sourceHash: 'fixture',
    origin: 'generated',
  };
  write(store.meta(loop), JSON.stringify(meta));
  return segment;
}
