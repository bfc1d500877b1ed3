import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isApiError } from '@kadr/api-client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segmentKey, segmentKeyId } from '../../media/keys';
import { type MediaAssetId, type MediaAssetMeta, MediaStore } from '../../media/store';
import { ServiceMetrics } from '../../metrics/metrics';
import { fixtureData, loadFixtureData } from '../../test/catalogue-fixture';
import { type FixtureAsset, writeFixtureAsset } from '../../test/fixture-media';
import { anonymousClient, backends, useApi } from '../../test/harness';
import { grantPackage, revokePackage } from '../billing';
import { GRANT_CHECK_SECONDS } from './grant-guard';
import { GRANT_SECONDS } from './grants';
import { signedSegmentUrl } from './secure-link';

const MEDIA_SECRET = 'test-media-secret-test-media-secret-0123';

async function readMetaOf(dataDir: string, asset: MediaAssetId) {
  return JSON.parse(await readFile(new MediaStore(dataDir).meta(asset), 'utf8')) as MediaAssetMeta;
}
const PREVIEW = 10;

interface Release {
  content_url: string;
  drm: { type: string; license_server: string; certificate: string | null; drm_id: string } | null;
  preview_timer: number | null;
  expires_in?: number;
}

for (const backend of backends) {
  describe.skipIf(!backend.available)(`releases and media delivery (${backend.name})`, () => {
    const api = useApi(backend);
    const dataDir = mkdtempSync(join(tmpdir(), 'kadr-playback-'));
    // Titles of the fixture catalogue: 1 film (preview, trailer), 2 series, 3 film (ClearKey), 4 film
    // (no preview), 5 channel, 6 TV show. Episodes are looked up by the test.
    const ids = { episode: 0, otherEpisode: 0, announce: 0, trailer: 0 };
    const assets: Record<string, FixtureAsset> = {};

    beforeAll(async () => {
      if (!backend.available) return;
      const data = fixtureData();
      const byKey = (key: string) => data.titles.find((t) => t.key === key) as Record<string, unknown>;
      Object.assign(byKey('tikhiy-dom'), { is_preview: true, preview_timer: PREVIEW });
      Object.assign(byKey('vesyolye-kanikuly'), { is_preview: true, preview_timer: PREVIEW });
      Object.assign(byKey('noch'), { is_preview: false });
      Object.assign(byKey('moskva-slezam'), { is_preview: true, preview_timer: PREVIEW });
      data.packages = [{ key: 'kadr', name: 'Подписка Кадр', pay_text: 'Оформить подписку', cost: 299 }];
      const db = api.database.db;
      await loadFixtureData(db, data, join(dataDir, 'media', 'images'), new Date('2030-01-15T10:00:00Z'));
      const rows = (
        (await db.execute(
          sql`select id, content_id, is_trailer, is_announce from episodes order by id`,
        )) as unknown as {
          rows: Array<{ id: number; content_id: number; is_trailer: boolean; is_announce: boolean }>;
        }
      ).rows;
      ids.trailer = rows.find((r) => r.content_id === 1 && r.is_trailer)!.id;
      ids.episode = rows.find((r) => r.content_id === 2 && !r.is_announce)!.id;
      ids.announce = rows.find((r) => r.content_id === 2 && r.is_announce)!.id;
      ids.otherEpisode = rows.find((r) => r.content_id === 6)!.id;
      assets.film = writeFixtureAsset(dataDir, 'ek-1');
      assets.clearkey = writeFixtureAsset(dataDir, 'ek-3', { encryption: 'cenc-clearkey' });
      assets.locked = writeFixtureAsset(dataDir, 'ek-4');
      // Packaged before per-segment keys (docs/decisions/022): one key for the whole episode.
      assets.episode = writeFixtureAsset(dataDir, `ep-${ids.episode}`, { assetKey: true });
      assets.trailer = writeFixtureAsset(dataDir, `ep-${ids.trailer}`, { segments: 2 });
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    async function setup(options: { metrics?: ServiceMetrics; env?: Record<string, string> } = {}) {
      const t = await api.setup(
        { DATA_DIR: dataDir, MEDIA_SECRET, ...options.env },
        { metrics: options.metrics },
      );
      const guest = await t.anonymous();
      const release = async (path: string, token = guest.access_token) =>
        t.call<Release>('GET', `/web/1/releases/${path}`, { token });
      const get = (url: string, headers: Record<string, string> = {}) =>
        t.app.inject({ method: 'GET', url, headers });
      /** The release's first media playlist (360p) and its lines. */
      const mediaPlaylist = async (r: Release) => {
        const master = await get(r.content_url);
        const variant = master.body.split('\n').find((l) => l.endsWith('/index.m3u8'));
        const res = await get(variant!);
        return { master, res, lines: res.body.split('\n').filter(Boolean) };
      };
      const grant = (profileId: number) =>
        grantPackage(t.database.db, {
          profile: { profileId },
          packageId: 1,
          until: null,
          now: t.clock.now(),
          source: 'operator',
        });
      return { t, guest, release, get, mediaPlaylist, grant };
    }

    const grantOf = (r: Release) => r.content_url.split('/')[3]!;
    const segmentUrls = (lines: string[]) => lines.filter((l) => l.startsWith('/media/hls/'));

    describe('release answers', () => {
      it('gives a guest a preview of a previewable film: master playlist URL, no DRM, preview_timer', async () => {
        const { release } = await setup();
        const res = await release('1?dev_type=PCWEB&dev_model=web');
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          code: 200,
          success: true,
          response: {
            content_url: expect.stringMatching(/^\/media\/play\/[\w.-]+\/master\.m3u8$/),
            drm: null,
            preview_timer: PREVIEW,
            expires_in: GRANT_SECONDS,
          },
        });
      });

      it('gives a profile holding the package the full film, and the preview again after revoking', async () => {
        const { release, guest, grant, t } = await setup();
        await grant(guest.profile_id);
        const full = await release('1?dev_type=IOS_WEB&dev_model=web');
        expect(full.body.response.preview_timer).toBeNull();
        const card = await t.call<{ goods: Record<string, unknown> }>('GET', '/web/2/contents/1', {
          token: guest.access_token,
        });
        expect(card.body.response.goods).toMatchObject({
          package_id: 1,
          package_name: 'Подписка Кадр',
          is_bought: true,
          status: 'confirmed',
          store_name: 'hand',
          cost: 299,
        });
        await revokePackage(t.database.db, {
          profile: { profileId: guest.profile_id },
          packageId: 1,
          now: t.clock.now(),
        });
        const after = await release('1?dev_type=PCWEB&dev_model=web');
        expect(after.body.response.preview_timer).toBe(PREVIEW);
      });

      it("answers an episode of a series and the title's trailer (full, for everyone)", async () => {
        const { release } = await setup();
        const episode = await release(`2?dev_type=PCWEB&dev_model=web&EP_id=${ids.episode}`);
        expect(episode.status).toBe(200);
        expect(episode.body.response.preview_timer).toBe(PREVIEW);
        const trailer = await release(`1?dev_type=PCWEB&dev_model=web&EP_id=${ids.trailer}`);
        expect(trailer.body.response).toMatchObject({ drm: null, preview_timer: null });
      });

      it('answers ClearKey DRM with a licence URL and the key id for a cenc-clearkey film', async () => {
        const { release } = await setup();
        const res = await release('3?dev_type=PCWEB&dev_model=web');
        expect(res.body.response.drm).toEqual({
          type: 'clearkey',
          license_server: expect.stringMatching(/^\/media\/license\/[\w.-]+$/),
          certificate: null,
          drm_id: assets.clearkey!.keyId,
        });
      });

      it('refuses a title without preview to a guest (403) and plays it once the package is held', async () => {
        const { release, grant, guest } = await setup();
        const refused = await release('4?dev_type=PCWEB&dev_model=web');
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({
          code: 403,
          success: false,
          response: { error: 'not_purchased' },
        });
        await grant(guest.profile_id);
        expect((await release('4?dev_type=PCWEB&dev_model=web')).status).toBe(200);
      });

      it('refuses unknown titles (900), unknown and foreign episodes, a series without EP_id', async () => {
        const { release } = await setup();
        const cases = [
          ['999?dev_type=PCWEB&dev_model=web', 404, 'no_content'],
          [`2?dev_type=PCWEB&dev_model=web&EP_id=99999`, 404, 'episode_not_found'],
          [`1?dev_type=PCWEB&dev_model=web&EP_id=${ids.episode}`, 404, 'episode_not_found'],
          [`2?dev_type=PCWEB&dev_model=web&EP_id=${ids.otherEpisode}`, 404, 'episode_not_found'],
          ['2?dev_type=PCWEB&dev_model=web', 400, 'episode_required'],
          [`2?dev_type=PCWEB&dev_model=web&EP_id=${ids.announce}`, 404, 'not_playable'],
          // A channel-type title plays its channel live (live.test.ts): not previewable here, so refused.
          ['5?dev_type=PCWEB&dev_model=web', 403, 'not_purchased'],
        ] as const;
        for (const [path, status, error] of cases) {
          const res = await release(path);
          expect({ path, status: res.status, error: res.body.response }).toMatchObject({
            path,
            status,
            error: { error },
          });
        }
        expect((await release('999?dev_type=PCWEB&dev_model=web')).body.code).toBe(900);
      });

      it('refuses non-numeric ids and another device type with 400, and a missing token with 910', async () => {
        const { release, t } = await setup();
        for (const path of [
          'abc?dev_type=PCWEB&dev_model=web',
          '1?dev_type=PCWEB&dev_model=web&EP_id=x1',
          '1?dev_type=PC_WEB&dev_model=web',
          '1.5?dev_type=PCWEB&dev_model=web',
        ]) {
          expect((await release(path)).status, path).toBe(400);
        }
        const anonymous = await t.call('GET', '/web/1/releases/1?dev_type=PCWEB&dev_model=web');
        expect(anonymous.status).toBe(401);
      });

      it('answers 503 with retry_after for a title whose media is not packaged yet', async () => {
        const { release, grant, guest } = await setup();
        await grant(guest.profile_id);
        const res = await release(`6?dev_type=PCWEB&dev_model=web&EP_id=${ids.otherEpisode}`);
        expect(res.status).toBe(503);
        expect(res.body.response).toMatchObject({ error: 'media_not_ready', retry_after: 5 });
      });
    });

    it('answers the release through @kadr/api-client, and code 900 as an ApiError', async () => {
      const t = await api.setup({ DATA_DIR: dataDir, MEDIA_SECRET });
      const { client, baseUrl } = await anonymousClient(t.app, 'web_playbackclient01');
      const film = await client.call('getRelease', {
        params: { id: 1 },
        query: { dev_type: 'PCWEB', dev_model: 'web' },
      });
      expect(film).toMatchObject({ drm: null, preview_timer: PREVIEW });
      const master = await fetch(`${baseUrl}${film.content_url}`);
      expect(master.status).toBe(200);
      const error = await client
        .call('getRelease', { params: { id: 999 }, query: { dev_type: 'PCWEB', dev_model: 'web' } })
        .catch((e: unknown) => e);
      expect(isApiError(error) && error.code).toBe(900);
    });

    describe('media being packaged', () => {
      it('waits for an asset packaged while the release is asked for', async () => {
        const asked: string[] = [];
        const t = await api.setup(
          { DATA_DIR: dataDir, MEDIA_SECRET },
          {
            mediaReady: async (asset) => {
              asked.push(asset);
              await new Promise((r) => setTimeout(r, 50));
              writeFixtureAsset(dataDir, asset as MediaAssetId);
              return readMetaOf(dataDir, asset as MediaAssetId);
            },
          },
        );
        const guest = await t.anonymous();
        const episode = ids.otherEpisode;
        await grantPackage(t.database.db, {
          profile: { profileId: guest.profile_id },
          packageId: 1,
          until: null,
          now: t.clock.now(),
          source: 'operator',
        });
        try {
          const res = await t.call<Release>(
            'GET',
            `/web/1/releases/6?dev_type=PCWEB&dev_model=web&EP_id=${episode}`,
            {
              token: guest.access_token,
            },
          );
          expect(res.status).toBe(200);
          expect(asked).toEqual([`ep-${episode}`]);
        } finally {
          rmSync(join(dataDir, 'media', 'hls', `ep-${episode}`), { recursive: true, force: true });
        }
      });

      it('answers 503 with retry_after when packaging fails', async () => {
        const t = await api.setup(
          { DATA_DIR: dataDir, MEDIA_SECRET },
          { mediaReady: () => Promise.reject(new Error('ffmpeg failed')) },
        );
        const guest = await t.anonymous();
        await grantPackage(t.database.db, {
          profile: { profileId: guest.profile_id },
          packageId: 1,
          until: null,
          now: t.clock.now(),
          source: 'operator',
        });
        const res = await t.call(
          'GET',
          `/web/1/releases/6?dev_type=PCWEB&dev_model=web&EP_id=${ids.otherEpisode}`,
          { token: guest.access_token },
        );
        expect(res.status).toBe(503);
        expect(res.body.response).toMatchObject({ error: 'media_not_ready', retry_after: 5 });
      });
    });

    describe('playlists', () => {
      it("rewrites the master playlist to the grant's media playlists", async () => {
        const { release, mediaPlaylist } = await setup();
        const r = (await release('1?dev_type=PCWEB&dev_model=web')).body.response;
        const { master } = await mediaPlaylist(r);
        expect(master.statusCode).toBe(200);
        expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
        expect(master.body.split('\n').filter((l) => !l.startsWith('#') && l)).toEqual([
          `/media/play/${grantOf(r)}/360p/index.m3u8`,
          `/media/play/${grantOf(r)}/240p/index.m3u8`,
        ]);
      });

      it('cuts a preview playlist at the segment covering preview_timer, signed with the limit', async () => {
        const { release, mediaPlaylist } = await setup();
        const r = (await release('1?dev_type=PCWEB&dev_model=web')).body.response;
        const { lines } = await mediaPlaylist(r);
        // 4 s segments, 10 s preview: segments starting at 0, 4 and 8 s.
        expect(segmentUrls(lines).map((u) => u.split('?')[0])).toEqual([
          '/media/hls/ek-1/360p/seg-00000.ts',
          '/media/hls/ek-1/360p/seg-00001.ts',
          '/media/hls/ek-1/360p/seg-00002.ts',
        ]);
        expect(segmentUrls(lines).every((u) => u.includes('&lim=3'))).toBe(true);
        expect(lines.at(-1)).toBe('#EXT-X-ENDLIST');
        // A key line per kept segment, each naming that segment's key.
        expect(
          lines.filter((l) => l.startsWith('#EXT-X-KEY')).map((l) => /URI="([^"]+)"/.exec(l)?.[1]),
        ).toEqual([0, 1, 2].map((i) => `/media/key/${grantOf(r)}/ek-1/${i}`));
      });

      it('lists every segment, without a limit, for a full grant', async () => {
        const { release, mediaPlaylist, grant, guest } = await setup();
        await grant(guest.profile_id);
        const r = (await release('1?dev_type=PCWEB&dev_model=web')).body.response;
        const urls = segmentUrls((await mediaPlaylist(r)).lines);
        expect(urls).toHaveLength(6);
        expect(urls.some((u) => u.includes('lim='))).toBe(false);
      });

      it('signs the init segment of a ClearKey asset', async () => {
        const { release, mediaPlaylist, get } = await setup();
        const r = (await release('3?dev_type=PCWEB&dev_model=web')).body.response;
        const { lines } = await mediaPlaylist(r);
        const init = /URI="([^"]+)"/.exec(lines.find((l) => l.startsWith('#EXT-X-MAP'))!)![1]!;
        const res = await get(init);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('video/mp4');
      });

      it('refuses a rendition the asset does not have and a malformed one', async () => {
        const { release, get } = await setup();
        const g = grantOf((await release('1?dev_type=PCWEB&dev_model=web')).body.response);
        expect((await get(`/media/play/${g}/1080p/index.m3u8`)).statusCode).toBe(404);
        expect((await get(`/media/play/${g}/..%2F..%2F/index.m3u8`)).statusCode).toBe(404);
      });
    });

    describe('segments', () => {
      it('serves a signed segment with its content type, kept by the browser only', async () => {
        const { release, mediaPlaylist, get } = await setup();
        const r = (await release('1?dev_type=PCWEB&dev_model=web')).body.response;
        const [first] = segmentUrls((await mediaPlaylist(r)).lines);
        const res = await get(first!);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('video/mp2t');
        // Not `public` as a channel's: a repackaged asset rewrites the same paths (docs/media.md "Caching").
        expect(res.headers['cache-control']).toBe('private, max-age=3600');
        // Readable by a Cast receiver's page (another origin): the signed URL is the permission.
        expect(res.headers['access-control-allow-origin']).toBe('*');
        expect(res.rawPayload.equals(assets.film!.segment('360p', 0))).toBe(true);
      });

      it('refuses a segment past the preview even with a hand-made valid signature', async () => {
        const { release, mediaPlaylist, get } = await setup();
        const r = (await release('1?dev_type=PCWEB&dev_model=web')).body.response;
        const [first] = segmentUrls((await mediaPlaylist(r)).lines);
        const expires = Number(new URL(first!, 'http://x').searchParams.get('expires'));
        const path = '/media/hls/ek-1/360p/seg-00004.ts';
        const handMade = await get(signedSegmentUrl(MEDIA_SECRET, path, expires, 3));
        expect(handMade.statusCode).toBe(403);
        expect(handMade.json().response.error).toBe('past_preview');
        // Raising the limit by hand breaks the signature.
        const raised = await get(first!.replace('seg-00000', 'seg-00004').replace('lim=3', 'lim=9'));
        expect(raised.statusCode).toBe(403);
        expect(raised.json().response.error).toBe('signature_invalid');
      });

      it('refuses a missing, tampered or moved signature (403) and an expired one (410)', async () => {
        const { release, mediaPlaylist, get, t } = await setup();
        const r = (await release('1?dev_type=PCWEB&dev_model=web')).body.response;
        const [first] = segmentUrls((await mediaPlaylist(r)).lines);
        const bare = first!.split('?')[0]!;
        expect((await get(bare)).statusCode).toBe(403);
        expect((await get(first!.replace(/md5=[^&]+/, 'md5=AAAAAAAAAAAAAAAAAAAAAA'))).statusCode).toBe(403);
        expect((await get(first!.replace('seg-00000', 'seg-00001'))).statusCode).toBe(403);
        expect((await get(first!.replace('/ek-1/', `/ep-${ids.episode}/`))).statusCode).toBe(403);
        expect(
          (await get(signedSegmentUrl('another-secret-another-secret-0000', bare, 4102444800))).statusCode,
        ).toBe(403);
        t.clock.advance(PREVIEW + 31 * 60);
        const expired = await get(first!);
        expect(expired.statusCode).toBe(410);
        expect(expired.json().response.error).toBe('signature_expired');
      });
    });

    describe('keys and licences', () => {
      it('counts each playback once as an active stream, whatever its playlists and keys, refusals not', async () => {
        const metrics = new ServiceMetrics({ defaultMetrics: false });
        const { t, release, get, mediaPlaylist } = await setup({ metrics });
        const streams = async () =>
          (await metrics.registry.getSingleMetric('kadr_active_streams')!.get()).values[0]!.value;
        expect(await streams()).toBe(0);
        const first = (await release('1?dev_type=PCWEB&dev_model=web')).body.response;
        await mediaPlaylist(first);
        for (const i of [0, 1, 2])
          expect((await get(`/media/key/${grantOf(first)}/ek-1/${i}`)).statusCode).toBe(200);
        expect(await streams()).toBe(1);
        const other = await t.anonymous();
        const second = (await release('1?dev_type=PCWEB&dev_model=web', other.access_token)).body.response;
        await mediaPlaylist(second);
        expect(await streams()).toBe(2);
        // A forged grant plays nothing and counts nothing.
        expect((await get('/media/key/forged/ek-1/0')).statusCode).toBe(403);
        expect(await streams()).toBe(2);
      });

      it("serves a segment's 16-byte key with a valid grant", async () => {
        const { release, get } = await setup();
        const g = grantOf((await release('1?dev_type=PCWEB&dev_model=web')).body.response);
        const res = await get(`/media/key/${g}/ek-1/2`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.rawPayload.equals(segmentKey(assets.film!.key, 2))).toBe(true);
      });

      it("gives a preview grant the keys of the preview's segments only", async () => {
        const { release, get } = await setup();
        const g = grantOf((await release('1?dev_type=PCWEB&dev_model=web')).body.response);
        // 4 s segments, 10 s preview: segments 0–2 play, so their keys are given and no other.
        for (const i of [0, 1, 2]) expect((await get(`/media/key/${g}/ek-1/${i}`)).statusCode).toBe(200);
        for (const i of [3, 5]) {
          const res = await get(`/media/key/${g}/ek-1/${i}`);
          expect(res.statusCode).toBe(403);
          expect(res.json().response.error).toBe('past_preview');
        }
        expect((await get(`/media/key/${g}/ek-1/6`)).statusCode).toBe(404);
        expect((await get(`/media/key/${g}/ek-1/x`)).statusCode).toBe(404);
      });

      it('never hands out the asset key from which the segment keys derive, not even to a buyer', async () => {
        const { release, get, grant, guest } = await setup();
        await grant(guest.profile_id);
        const g = grantOf((await release('1?dev_type=PCWEB&dev_model=web')).body.response);
        expect((await get(`/media/key/${g}/ek-1/5`)).statusCode).toBe(200);
        const whole = await get(`/media/key/${g}/ek-1`);
        expect(whole.statusCode).toBe(404);
        expect(whole.rawPayload.equals(assets.film!.key)).toBe(false);
      });

      it('serves the whole key of an asset packaged before per-segment keys to buyers only', async () => {
        const { release, get, grant, guest, mediaPlaylist } = await setup();
        const path = `2?dev_type=PCWEB&dev_model=web&EP_id=${ids.episode}`;
        const preview = grantOf((await release(path)).body.response);
        const refused = await get(`/media/key/${preview}/ep-${ids.episode}`);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().response.error).toBe('past_preview');
        expect((await get(`/media/key/${preview}/ep-${ids.episode}/0`)).statusCode).toBe(404);
        await grant(guest.profile_id);
        const full = (await release(path)).body.response;
        const { lines } = await mediaPlaylist(full);
        expect(lines.filter((l) => l.startsWith('#EXT-X-KEY'))).toHaveLength(1);
        const whole = await get(`/media/key/${grantOf(full)}/ep-${ids.episode}`);
        expect(whole.statusCode).toBe(200);
        expect(whole.rawPayload.equals(assets.episode!.key)).toBe(true);
      });

      it("refuses a key without a grant, with a forged one, or with another title's", async () => {
        const { release, get } = await setup();
        const g = grantOf((await release('1?dev_type=PCWEB&dev_model=web')).body.response);
        const [profile, content, episode, access, pack, session, expires, signature] = g.split('.');
        const forgedFull = [profile, content, episode, 'f', pack, session, expires, signature].join('.');
        const otherTitle = [profile, '4', episode, access, pack, session, expires, signature].join('.');
        const cases: Array<[string, number]> = [
          ['/media/key/none/ek-1/0', 403],
          [`/media/key/${forgedFull}/ek-1/4`, 403],
          [`/media/key/${otherTitle}/ek-4/0`, 403],
          [`/media/key/${g}/ek-4/0`, 403],
          [`/media/key/${g}/ep-${ids.episode}/0`, 403],
        ];
        for (const [url, status] of cases) {
          const res = await get(url);
          expect({ url, status: res.statusCode }).toEqual({ url, status });
          expect(res.rawPayload.equals(segmentKey(assets.locked!.key, 0))).toBe(false);
        }
      });

      it('refuses an expired grant with 410', async () => {
        const { release, get, t } = await setup();
        const g = grantOf((await release('1?dev_type=PCWEB&dev_model=web')).body.response);
        t.clock.advance(GRANT_SECONDS);
        const res = await get(`/media/key/${g}/ek-1/0`);
        expect(res.statusCode).toBe(410);
        expect(res.json().response.error).toBe('grant_expired');
        expect((await get(`/media/play/${g}/master.m3u8`)).statusCode).toBe(410);
      });

      it("refuses another profile's grant when the request carries that viewer's token", async () => {
        const { release, get, t } = await setup();
        const g = grantOf((await release('1?dev_type=PCWEB&dev_model=web')).body.response);
        const other = await t.anonymous();
        const res = await get(`/media/key/${g}/ek-1/0`, { authorization: `Bearer ${other.access_token}` });
        expect(res.statusCode).toBe(403);
        expect(res.json().response.error).toBe('grant_foreign');
      });

      /** A W3C ClearKey licence request for `kids` (base64url) to `url`. */
      const licence = (t: Awaited<ReturnType<typeof setup>>['t'], url: string, kids: string[]) =>
        t.app.inject({
          method: 'POST',
          url,
          payload: JSON.stringify({ kids, type: 'temporary' }),
          headers: { 'content-type': 'application/octet-stream' },
        });
      /** The ClearKey film's key id of segment `i`, and the JWK a licence answers for it. */
      const kidOf = (i: number) => segmentKeyId(assets.clearkey!.key, i).toString('base64url');
      const jwkOf = (i: number) => ({
        kty: 'oct',
        kid: kidOf(i),
        k: segmentKey(assets.clearkey!.key, i).toString('base64url'),
      });
      const ALL_SEGMENTS = [0, 1, 2, 3, 4, 5];

      it("answers a preview's ClearKey licence with the keys of the preview's segments only", async () => {
        const { release, t } = await setup();
        const r = (await release('3?dev_type=PCWEB&dev_model=web')).body.response;
        expect(r.preview_timer).toBe(PREVIEW);
        // 4 s segments, 10 s preview: segments 0–2 play, so their keys are given and no other.
        const res = await licence(t, r.drm!.license_server, ALL_SEGMENTS.map(kidOf));
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.json()).toEqual({ keys: [0, 1, 2].map(jwkOf), type: 'temporary' });
        expect((await licence(t, r.drm!.license_server, [kidOf(2)])).json().keys).toEqual([jwkOf(2)]);
        for (const i of [3, 5]) {
          const past = await licence(t, r.drm!.license_server, [kidOf(i)]);
          expect(past.statusCode).toBe(403);
          expect(past.json().response.error).toBe('past_preview');
        }
        expect(res.body).not.toContain(assets.clearkey!.key.toString('base64url'));
      });

      it("answers a buyer's ClearKey licence with the key of every segment asked for", async () => {
        const { release, t, grant, guest } = await setup();
        await grant(guest.profile_id);
        const r = (await release('3?dev_type=PCWEB&dev_model=web')).body.response;
        expect(r.preview_timer).toBeNull();
        const all = await licence(t, r.drm!.license_server, ALL_SEGMENTS.map(kidOf));
        expect(all.statusCode).toBe(200);
        expect(all.json()).toEqual({ keys: ALL_SEGMENTS.map(jwkOf), type: 'temporary' });
        // One key id per fragment is what Chromium asks for: one key back.
        expect((await licence(t, r.drm!.license_server, [kidOf(5)])).json().keys).toEqual([jwkOf(5)]);
        // Key ids that are not this asset's segments' are left out.
        const mixed = await licence(t, r.drm!.license_server, [kidOf(4), 'AAAAAAAAAAAAAAAAAAAAAA', kidOf(6)]);
        expect(mixed.json().keys).toEqual([jwkOf(4)]);
      });

      it('refuses a ClearKey licence for key ids not of the asset, malformed requests and other assets', async () => {
        const { release, t, grant, guest } = await setup();
        await grant(guest.profile_id);
        const url = (await release('3?dev_type=PCWEB&dev_model=web')).body.response.drm!.license_server;
        const foreign = [
          ['AAAAAAAAAAAAAAAAAAAAAA'],
          // The key file's id (drm_id) names no segment; nor do segment 6 (there are 6) or the AES film's.
          [Buffer.from(assets.clearkey!.keyId, 'hex').toString('base64url')],
          [kidOf(6)],
          [segmentKeyId(assets.film!.key, 0).toString('base64url')],
        ];
        for (const kids of foreign) {
          const res = await licence(t, url, kids);
          expect({ kids, status: res.statusCode }).toEqual({ kids, status: 403 });
          expect(res.json().response.error).toBe('grant_foreign');
        }
        const post = (payload: string) =>
          t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
        expect((await post('not json')).statusCode).toBe(400);
        expect(
          (await post(JSON.stringify({ kids: Array.from({ length: 17 }, (_, i) => kidOf(i)) }))).statusCode,
        ).toBe(400);
        const aes = grantOf((await release('1?dev_type=PCWEB&dev_model=web')).body.response);
        expect((await licence(t, `/media/license/${aes}`, [kidOf(0)])).statusCode).toBe(404);
      });

      it('refuses the ClearKey licence of a tampered, expired or revoked grant, as it refuses its keys', async () => {
        const { release, t, grant, guest } = await setup();
        const preview = grantOf((await release('3?dev_type=PCWEB&dev_model=web')).body.response);
        const [profile, content, episode, , pack, session, expires, signature] = preview.split('.');
        const forgedFull = [profile, content, episode, 'f', pack, session, expires, signature].join('.');
        const tampered = await licence(t, `/media/license/${forgedFull}`, [kidOf(5)]);
        expect(tampered.statusCode).toBe(403);
        expect(tampered.json().response.error).toBe('grant_invalid');
        await grant(guest.profile_id);
        const full = grantOf((await release('3?dev_type=PCWEB&dev_model=web')).body.response);
        expect((await licence(t, `/media/license/${full}`, [kidOf(5)])).statusCode).toBe(200);
        await revokePackage(t.database.db, {
          profile: { profileId: guest.profile_id },
          packageId: 1,
          now: t.clock.now(),
        });
        t.clock.advance(GRANT_CHECK_SECONDS + 1);
        const revoked = await licence(t, `/media/license/${full}`, [kidOf(5)]);
        expect(revoked.statusCode).toBe(403);
        expect(revoked.json().response.error).toBe('grant_revoked');
        t.clock.advance(GRANT_SECONDS);
        const expired = await licence(t, `/media/license/${preview}`, [kidOf(0)]);
        expect(expired.statusCode).toBe(410);
        expect(expired.json().response.error).toBe('grant_expired');
      });

      it('answers the one key of a ClearKey asset packaged before per-segment keys to buyers only', async () => {
        const old = writeFixtureAsset(dataDir, 'ek-3', { encryption: 'cenc-clearkey', assetKey: true });
        try {
          const { release, t, grant, guest } = await setup();
          const kid = Buffer.from(old.keyId, 'hex').toString('base64url');
          const preview = (await release('3?dev_type=PCWEB&dev_model=web')).body.response;
          const refused = await licence(t, preview.drm!.license_server, [kid]);
          expect(refused.statusCode).toBe(403);
          expect(refused.json().response.error).toBe('past_preview');
          await grant(guest.profile_id);
          const full = (await release('3?dev_type=PCWEB&dev_model=web')).body.response;
          const res = await licence(t, full.drm!.license_server, [kid]);
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual({
            keys: [{ kty: 'oct', kid, k: old.key.toString('base64url') }],
            type: 'temporary',
          });
          expect((await licence(t, full.drm!.license_server, ['AAAAAAAAAAAAAAAAAAAAAA'])).statusCode).toBe(
            403,
          );
        } finally {
          assets.clearkey = writeFixtureAsset(dataDir, 'ek-3', { encryption: 'cenc-clearkey' });
        }
      });
    });

    describe('grants bound to the session and the entitlement', () => {
      it('lives minutes, not hours: a leaked playlist URL is refused once GRANT_SECONDS passed', async () => {
        const { release, get, grant, guest, t } = await setup();
        await grant(guest.profile_id);
        const r = (await release('1?dev_type=PCWEB&dev_model=web')).body.response;
        expect(r.expires_in).toBe(GRANT_SECONDS);
        expect(GRANT_SECONDS).toBeLessThanOrEqual(10 * 60);
        t.clock.advance(GRANT_SECONDS);
        expect((await get(r.content_url)).statusCode).toBe(410);
        expect((await get(`/media/key/${grantOf(r)}/ek-1/0`)).statusCode).toBe(410);
      });

      it('lives PLAYBACK_GRANT_SECONDS when set', async () => {
        const t = await api.setup({ DATA_DIR: dataDir, MEDIA_SECRET, PLAYBACK_GRANT_SECONDS: '45' });
        const guest = await t.anonymous();
        const r = (
          await t.call<Release>('GET', '/web/1/releases/1?dev_type=PCWEB&dev_model=web', {
            token: guest.access_token,
          })
        ).body.response;
        expect(r.expires_in).toBe(45);
        t.clock.advance(44);
        expect((await t.app.inject({ method: 'GET', url: r.content_url })).statusCode).toBe(200);
        t.clock.advance(1);
        expect((await t.app.inject({ method: 'GET', url: r.content_url })).statusCode).toBe(410);
      });

      it("keeps the playlist's segment URLs working past the grant, so a renewed player plays on", async () => {
        const { release, get, grant, guest, mediaPlaylist, t } = await setup();
        await grant(guest.profile_id);
        const first = (await release('1?dev_type=PCWEB&dev_model=web')).body.response;
        const urls = segmentUrls((await mediaPlaylist(first)).lines);
        t.clock.advance(GRANT_SECONDS + 60);
        // The renewal: a new release, whose grant opens the next keys; the old segment URLs still serve.
        const renewed = (await release('1?dev_type=PCWEB&dev_model=web')).body.response;
        expect((await get(urls[5]!)).statusCode).toBe(200);
        expect((await get(`/media/key/${grantOf(renewed)}/ek-1/5`)).statusCode).toBe(200);
      });

      // With SESSION_CACHE_TTL=0 too: no live session is trusted from memory, but a logout is still
      // known at once here (the guard would otherwise trust its last check for GRANT_CHECK_SECONDS).
      for (const env of [{}, { SESSION_CACHE_TTL: '0' }] as Record<string, string>[])
        it(`stops at the next key or playlist request after the viewer logs out (${JSON.stringify(env)})`, async () => {
          const { release, get, grant, t } = await setup({ env });
          const viewer = await t.signIn('79001112233');
          await grant(viewer.profile_id);
          const r = (await release('1?dev_type=PCWEB&dev_model=web', viewer.access_token)).body.response;
          expect(r.preview_timer).toBeNull();
          const g = grantOf(r);
          expect((await get(`/media/key/${g}/ek-1/0`)).statusCode).toBe(200);
          expect(
            (await t.call('POST', '/v1/agregator/logout', { body: {}, token: viewer.access_token })).status,
          ).toBe(200);
          for (const url of [`/media/key/${g}/ek-1/1`, r.content_url, `/media/play/${g}/360p/index.m3u8`]) {
            const res = await get(url);
            expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
            expect(res.json().response.error).toBe('grant_revoked');
          }
        });

      it("stops a guest's grant once the guest's anonymous session ended by signing in", async () => {
        const { t, get } = await setup();
        const device = 'web_playbackguest0001';
        const guest = await t.anonymous(device);
        const r = (
          await t.call<Release>('GET', '/web/1/releases/1?dev_type=PCWEB&dev_model=web', {
            token: guest.access_token,
          })
        ).body.response;
        expect((await get(`/media/key/${grantOf(r)}/ek-1/0`)).statusCode).toBe(200);
        await t.signIn('79001112244', device);
        t.clock.advance(GRANT_CHECK_SECONDS + 1);
        expect((await get(`/media/key/${grantOf(r)}/ek-1/1`)).statusCode).toBe(403);
      });

      it('stops a full grant within GRANT_CHECK_SECONDS of the package being revoked', async () => {
        const { release, get, grant, guest, t } = await setup();
        await grant(guest.profile_id);
        const g = grantOf((await release('1?dev_type=PCWEB&dev_model=web')).body.response);
        expect((await get(`/media/key/${g}/ek-1/0`)).statusCode).toBe(200);
        await revokePackage(t.database.db, {
          profile: { profileId: guest.profile_id },
          packageId: 1,
          now: t.clock.now(),
        });
        t.clock.advance(GRANT_CHECK_SECONDS + 1);
        const res = await get(`/media/key/${g}/ek-1/1`);
        expect(res.statusCode).toBe(403);
        expect(res.json().response.error).toBe('grant_revoked');
        // The renewal then gets the preview, whose keys end with it.
        const renewed = (await release('1?dev_type=PCWEB&dev_model=web')).body.response;
        expect(renewed.preview_timer).toBe(PREVIEW);
        expect((await get(`/media/key/${grantOf(renewed)}/ek-1/4`)).statusCode).toBe(403);
      });
    });

    describe('path traversal', () => {
      it('never serves a file outside the media store or anything unsigned', async () => {
        const { release, get } = await setup();
        const g = grantOf((await release('1?dev_type=PCWEB&dev_model=web')).body.response);
        const attempts = [
          '/media/hls/ek-1/master.m3u8',
          '/media/hls/ek-1/360p/index.m3u8',
          '/media/hls/ek-1/meta.json',
          '/media/keys/ek-1.key',
          '/media/../keys/ek-1.key',
          '/media/hls/..%2F..%2Fkeys/360p/seg-00000.ts',
          '/media/hls/ek-1/360p/..%2F..%2F..%2Fkeys%2Fek-1.key',
          '/media/hls/ek-1/..%2F..%2F..%2Fkeys/ek-1.key',
          '/media/hls/%2Fetc%2Fpasswd/360p/seg-00000.ts',
          '/media/hls/ek-1/360p/%2Fetc%2Fpasswd',
          '/media/hls/ek-01/360p/seg-00000.ts',
          `/media/key/${g}/..%2Fek-1`,
          `/media/key/${g}/%2Fek-1`,
          `/media/play/${g}/..%2F..%2F..%2Fkeys/index.m3u8`,
          '/media/images/..%2Fhls%2Fek-1%2Fmaster.m3u8',
          '/media/images/../hls/ek-1/master.m3u8',
          '/media/images/%2E%2E/%2E%2E/keys/ek-1.key',
        ];
        for (const url of attempts) {
          const res = await get(url);
          expect({ url, refused: res.statusCode >= 400 && res.statusCode < 500 }).toEqual({
            url,
            refused: true,
          });
          expect(res.rawPayload.equals(assets.film!.key)).toBe(false);
          expect(res.body).not.toContain('#EXTM3U');
        }
      });

      it('still serves catalogue images and the public poster frame', async () => {
        const { get } = await setup();
        const poster = await get('/media/hls/ek-1/poster.jpg');
        expect(poster.statusCode).toBe(200);
        expect(poster.headers['content-type']).toBe('image/jpeg');
      });
    });
  });
}
