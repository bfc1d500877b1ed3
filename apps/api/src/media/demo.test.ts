import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { seedCatalogue } from '../modules/catalogue';
import { FIXTURE_MANIFEST } from '../test/catalogue-fixture';
import { pgliteBackend } from '../test/harness';
import { createDemoMedia, type DemoMediaOptions, listDemoAssets, listLiveLoops } from './demo';
import type { DemoMediaShape } from './demo-source';
import { findFfmpeg, runFfmpeg } from './ffmpeg';
import { LIVE_SEGMENT_SECONDS, LOOP_SEGMENTS } from './live-loops';
import { packageVideo, type RenditionSpec } from './package';
import { MediaStore } from './store';

// The test catalogue: 3 films (one with a trailer), a series of 2 + 2 episodes (one announced, so not
// generated), a TV show of 1: 8 assets; and 2 channels of 2 live loops each: 12 in all.
const SHAPE: DemoMediaShape = { filmSeconds: 5, episodeSeconds: 4, trailerSeconds: 4, frameRate: 5 };
const LADDER: RenditionSpec[] = [
  { name: '180p', width: 320, height: 180, videoBitrate: 150_000 },
  { name: '90p', width: 160, height: 90, videoBitrate: 80_000 },
];

function recordingLog() {
  const lines: { level: string; msg: string; data: unknown }[] = [];
  const at = (level: string) => (data: unknown, msg: string) => lines.push({ level, msg, data });
  const log = { info: at('info'), warn: at('warn'), error: at('error') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('demo media', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  const root = mkdtempSync(join(tmpdir(), 'kadr-demo-media-'));
  let dirs = 0;
  const freshDir = () => join(root, `data-${++dirs}`);

  beforeAll(async () => {
    ({ database, dispose } = await pgliteBackend.open());
    await seedCatalogue(database.db, {
      manifest: FIXTURE_MANIFEST,
      mediaDir: join(root, 'seed-media'),
      log: recordingLog().log,
    });
  });
  afterAll(async () => {
    await dispose();
    rmSync(root, { recursive: true, force: true });
  });

  const options = (dataDir: string, extra: Partial<DemoMediaOptions> = {}): DemoMediaOptions => ({
    db: database.db,
    env: { dataDir, demoMedia: true },
    log: recordingLog().log,
    shape: SHAPE,
    ladder: LADDER,
    clearKeyTitle: 'noch',
    ...extra,
  });
  const waitUntilFinished = async (status: () => { state: string }) => {
    while (['listing', 'running'].includes(status().state)) await new Promise((r) => setTimeout(r, 25));
  };

  it('lists films, the trailer, then episodes first-of-season first, with the lines drawn on them', async () => {
    const assets = await listDemoAssets(database.db, 'noch');
    expect(assets.map((a) => a.kind)).toEqual([
      'film',
      'film',
      'film',
      'trailer',
      'episode',
      'episode',
      'episode',
      'episode',
    ]);
    expect(assets.filter((a) => a.encryption === 'cenc-clearkey')).toHaveLength(1);
    expect(assets[0]!.lines).toEqual([expect.any(String), 'Фильм']);
    const episodes = assets.filter((a) => a.kind === 'episode');
    expect(episodes.map((a) => a.lines[1])).toEqual([
      'Сезон 1 · Серия 1',
      'Сезон 1 · Серия 1',
      'Сезон 2 · Серия 1',
      'Сезон 1 · Серия 2',
    ]);
    expect(new Set(assets.map((a) => a.asset)).size).toBe(assets.length);
    expect(assets.every((a) => /^(ek|ep)-\d+$/.test(a.asset))).toBe(true);
  });

  it('packages every asset in the background, a requested one first, and caches them for the next start', async () => {
    const dataDir = freshDir();
    const { log, lines } = recordingLog();
    const media = createDemoMedia(options(dataDir, { concurrency: 1, log }));
    const assets = await listDemoAssets(database.db, 'noch');
    const last = assets.at(-1)!.asset;
    const loops = await listLiveLoops(database.db);
    expect(media.status().state).toBe('listing');
    media.start();

    const meta = await media.whenAssetReady(last);
    expect(meta?.asset).toBe(last);
    // Only the asset already in progress when it was asked for may have finished before it.
    expect(media.status().ready).toBeLessThanOrEqual(2);

    await waitUntilFinished(() => media.status());
    expect(media.status()).toMatchObject({ state: 'done', total: 12, ready: 12, cached: 0, failed: 0 });
    const store = new MediaStore(dataDir);
    for (const loop of loops) {
      const m = await media.whenAssetReady(loop.asset);
      expect(m?.encryption, loop.asset).toBe('none');
      expect(m?.renditions.map((r) => r.name)).toEqual(['180p']);
      expect(m?.renditions[0]?.segments.map((s) => s.duration)).toEqual(
        Array(LOOP_SEGMENTS).fill(LIVE_SEGMENT_SECONDS),
      );
      expect(existsSync(store.masterPlaylist(loop.asset))).toBe(true);
      // Outside the served tree, and without a key of its own.
      expect(store.assetDir(loop.asset)).toContain(join(dataDir, 'media', 'live'));
      expect(existsSync(join(dataDir, 'keys', `${loop.asset}.key`))).toBe(false);
    }
    for (const a of assets) {
      expect(existsSync(store.masterPlaylist(a.asset)), a.asset).toBe(true);
      const m = await media.whenAssetReady(a.asset);
      expect(m?.encryption).toBe(a.encryption);
      expect(m?.origin).toBe('generated');
    }
    const clearKey = assets.find((a) => a.encryption === 'cenc-clearkey')!.asset;
    expect(existsSync(store.segment(clearKey, '180p', 'init.mp4'))).toBe(true);
    expect(existsSync(store.segment(clearKey, '180p', 'seg-00000.m4s'))).toBe(true);
    // The titles' set is ready on its own line (the first start's figure), the loops after it.
    expect(lines.find((l) => l.msg.startsWith('demo media: ready'))?.data).toMatchObject({
      total: 8,
      packaged: 8,
    });
    expect(lines.find((l) => l.msg.startsWith('demo media: live loops ready'))?.data).toMatchObject({
      total: 4,
      packaged: 4,
    });

    const restart = createDemoMedia(options(dataDir));
    restart.start();
    await waitUntilFinished(() => restart.status());
    expect(restart.status()).toMatchObject({ state: 'done', total: 12, ready: 12, cached: 12 });
    expect(restart.status().ms).toBeLessThan(2000);
  });

  it('tells the terminal which asset it finished, n of m, and the time so far, as each one ends', async () => {
    const dataDir = freshDir();
    const { log, lines } = recordingLog();
    const media = createDemoMedia(options(dataDir, { log }));
    const assets = await listDemoAssets(database.db, 'noch');
    media.start();
    await waitUntilFinished(() => media.status());
    expect(lines.find((l) => l.msg.startsWith('demo media: packaging'))).toMatchObject({
      level: 'info',
      msg: 'demo media: packaging 8 videos in the background (0 already packaged); a title plays once its video is ready',
    });
    const progress = lines.filter((l) => /^demo media: \d+ of \d+/.test(l.msg));
    expect(
      progress.map((l) =>
        l.msg
          .match(/^demo media: (\d+) of (\d+)/)!
          .slice(1)
          .join('/'),
      ),
    ).toEqual(['1/8', '2/8', '3/8', '4/8', '5/8', '6/8', '7/8', '8/8']);
    const data = progress.map((l) => l.data as { asset: string; title: string; elapsedS: number });
    expect(new Set(data.map((d) => d.asset))).toEqual(new Set(assets.map((a) => a.asset)));
    // The loops after the titles, on lines of their own.
    const loopLines = lines.filter((l) => l.msg.startsWith('demo media: live loop '));
    expect(loopLines.map((l) => l.msg.match(/^demo media: live loop (\d+ of \d+)/)?.[1])).toEqual([
      '1 of 4',
      '2 of 4',
      '3 of 4',
      '4 of 4',
    ]);
    expect(loopLines.map((l) => l.msg.replace(/^.* ready: | [\d.]+ s$/g, '')).sort()).toEqual([
      '«Кадр Кино» (Прямой эфир · А),',
      '«Кадр Кино» (Прямой эфир · Б),',
      '«Кадр Новости» (Прямой эфир · А),',
      '«Кадр Новости» (Прямой эфир · Б),',
    ]);
    for (const [i, line] of progress.entries()) {
      const spec = assets.find((a) => a.asset === data[i]!.asset)!;
      expect(line.msg).toContain(`«${spec.lines[0]}»`);
      expect(data[i]!.title).toBe(spec.lines[0]);
    }
    const elapsed = data.map((d) => d.elapsedS);
    expect(elapsed).toEqual([...elapsed].sort((a, b) => a - b));
    expect(lines.find((l) => l.msg.startsWith('demo media: ready'))?.msg).toMatch(
      /^demo media: ready, 8 videos packaged in \d+(\.\d)? s \(0 already were\)$/,
    );
  });

  it('never replaces a video packaged from a file', async () => {
    const dataDir = freshDir();
    const store = new MediaStore(dataDir);
    const film = (await listDemoAssets(database.db))[0]!.asset;
    const clip = join(root, 'clip.mp4');
    await runFfmpeg(findFfmpeg(), [
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=160x90:rate=5:duration=4',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      clip,
    ]);
    const packaged = await packageVideo({ input: clip, asset: film, store, renditions: LADDER });
    const media = createDemoMedia(options(dataDir));
    media.start();
    await waitUntilFinished(() => media.status());
    expect(media.status()).toMatchObject({ state: 'done', cached: 1, ready: 12 });
    expect(JSON.parse(readFileSync(store.meta(film), 'utf8'))).toEqual(packaged.meta);
  });

  it('lists two looks per channel, each with the channel name and its letter', async () => {
    expect(await listLiveLoops(database.db)).toEqual([
      expect.objectContaining({ asset: 'lv-1-0', kind: 'live', lines: ['Кадр Новости', 'Прямой эфир · А'] }),
      expect.objectContaining({ asset: 'lv-1-1', lines: ['Кадр Новости', 'Прямой эфир · Б'] }),
      expect.objectContaining({ asset: 'lv-2-0', lines: ['Кадр Кино', 'Прямой эфир · А'] }),
      expect.objectContaining({ asset: 'lv-2-1', encryption: 'none' }),
    ]);
  });

  it('does nothing when off: the store answers for itself', async () => {
    const dataDir = freshDir();
    const media = createDemoMedia({ ...options(dataDir), env: { dataDir, demoMedia: false } });
    media.start();
    expect(media.status().state).toBe('off');
    expect(await media.whenAssetReady('ek-1')).toBeUndefined();
    expect(existsSync(join(dataDir, 'media'))).toBe(false);
    await media.stop();
  });

  it('stops: running ffmpeg is killed and waits are rejected', async () => {
    const dataDir = freshDir();
    const media = createDemoMedia(options(dataDir, { concurrency: 1 }));
    media.start();
    // The outcome is captured at once: the rejection comes during stop(), before any expect.
    const outcome = media.whenAssetReady((await listDemoAssets(database.db)).at(-1)!.asset).then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    await media.stop();
    expect(await outcome).toMatch(/stopped/);
    expect(media.status().state).toBe('stopped');
    expect(media.status().ready).toBeLessThan(12);
  });

  it('reports a failed asset without stopping the others', async () => {
    const dataDir = freshDir();
    const { log, lines } = recordingLog();
    const broken = { path: join(root, 'no-such-ffmpeg'), source: 'env' as const };
    const media = createDemoMedia(options(dataDir, { ffmpeg: broken, log }));
    media.start();
    const first = (await listDemoAssets(database.db))[0]!.asset;
    await expect(media.whenAssetReady(first)).rejects.toThrow(/could not run/);
    await waitUntilFinished(() => media.status());
    expect(media.status()).toMatchObject({ state: 'failed', total: 12, ready: 0, failed: 12 });
    expect(lines.filter((l) => l.msg === 'demo media: packaging failed')).toHaveLength(12);
  });
});
