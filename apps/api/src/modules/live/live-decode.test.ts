import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_SHAPE, demoSource } from '../../media/demo-source';
import { findFfmpeg, runFfmpeg } from '../../media/ffmpeg';
import { LOOP_FRAME_RATE, loopsOf } from '../../media/live-loops';
import { packageVideo, type RenditionSpec } from '../../media/package';
import { MediaStore } from '../../media/store';
import { fixtureData, loadFixtureData } from '../../test/catalogue-fixture';
import { pgliteBackend, useApi } from '../../test/harness';

const MEDIA_SECRET = 'test-media-secret-test-media-secret-0123';
const RENDITION: RenditionSpec = { name: '180p', width: 320, height: 180, videoBitrate: 150_000 };
/** Loops are generated at 4 fps whatever the titles' frame rate. */
const FRAME_RATE = LOOP_FRAME_RATE;

// Real loops through the real routes: ffmpeg (the project's, as the packager uses it; the npm build has
// no ffprobe) reads a channel's live playlist over HTTP, fetches every key from the key route and
// every segment from the segment route, decrypts them with the IV the playlist implies (the media
// sequence number) and decodes them across a loop start where the programme — and the look — changes.
describe('a live window decodes (PGlite, ffmpeg)', () => {
  const api = useApi(pgliteBackend);
  const dataDir = mkdtempSync(join(tmpdir(), 'kadr-live-decode-'));

  beforeAll(async () => {
    const data = fixtureData();
    Object.assign(data.titles.find((t) => t.key === 'kadr-novosti-efir')!, { is_preview: true });
    const db = api.database.db;
    await loadFixtureData(db, data, join(dataDir, 'media', 'images'), new Date('2030-01-15T10:00:00Z'));
    // Two programmes meeting at 10:00:40, a loop start: the preview's last window spans it.
    await db.execute(sql`truncate tv_programmes restart identity`);
    await db.execute(sql`
      insert into tv_programmes (channel_id, starts_at, ends_at, title, description) values
        (1, '2030-01-15T09:00:00Z', '2030-01-15T10:00:40Z', 'Первая', ''),
        (1, '2030-01-15T10:00:40Z', '2030-01-15T11:00:00Z', 'Вторая', '')`);
    const store = new MediaStore(dataDir);
    for (const [look, loop] of loopsOf(1).entries()) {
      await packageVideo({
        input: demoSource(
          {
            asset: loop,
            kind: 'live',
            contentId: 1,
            lines: ['Кадр Новости', `Эфир ${look}`],
            encryption: 'none',
          },
          DEFAULT_DEMO_SHAPE,
          RENDITION,
        ),
        asset: loop,
        store,
        renditions: [RENDITION],
        encryption: 'none',
        preset: 'ultrafast',
        audioBitrate: 48_000,
      });
    }
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('every segment of the window decrypts and decodes, across the discontinuity', async () => {
    const t = await api.setup({ DATA_DIR: dataDir, MEDIA_SECRET });
    const guest = await t.anonymous();
    const res = await t.call<{ stream: { stream_url: string } }>('POST', '/v1/agregator/getReleaseChannel', {
      token: guest.access_token,
      body: { stream_id: 1, dev_model: 'web' },
    });
    expect(res.status).toBe(200);
    // Past the preview the live playlist is its last window with ENDLIST: ffmpeg reads it to the end.
    t.clock.advance(70);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}${res.body.response.stream.stream_url.replace('master.m3u8', '180p/index.m3u8')}`;
    const playlist = await (await fetch(url)).text();
    expect(playlist).toContain('#EXT-X-DISCONTINUITY\n#EXT-X-PROGRAM-DATE-TIME:2030-01-15T10:00:40.000Z');
    expect(playlist).toMatch(
      /\/media\/live\/1\/0\/180p\/\d+\.ts.*\n[\s\S]*\/media\/live\/1\/1\/180p\/\d+\.ts/,
    );
    expect(playlist.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);

    const stderr = await runFfmpeg(findFfmpeg(), [
      '-loglevel',
      'info',
      '-live_start_index',
      '0',
      '-i',
      url,
      // Output timestamps counted from the frames: the input's restart at the discontinuity.
      '-vf',
      `setpts=N/(${FRAME_RATE}*TB)`,
      '-af',
      'asetpts=N/SR/TB',
      '-vsync',
      '0',
      '-f',
      'null',
      '-',
    ]);
    // No decoder or demuxer complaint; every frame of the six 4 s segments decoded.
    expect(stderr).not.toMatch(/error|invalid|corrupt|non-existing|missing|concealing/i);
    expect(stderr).toMatch(/Stream #0:\d+.*Video: h264/);
    expect(stderr).toMatch(/Stream #0:\d+.*Audio: aac/);
    const frames = Number([...stderr.matchAll(/frame=\s*(\d+)/g)].at(-1)?.[1]);
    expect(frames).toBe(6 * 4 * FRAME_RATE);
  }, 60_000);
});
