import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Segments of a written asset (4 s each). */
export const SEGMENTS = 6;

/**
 * A packaged AES-128 asset as src/media/store.ts lays it out (key per segment, 4 s segments of 72 KiB;
 * the bytes are not video — the api never looks inside). Written by hand: Node runs this script
 * without a bundler, and the api's own fixture writer imports extension-less modules.
 */
export function writeAsset(dataDir: string, asset: string): void {
  const dirOf = (...parts: string[]) => {
    const dir = join(dataDir, 'media', 'hls', asset, ...parts);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  const iv = randomBytes(16).toString('hex');
  const segments = Array.from({ length: SEGMENTS }, (_, i) => ({
    uri: `seg-${String(i).padStart(5, '0')}.ts`,
    duration: 4,
  }));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:4', '#EXT-X-PLAYLIST-TYPE:VOD'];
  segments.forEach((segment, i) => {
    lines.push(
      `#EXT-X-KEY:METHOD=AES-128,URI="key://${asset}/${i}",IV=0x${iv}`,
      '#EXTINF:4.000,',
      segment.uri,
    );
    writeFileSync(join(dirOf('360p'), segment.uri), randomBytes(72 * 1024));
  });
  lines.push('#EXT-X-ENDLIST', '');
  writeFileSync(join(dirOf('360p'), 'index.m3u8'), lines.join('\n'));
  writeFileSync(
    join(dirOf(), 'master.m3u8'),
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.42c01e"\n360p/index.m3u8\n',
  );
  const meta = {
    asset,
    duration: SEGMENTS * 4,
    renditions: [
      { name: '360p', width: 640, height: 360, bandwidth: 800_000, codecs: 'avc1.42c01e', segments },
    ],
    encryption: 'aes-128',
    keyId: randomBytes(16).toString('hex'),
    segmentKeys: true,
    createdAt: new Date().toISOString(),
    sourceHash: 'bench',
  };
  writeFileSync(join(dirOf(), 'meta.json'), JSON.stringify(meta));
  mkdirSync(join(dataDir, 'keys'), { recursive: true });
  writeFileSync(join(dataDir, 'keys', `${asset}.key`), randomBytes(16));
}
