import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg, runFfmpeg } from '../media/ffmpeg';
import { fitsLiveTimeline } from '../media/live-loops';
import { readAssetMeta } from '../media/package';
import { MediaStore } from '../media/store';
import { readLoops } from '../modules/live';
import { runMediaPackage, USAGE } from './run-media-package';

describe('media:package command', () => {
  const root = mkdtempSync(join(tmpdir(), 'kadr-media-cli-'));
  const env = { INIT_CWD: root, DATA_DIR: 'data' };
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runMediaPackage(argv, { env, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  /** A test picture with a tone, `seconds` long. */
  const clip = (name: string, seconds: number) =>
    runFfmpeg(findFfmpeg(), [
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=320x180:rate=8:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=300:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      '-shortest',
      join(root, name),
    ]);

  beforeAll(async () => {
    await Promise.all([clip('clip.mp4', 5), clip('loop.mp4', 20)]);
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('packages a file relative to the folder the command was typed in, then skips it the second time', async () => {
    const first = await run('clip.mp4', '--asset', 'ep-7');
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toMatch(/^ep-7: packaged in \d+ ms/);
    expect(first.out).toMatch(/360p: 640×360, 2 segments/);
    const store = new MediaStore(join(root, 'data'));
    expect(existsSync(store.masterPlaylist('ep-7'))).toBe(true);
    expect(existsSync(store.keyFile('ep-7'))).toBe(true);

    const again = await run('clip.mp4', '--asset', 'ep-7');
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/^ep-7: already packaged from this file/);
  });

  it("packages a channel's live loop clear in the timeline's shape, and says when the channel plays", async () => {
    const store = new MediaStore(join(root, 'data'));
    const first = await run('loop.mp4', '--asset', 'lv-1-0');
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toMatch(/^lv-1-0: packaged in \d+ ms .* into .*media\/live\/lv-1-0$/m);
    expect(first.out).toMatch(/360p: 640×360, 5 segments/);
    expect(first.out).toContain('channel 1 plays once lv-1-1 is packaged too');
    const meta = await readAssetMeta(store, 'lv-1-0');
    expect(meta).toMatchObject({ encryption: 'none', keyId: '' });
    expect(fitsLiveTimeline(meta!)).toBe(true);
    const second = await run('loop.mp4', '--asset', 'lv-1-1');
    expect(second.out).toContain('channel 1 plays its looks (lv-1-0, lv-1-1)');
    // The playout reads them as the channel's loops.
    expect(await readLoops(store, 1)).toMatchObject({ renditions: [{ name: '360p' }, { name: '240p' }] });
    // Two 20 s encodes of two renditions: over 20 s on a loaded 2-core machine.
  }, 120_000);

  it('refuses a loop that is not 20 s before touching the store, and loop options that break the timeline', async () => {
    const short = await run('clip.mp4', '--asset', 'lv-2-0');
    expect(short.code).toBe(1);
    expect(short.err).toMatch(
      /clip\.mp4: not packaged: a live loop is a 20 s video \(5 segments of 4 s\); this one is 5(\.\d+)? s/,
    );
    expect(existsSync(new MediaStore(join(root, 'data')).assetDir('lv-2-0'))).toBe(false);
    for (const argv of [
      ['loop.mp4', '--asset', 'lv-2-2'],
      ['loop.mp4', '--asset', 'lv-2-0', '--encryption', 'aes-128'],
      ['loop.mp4', '--asset', 'lv-2-0', '--segment-seconds', '6'],
    ]) {
      const result = await run(...argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err).toContain(USAGE);
    }
  });

  it('writes to --data-dir when given', async () => {
    const result = await run('clip.mp4', '--asset', 'ek-3', '--data-dir', 'other');
    expect(result.code).toBe(0);
    expect(existsSync(new MediaStore(join(root, 'other')).meta('ek-3'))).toBe(true);
  });

  it('answers 2 with the usage for wrong arguments', async () => {
    for (const argv of [
      [],
      ['clip.mp4'],
      ['clip.mp4', '--asset', 'film-3'],
      ['clip.mp4', '--asset', '../ek-3'],
      ['clip.mp4', '--asset', 'ek-3', '--encryption', 'rot13'],
      ['clip.mp4', '--asset', 'ek-3', '--segment-seconds', '60'],
      ['clip.mp4', 'more.mp4', '--asset', 'ek-3'],
      ['clip.mp4', '--asset', 'ek-3', '--bogus'],
    ]) {
      const result = await run(...argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err).toContain(USAGE);
    }
  });

  it('answers 1 for a missing file or one that is not a video', async () => {
    const missing = await run('nope.mp4', '--asset', 'ek-4');
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/nope\.mp4: not packaged: Input file not found/);
    const notVideo = await run('data/keys/ep-7.key', '--asset', 'ek-4');
    expect(notVideo.code).toBe(1);
    expect(notVideo.err).toMatch(/not packaged/);
    expect(existsSync(new MediaStore(join(root, 'data')).assetDir('ek-4'))).toBe(false);
  });

  it('prints the usage for --help', async () => {
    expect(await run('--help')).toEqual({ code: 0, out: USAGE, err: '' });
  });
});
