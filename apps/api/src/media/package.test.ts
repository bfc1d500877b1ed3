import { createDecipheriv } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg, runFfmpeg } from './ffmpeg';
import { segmentKey, segmentKeyId } from './keys';
import { MediaInputError, packageVideo, type RenditionSpec, readAssetMeta } from './package';
import { parseMediaPlaylist } from './playlist';
import { MediaStore } from './store';

/** AES-128-CBC decryption; undefined when the padding is wrong (a wrong key, nearly always). */
function decrypt(data: Buffer, key: Buffer, iv: Buffer): Buffer | undefined {
  try {
    const decipher = createDecipheriv('aes-128-cbc', key, iv);
    return Buffer.concat([decipher.update(data), decipher.final()]);
  } catch {
    return undefined;
  }
}

// Tiny media keeps the suite fast: 6 s at 8 fps, two small rungs.
const LADDER: RenditionSpec[] = [
  { name: '240p', width: 320, height: 240, videoBitrate: 200_000 },
  { name: '120p', width: 160, height: 120, videoBitrate: 100_000 },
];

describe('packageVideo (AES-128 HLS)', () => {
  const root = mkdtempSync(join(tmpdir(), 'kadr-media-'));
  const store = new MediaStore(join(root, 'data'));
  const source = join(root, 'source.mp4');
  const ffmpeg = findFfmpeg();

  beforeAll(async () => {
    await runFfmpeg(ffmpeg, [
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x240:rate=8:duration=6',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=500:duration=6',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      '-shortest',
      source,
    ]);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes the store layout: master, media playlists, encrypted segments, poster, meta, key', async () => {
    const { meta, skipped } = await packageVideo({
      input: source,
      asset: 'ek-12',
      store,
      renditions: LADDER,
    });
    expect(skipped).toBe(false);

    const master = readFileSync(store.masterPlaylist('ek-12'), 'utf8');
    expect(master).toMatch(/^#EXTM3U\n/);
    const entries = [
      ...master.matchAll(/#EXT-X-STREAM-INF:BANDWIDTH=(\d+),RESOLUTION=(\d+x\d+),CODECS="([^"]+)"\n(.+)/g),
    ];
    expect(entries.map((e) => [e[2], e[4]])).toEqual([
      ['320x240', '240p/index.m3u8'],
      ['160x120', '120p/index.m3u8'],
    ]);
    for (const e of entries) {
      expect(Number(e[1])).toBeGreaterThan(1000);
      expect(e[3]).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
    }

    const keyFile = store.keyFile('ek-12');
    const key = readFileSync(keyFile);
    expect(key).toHaveLength(16);
    expect(relative(join(store.dataDir, 'media'), keyFile).startsWith('..')).toBe(true);

    for (const rendition of LADDER) {
      const text = readFileSync(store.mediaPlaylist('ek-12', rendition.name), 'utf8');
      expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
      const playlist = parseMediaPlaylist(text);
      const durations = playlist.segments.map((s) => s.duration);
      expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(6, 0);
      for (const d of durations.slice(0, -1)) expect(d >= 4 && d <= 6).toBe(true);
      expect(durations.at(-1)).toBeLessThanOrEqual(6);
      expect(playlist.segments.map((s) => s.uri)[0]).toBe('seg-00000.ts');

      // Every segment has a key of its own (a preview's keys open nothing past it): the key line before
      // each segment names its index, and only that key decrypts it — not the asset key, not a neighbour's.
      const keyLines = text.split('\n').filter((l) => l.startsWith('#EXT-X-KEY'));
      expect(keyLines).toHaveLength(playlist.segments.length);
      playlist.segments.forEach((s, i) => {
        const line = keyLines[i]!;
        expect(line).toMatch(
          new RegExp(`^#EXT-X-KEY:METHOD=AES-128,URI="key://ek-12/${i}",IV=0x[0-9a-f]{32}$`),
        );
        const iv = Buffer.from(/IV=0x([0-9a-f]{32})/.exec(line)![1]!, 'hex');
        const segment = readFileSync(store.segment('ek-12', rendition.name, s.uri));
        const clear = decrypt(segment, segmentKey(key, i), iv);
        expect(clear?.[0]).toBe(0x47);
        expect(clear?.[188]).toBe(0x47);
        expect(segment[0] === 0x47 && segment[188] === 0x47).toBe(false);
        expect(decrypt(segment, key, iv)?.[0]).not.toBe(0x47);
        if (i > 0) expect(decrypt(segment, segmentKey(key, 0), iv)?.[0]).not.toBe(0x47);
      });
    }

    expect(statSync(store.poster('ek-12')).size).toBeGreaterThan(500);
    expect(readFileSync(store.poster('ek-12')).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(meta).toMatchObject({
      asset: 'ek-12',
      encryption: 'aes-128',
      keyId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(meta.duration).toBeCloseTo(6, 0);
    expect(meta.renditions.map((r) => r.name)).toEqual(['240p', '120p']);
    expect(await readAssetMeta(store, 'ek-12')).toEqual(meta);
    expect(existsSync(join(store.dataDir, 'media-staging'))).toBe(true);
    expect(readdirSync(join(store.dataDir, 'media-staging'))).toEqual([]);
  });

  it('skips an asset already packaged from the same source, and repackages a changed one with the same key', async () => {
    const first = await packageVideo({ input: source, asset: 'ek-13', store, renditions: LADDER });
    const key = readFileSync(store.keyFile('ek-13'));
    const again = await packageVideo({ input: source, asset: 'ek-13', store, renditions: LADDER });
    expect(again.skipped).toBe(true);
    expect(again.meta.createdAt).toBe(first.meta.createdAt);

    const changed = await packageVideo({
      input: source,
      asset: 'ek-13',
      store,
      renditions: LADDER,
      segmentSeconds: 5,
    });
    expect(changed.skipped).toBe(false);
    expect(changed.meta.sourceHash).not.toBe(first.meta.sourceHash);
    expect(readFileSync(store.keyFile('ek-13'))).toEqual(key);
  });

  it('packages fMP4 with CENC for ClearKey, a key and key id per segment shared by the renditions', async () => {
    const { meta } = await packageVideo({
      input: source,
      asset: 'ek-14',
      store,
      renditions: LADDER,
      encryption: 'cenc-clearkey',
    });
    expect(meta.encryption).toBe('cenc-clearkey');
    expect(meta.segmentKeys).toBe(true);
    expect(meta.iv).toBeUndefined();
    const assetKey = readFileSync(store.keyFile('ek-14'));
    expect(assetKey).toHaveLength(16);
    const kids = [0, 1].map((i) => segmentKeyId(assetKey, i));
    for (const rendition of meta.renditions) {
      expect(rendition.initUri).toBe('init.mp4');
      const text = readFileSync(store.mediaPlaylist('ek-14', rendition.name), 'utf8');
      expect(text).toContain('#EXT-X-MAP:URI="init.mp4"');
      const playlist = parseMediaPlaylist(text);
      expect(playlist.keyLine).toBe(
        '#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,KEYFORMAT="org.w3.clearkey",KEYFORMATVERSIONS="1",URI="key://ek-14"',
      );
      expect(playlist.segments.map((s) => s.uri)).toEqual(['seg-00000.m4s', 'seg-00001.m4s']);
      expect(playlist.segments[0]!.duration).toBeCloseTo(4, 1);
      expect(playlist.segments.reduce((a, s) => a + s.duration, 0)).toBeCloseTo(6, 0);

      const init = readFileSync(store.segment('ek-14', rendition.name, 'init.mp4'));
      expect(init.subarray(4, 8).toString('latin1')).toBe('ftyp');
      // Encrypted sample entries, the default key id (tenc: segment 0's) and the ClearKey pssh.
      for (const box of ['encv', 'enca', 'tenc', 'pssh'])
        expect(init.includes(box, 0, 'latin1'), box).toBe(true);
      expect(init.indexOf(kids[0]!)).toBeGreaterThan(init.indexOf('tenc', 0, 'latin1'));
      expect(init.lastIndexOf(kids[0]!)).toBeGreaterThan(init.indexOf('pssh', 0, 'latin1'));
      expect(init.includes(kids[1]!)).toBe(false);
      // Each segment names its own key id (moof pssh, seig group), never another's.
      kids.forEach((kid, i) => {
        const segment = readFileSync(store.segment('ek-14', rendition.name, `seg-0000${i}.m4s`));
        expect(segment.subarray(4, 8).toString('latin1')).toBe('moof');
        for (const box of ['pssh', 'sgpd', 'sbgp', 'senc'])
          expect(segment.includes(box, 0, 'latin1'), box).toBe(true);
        expect(segment.includes(kid)).toBe(true);
        expect(segment.includes(kids[1 - i]!)).toBe(false);
      });
    }
  });

  it('refuses a missing file, an empty file and a file that is not a video, writing nothing', async () => {
    const text = join(root, 'notes.mp4');
    writeFileSync(text, 'this is not a video\n'.repeat(20));
    const empty = join(root, 'empty.mp4');
    writeFileSync(empty, '');
    await expect(packageVideo({ input: join(root, 'missing.mp4'), asset: 'ek-20', store })).rejects.toThrow(
      /not found/,
    );
    await expect(packageVideo({ input: empty, asset: 'ek-20', store })).rejects.toBeInstanceOf(
      MediaInputError,
    );
    await expect(packageVideo({ input: text, asset: 'ek-20', store })).rejects.toThrow(MediaInputError);
    expect(existsSync(store.assetDir('ek-20'))).toBe(false);
    expect(existsSync(store.keyFile('ek-20'))).toBe(false);
  });

  it('refuses asset ids that could leave the store and bad ladders', async () => {
    await expect(packageVideo({ input: source, asset: '../x' as 'ek-1', store })).rejects.toThrow(/asset id/);
    await expect(
      packageVideo({ input: source, asset: 'ek-21', store, renditions: [{ ...LADDER[0]!, name: '../p' }] }),
    ).rejects.toThrow(/Rendition name/);
    await expect(packageVideo({ input: source, asset: 'ek-21', store, renditions: [] })).rejects.toThrow(
      /At least one/,
    );
  });

  it('packages clear media only as a live loop, and a live loop only clear', async () => {
    await expect(packageVideo({ input: source, asset: 'ek-22', store, encryption: 'none' })).rejects.toThrow(
      /clear/,
    );
    await expect(packageVideo({ input: source, asset: 'lv-1-0', store })).rejects.toThrow(/clear/);
    expect(existsSync(store.assetDir('ek-22'))).toBe(false);
    expect(existsSync(store.assetDir('lv-1-0'))).toBe(false);
  });
});
