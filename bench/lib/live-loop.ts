import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A channel's live loop as demo media packages it (apps/api/src/media/live-loops.ts, docs/decisions/029):
 * DATA_DIR/media/live/lv-<channel>-<look>/360p/seg-0000{0..4}.ts, five clear 4 s segments (of random
 * bytes: the api never looks inside) and meta.json. Written by hand: Node runs the benchmarks without a
 * bundler, and the api's own fixture writer imports extension-less modules.
 */
export function writeLiveLoop(dataDir: string, channelId: number, look: number, kib = 72): void {
  const loop = `lv-${channelId}-${look}`;
  const dir = join(dataDir, 'media', 'live', loop, '360p');
  mkdirSync(dir, { recursive: true });
  const segments = Array.from({ length: 5 }, (_, i) => ({
    uri: `seg-${String(i).padStart(5, '0')}.ts`,
    duration: 4,
  }));
  for (const s of segments) writeFileSync(join(dir, s.uri), randomBytes(kib * 1024));
  const meta = {
    asset: loop,
    duration: 20,
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
    createdAt: new Date().toISOString(),
    sourceHash: 'bench',
    origin: 'generated',
  };
  writeFileSync(join(dataDir, 'media', 'live', loop, 'meta.json'), JSON.stringify(meta));
}
