import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channels, contents } from '../../db/schema';
import { errorReply } from '../../errors';
import { backends, useApi } from '../../test/harness';
import { clearSwitch, setSwitch } from './queries';
import { CONFIG_MAX_AGE, SWITCH_MAX_AGE } from './routes';

const NOW = new Date('2030-01-15T10:00:00Z');
const RESERVE = 'https://reserve.kadr.example/embed/v1/config/film/1.json';
const GLOBAL_RESERVE = 'https://reserve.kadr.example/global.json';

/** The error envelope the api answers for `id`, as a test reads it. */
const envelopeOf = (id: Parameters<typeof errorReply>[0]) => errorReply(id).body;

for (const backend of backends) {
  describe.skipIf(!backend.available)(`embed configs and switches (${backend.name})`, () => {
    const api = useApi(backend);
    // Ids of the rows written once for the suite.
    const ids = { film: 0, series: 0, show: 0, unpublished: 0, channelTitle: 0, channel: 0, freeChannel: 0 };
    const hiddenChannel = { id: 0 };

    beforeAll(async () => {
      if (!backend.available) return;
      const { db } = api.database;
      const [channel, free, hidden] = await db
        .insert(channels)
        .values([
          {
            key: 'embed-ch-1',
            name: 'Первый кадр',
            logoUrl: '/media/images/channels/first.svg',
            searchText: 'первый',
          },
          {
            key: 'embed-ch-2',
            name: 'Свободный',
            logoUrl: 'https://cdn.kadr.example/free.png',
            searchText: 'свободный',
          },
          {
            key: 'embed-ch-3',
            name: 'Скрытый',
            logoUrl: '/media/images/channels/hidden.svg',
            searchText: 'скрытый',
          },
        ])
        .returning({ id: channels.id });
      const item = (key: string, type: 'film' | 'series' | 'tvshow' | 'channel', extra = {}) => ({
        key,
        type,
        title: `Заголовок ${key}`,
        description: '',
        posterUrl: `/media/images/posters/${key}.svg`,
        vendorId: `vendor-${key}`,
        searchText: key,
        ...extra,
      });
      const rows = await db
        .insert(contents)
        .values([
          item('embed-film', 'film'),
          item('embed-series', 'series', { posterUrl: 'https://cdn.kadr.example/series.jpg' }),
          item('embed-show', 'tvshow'),
          item('embed-unpublished', 'film', { vendorId: null }),
          item('embed-channel-title', 'channel', { channelId: channel!.id }),
          item('embed-hidden-title', 'channel', { channelId: hidden!.id, vendorId: null }),
        ])
        .returning({ id: contents.id });
      [ids.film, ids.series, ids.show, ids.unpublished, ids.channelTitle] = rows.map((row) => row.id) as [
        number,
        number,
        number,
        number,
        number,
      ];
      ids.channel = channel!.id;
      ids.freeChannel = free!.id;
      hiddenChannel.id = hidden!.id;
    });
    beforeEach(async () => {
      if (backend.available) await api.database.db.execute(sql`delete from embed_switches`);
    });

    const get = async (
      url: string,
      env: Record<string, string> = {},
      headers: Record<string, string> = {},
    ) => {
      const t = await api.setup(env);
      const res = await t.app.inject({ method: 'GET', url, headers });
      return { status: res.statusCode, body: res.json(), headers: res.headers };
    };

    describe('configs', () => {
      it('serves a film: vod, its EK_id and type, title and the poster made absolute', async () => {
        const res = await get(`/embed/v1/config/film/${ids.film}.json`, {}, { host: 'kadr.example' });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          version: 1,
          kind: 'vod',
          content: { EK_id: ids.film, type: 'film' },
          title: 'Заголовок embed-film',
          poster: 'http://kadr.example/media/images/posters/embed-film.svg',
          live: false,
        });
        expect(res.headers['cache-control']).toBe(`public, max-age=${CONFIG_MAX_AGE}`);
        expect(res.headers['access-control-allow-origin']).toBe('*');
      });

      it('serves a series and a show under /series/, keeping an absolute poster as it is', async () => {
        const series = await get(`/embed/v1/config/series/${ids.series}.json`);
        expect(series.status).toBe(200);
        expect(series.body).toMatchObject({
          kind: 'vod',
          content: { EK_id: ids.series, type: 'series' },
          poster: 'https://cdn.kadr.example/series.jpg',
          live: false,
        });
        const show = await get(`/embed/v1/config/series/${ids.show}.json`);
        expect(show.status).toBe(200);
        expect(show.body.content).toEqual({ EK_id: ids.show, type: 'tvshow' });
      });

      it('takes the origin of a proxied request from X-Forwarded-* when TRUST_PROXY says so', async () => {
        const res = await get(
          `/embed/v1/config/film/${ids.film}.json`,
          { TRUST_PROXY: 'true' },
          { host: 'internal:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'kadr.ru' },
        );
        expect(res.body.poster).toBe('https://kadr.ru/media/images/posters/embed-film.svg');
      });

      it('answers 404 no_content for an unknown id, a type the route does not serve, or an id past 32 bits', async () => {
        for (const url of [
          '/embed/v1/config/film/999999.json',
          `/embed/v1/config/film/${ids.series}.json`,
          `/embed/v1/config/series/${ids.film}.json`,
          `/embed/v1/config/film/${ids.channelTitle}.json`,
          '/embed/v1/config/film/9999999999.json',
        ]) {
          const res = await get(url);
          expect({ url, status: res.status, body: res.body }).toEqual({
            url,
            status: 404,
            body: envelopeOf('no_content'),
          });
          expect(res.headers['access-control-allow-origin']).toBe('*');
          expect(res.headers['cache-control']).toBe('no-store');
        }
      });

      it('answers 404 no_vendor for a title without a vendor (not published)', async () => {
        const res = await get(`/embed/v1/config/film/${ids.unpublished}.json`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual(envelopeOf('no_vendor'));
      });

      it('answers 400 for a malformed id', async () => {
        for (const file of [
          'abc.json',
          '42',
          '042.json',
          '0.json',
          '-1.json',
          '42.xml',
          '4.2.json',
          '42.JSON',
        ]) {
          for (const kind of ['film', 'series', 'channel']) {
            const res = await get(`/embed/v1/config/${kind}/${file}`);
            expect({ file, kind, status: res.status }).toEqual({ file, kind, status: 400 });
            expect(res.body).toMatchObject({
              code: 400,
              success: false,
              response: { error: 'validation_error' },
            });
            expect(res.headers['access-control-allow-origin']).toBe('*');
          }
        }
      });

      it('serves a channel: live, its tv_channel_id, name and logo', async () => {
        const res = await get(`/embed/v1/config/channel/${ids.channel}.json`, {}, { host: 'kadr.example' });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          version: 1,
          kind: 'live',
          content: { tv_channel_id: ids.channel, type: 'channel' },
          title: 'Первый кадр',
          poster: 'http://kadr.example/media/images/channels/first.svg',
          live: true,
        });
        expect(res.headers['cache-control']).toBe(`public, max-age=${CONFIG_MAX_AGE}`);
        expect(res.headers['access-control-allow-origin']).toBe('*');
        // A channel no title sells is free, and served.
        const free = await get(`/embed/v1/config/channel/${ids.freeChannel}.json`);
        expect(free.status).toBe(200);
        expect(free.body.poster).toBe('https://cdn.kadr.example/free.png');
      });

      it('answers 404 channel_not_found for an unknown channel or one whose title has no vendor', async () => {
        for (const id of [999999, hiddenChannel.id, 9999999999]) {
          const res = await get(`/embed/v1/config/channel/${id}.json`);
          expect({ id, status: res.status, body: res.body }).toEqual({
            id,
            status: 404,
            body: envelopeOf('channel_not_found'),
          });
        }
      });
    });

    describe('status and flag', () => {
      const state = async (content?: string) => {
        const query = content === undefined ? '' : `?content=${encodeURIComponent(content)}`;
        const status = await get(`/embed/v1/status${query}`);
        const flag = await get(`/embed/v1/flag${query}`);
        expect([status.status, flag.status]).toEqual([200, 200]);
        for (const res of [status, flag]) {
          expect(res.headers['cache-control']).toBe(`public, max-age=${SWITCH_MAX_AGE}`);
          expect(res.headers['access-control-allow-origin']).toBe('*');
        }
        return { status: status.body, flag: flag.body };
      };

      it('answers no lock and no reserve when nothing is set, globally and per content', async () => {
        const none = { status: { result: { lock: false } }, flag: { result: { vlight_url: null } } };
        expect(await state()).toEqual(none);
        expect(await state('film-42')).toEqual(none);
        expect(await state('channel-3')).toEqual(none);
      });

      it('applies the global row to every content', async () => {
        await setSwitch(api.database.db, 'global', { locked: true, reserveUrl: GLOBAL_RESERVE }, NOW);
        const all = { status: { result: { lock: true } }, flag: { result: { vlight_url: GLOBAL_RESERVE } } };
        expect(await state()).toEqual(all);
        expect(await state('film-42')).toEqual(all);
        expect(await state('series-7')).toEqual(all);
      });

      it("prefers a content's own settings, each one falling back to the global row when not set", async () => {
        const { db } = api.database;
        await setSwitch(db, 'global', { locked: true, reserveUrl: GLOBAL_RESERVE }, NOW);
        await setSwitch(db, 'film-42', { locked: false }, NOW);
        await setSwitch(db, 'channel-3', { reserveUrl: RESERVE }, NOW);
        expect(await state('film-42')).toEqual({
          status: { result: { lock: false } },
          flag: { result: { vlight_url: GLOBAL_RESERVE } },
        });
        expect(await state('channel-3')).toEqual({
          status: { result: { lock: true } },
          flag: { result: { vlight_url: RESERVE } },
        });
        // Another content, and no content at all, see the global row only.
        expect((await state('film-43')).status).toEqual({ result: { lock: true } });
        expect((await state()).flag).toEqual({ result: { vlight_url: GLOBAL_RESERVE } });
        // A content's own lock without a global row.
        await clearSwitch(db, 'global');
        await setSwitch(db, 'series-7', { locked: true }, NOW);
        expect((await state('series-7')).status).toEqual({ result: { lock: true } });
        expect((await state('film-42')).status).toEqual({ result: { lock: false } });
        expect((await state()).status).toEqual({ result: { lock: false } });
      });

      it('answers 400 for an invalid content name', async () => {
        for (const content of [
          '',
          'film',
          'film-',
          'film-0',
          'film-042',
          'FILM-42',
          'movie-42',
          'tvshow-42',
          'global',
          'film-42 ',
          'film-4x',
          'film-9999999999',
        ]) {
          for (const path of ['status', 'flag']) {
            const res = await get(`/embed/v1/${path}?content=${encodeURIComponent(content)}`);
            expect({ content, path, status: res.status }).toEqual({ content, path, status: 400 });
            expect(res.body).toMatchObject({
              code: 400,
              success: false,
              response: { error: 'validation_error' },
            });
            expect(res.headers['access-control-allow-origin']).toBe('*');
            expect(res.headers['cache-control']).toBe('no-store');
          }
        }
      });
    });

    describe('CORS', () => {
      it('lets any origin read the embed routes, and no other route', async () => {
        const origin = { origin: 'https://partner.example' };
        for (const url of ['/embed/v1/status', '/embed/v1/flag?content=film-1']) {
          const res = await get(url, {}, origin);
          expect(res.headers['access-control-allow-origin']).toBe('*');
          expect(res.headers['access-control-allow-credentials']).toBeUndefined();
        }
        for (const url of ['/healthz', '/web/1/auth/web_embedcorsdevice001', '/embed/v1/nothing']) {
          const res = await get(url, {}, origin);
          expect({ url, acao: res.headers['access-control-allow-origin'] }).toEqual({ url, acao: undefined });
        }
      });

      it('keeps the allow-list of the API paths when CORS_ORIGINS is set', async () => {
        const env = { CORS_ORIGINS: 'https://app.partner.ru' };
        const listed = await get('/web/1/auth/web_embedcorsdevice002', env, {
          origin: 'https://app.partner.ru',
        });
        expect(listed.headers['access-control-allow-origin']).toBe('https://app.partner.ru');
        const other = await get('/web/1/auth/web_embedcorsdevice003', env, {
          origin: 'https://partner.example',
        });
        expect(other.headers['access-control-allow-origin']).toBeUndefined();
        const embed = await get(`/embed/v1/config/film/${ids.film}.json`, env, {
          origin: 'https://partner.example',
        });
        expect(embed.status).toBe(200);
        expect(embed.headers['access-control-allow-origin']).toBe('*');
        // The allow-list plugin leaves the embed routes alone: no Vary: Origin to split a CDN's cache.
        expect(String(embed.headers.vary ?? '')).not.toMatch(/origin/i);
      });
    });
  });
}
