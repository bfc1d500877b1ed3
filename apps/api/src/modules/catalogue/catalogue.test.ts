import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isApiError } from '@kadr/api-client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixtureCatalogue } from '../../test/catalogue-fixture';
import { anonymousClient, backends, pgliteBackend, useApi } from '../../test/harness';
import { CatalogueService } from './service';
import { CatalogueVersion, VERSION_CHECK_MS } from './version';

// db.execute() answers differ per driver; both carry `rows`.
async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}

const IMAGE = /^\/media\/images\/[a-z-]+\/[a-z0-9-]+\.(svg|png)$/;

for (const backend of backends) {
  describe.skipIf(!backend.available)(`catalogue calls (${backend.name})`, () => {
    const api = useApi(backend);
    const dataDir = mkdtempSync(join(tmpdir(), 'kadr-catalogue-'));

    beforeAll(async () => {
      if (!backend.available) return;
      await loadFixtureCatalogue(
        api.database.db,
        join(dataDir, 'media', 'images'),
        new Date('2030-01-15T10:00:00Z'),
      );
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    async function setup() {
      const t = await api.setup({ DATA_DIR: dataDir });
      const { access_token: token } = await t.anonymous();
      const get = <R = Record<string, unknown>>(url: string) => t.call<R>('GET', url, { token });
      const post = <R = Record<string, unknown>>(url: string, body: unknown) =>
        t.call<R>('POST', url, { token, body });
      return { t, token, get, post };
    }

    const rails = (query: string) => `/web/1/collections?${query}`;

    it('lists the home rails in order, banner first, capped by RB_teaser_count and RB_queue_count', async () => {
      const { get } = await setup();
      const res = await get<{
        collections: Array<{ RB_id: number; RB_type: string; EKs: Array<{ EK_id: number }> }>;
      }>(rails('tab_id=Main2&RB_queue_count=3&RB_teaser_count=2'));
      expect(res.status).toBe(200);
      const shape = res.body.response.collections.map((c) => ({
        RB_id: c.RB_id,
        RB_type: c.RB_type,
        ids: c.EKs.map((e) => e.EK_id),
      }));
      // The empty rail «Скоро» is left out.
      expect(shape).toEqual([
        { RB_id: 1, RB_type: 'banner', ids: [1, 2] },
        { RB_id: 2, RB_type: 'queue', ids: [2, 3, 4] },
      ]);
    });

    it('answers film cards with genre, year, sticker, poster and banner', async () => {
      const { get } = await setup();
      const res = await get<{
        collections: Array<{ RB_title: string; EKs: Array<Record<string, unknown>> }>;
      }>(rails('tab_id=Main2&RB_queue_count=15&RB_teaser_count=15'));
      const [hero] = res.body.response.collections;
      expect(hero!.RB_title).toBe('Премьеры недели');
      expect(hero!.EKs[0]).toEqual({
        EK_id: 1,
        EK_title: 'Тихий дом',
        genre: 'Драма',
        year: 2021,
        sticker_image_url: expect.stringMatching(IMAGE),
        thumb_poster_url: expect.stringMatching(/\/titles\/tikhiy-dom-poster-[0-9a-f]{12}\.png$/),
        thumb_banner_url: expect.stringMatching(IMAGE),
      });
      expect(hero!.EKs[1]).toMatchObject({ EK_id: 2, sticker_image_url: null, genre: 'Драма', year: 2023 });
    });

    it('lists the TV tab: a channel rail and a queue of channel-type content', async () => {
      const { get } = await setup();
      const res = await get(rails('tab_id=tv_channels_tab&RB_queue_count=40&RB_teaser_count=40'));
      expect(res.body.response).toEqual({
        collections: [
          {
            RB_id: 4,
            RB_title: 'Телеканалы',
            RB_type: 'tv_channels',
            EKs: [
              { tv_channel_id: 1, chan_name: 'Кадр Новости', chan_poster_url: expect.stringMatching(IMAGE) },
              { tv_channel_id: 2, chan_name: 'Кадр Кино', chan_poster_url: expect.stringMatching(IMAGE) },
            ],
          },
          {
            RB_id: 5,
            RB_title: 'Прямой эфир',
            RB_type: 'queue',
            EKs: [expect.objectContaining({ EK_id: 5 })],
          },
        ],
      });
    });

    it('lists the search recommendations and nothing for an unknown tab', async () => {
      const { get } = await setup();
      const search = await get<{ collections: Array<{ RB_id: number }> }>(rails('tab_id=search'));
      expect(search.body.response.collections.map((c) => c.RB_id)).toEqual([2]);
      const unknown = await get(rails('tab_id=Main3&RB_queue_count=15&RB_teaser_count=15'));
      expect(unknown.body).toEqual({ code: 200, success: true, response: { collections: [] } });
    });

    it('answers the same rails, serialized once, to every request', async () => {
      const { t, token } = await setup();
      const get = () =>
        t.app.inject({
          method: 'GET',
          url: rails('tab_id=Main2&RB_queue_count=3&RB_teaser_count=2'),
          headers: { authorization: `Bearer ${token}` },
        });
      const [first, second] = await Promise.all([get(), get()]);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(second.body).toBe(first.body);
      expect(first.json()).toMatchObject({ code: 200, success: true });
    });

    it('answers rails from memory until the catalogue version changes (an import)', async () => {
      const { t } = await setup();
      const db = t.database.db;
      let ms = Date.parse('2030-01-15T10:00:00Z');
      const catalogue = new CatalogueService(db, { clock: { now: () => new Date(ms) } });
      const titles = async () => (await catalogue.collections('Main2', 2, 3)).map((c) => c.RB_title);
      const before = await titles();
      const [first] = await rowsOf<{ id: number; title: string }>(
        db.execute(sql`select id, title from collections order by id limit 1`),
      );
      if (!first) throw new Error('the fixture has no rails');
      try {
        await db.execute(sql`update collections set title = 'Переименована' where id = ${first.id}`);
        ms += VERSION_CHECK_MS - 1;
        expect(await titles()).toEqual(before);
        ms += 1;
        expect(await titles()).toContain('Переименована');
      } finally {
        await db.execute(sql`update collections set title = ${first.title} where id = ${first.id}`);
      }
    });

    it('reads the rails again when the version cannot be read, and fails like the query would', async () => {
      const { t } = await setup();
      const failing = new CatalogueVersion(t.database.db);
      failing.current = () => Promise.reject(new Error('database unavailable'));
      const catalogue = new CatalogueService(t.database.db, { version: failing });
      await expect(catalogue.collections('Main2', 2, 3)).rejects.toThrow('database unavailable');
    });

    it('refuses rail sizes out of range and a malformed tab with 400', async () => {
      const { get } = await setup();
      for (const query of [
        'tab_id=Main2&RB_queue_count=0',
        'tab_id=Main2&RB_teaser_count=101',
        'tab_id=Main2&RB_queue_count=abc',
        'tab_id=Main%202',
        'tab_id=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
        'tab_id=%3Cb%3EMain2%3C%2Fb%3E',
        'RB_queue_count=15',
      ]) {
        const res = await get(rails(query));
        expect(res.status, query).toBe(400);
        expect(res.body, query).toMatchObject({
          code: 400,
          success: false,
          response: { error: 'validation_error' },
        });
      }
    });

    it('answers without a session as to a new visitor, but refuses a bad token (decision 047)', async () => {
      const { t } = await setup();
      const res = await t.call('GET', '/web/2/contents/1');
      expect(res.status).toBe(200);
      expect(res.body.response).toMatchObject({ EK_id: 1 });
      const forged = await t.call('GET', '/web/2/contents/1', { token: 'not-a-token' });
      expect(forged.body.code).toBe(910);
    });

    it('answers a film: details, trailer, goods and similar titles, without seasons', async () => {
      const { get } = await setup();
      const res = await get('/web/2/contents/1');
      expect(res.status).toBe(200);
      expect(res.body.response).toEqual({
        EK_id: 1,
        EK_type: 'film',
        EK_title: 'Тихий дом',
        EK_description: 'Семья переезжает в старый дом у озера.',
        thumb_wide_poster_url: expect.stringMatching(IMAGE),
        thumb_logotype_url: expect.stringMatching(IMAGE),
        kp_rating: 7.4,
        year: 2021,
        genre: 'Драма, Триллер',
        country: 'Россия',
        age_rating: 16,
        created_at: '2030-01-15T10:00:00.000Z',
        seasons: null,
        episodes: [],
        trailer_episode: { EP_id: 1 },
        content_url: null,
        lastLoadSeasonID: null,
        goods: expect.objectContaining({
          vendor_id: 'tikhiy-dom',
          is_preview: true,
          is_bought: false,
          status: 'not_purchased',
          partner_label: null,
        }),
        similar: [expect.objectContaining({ EK_id: 4 }), expect.objectContaining({ EK_id: 2 })],
      });
    });

    it('answers a series with its seasons and the episodes of the last one', async () => {
      const { get } = await setup();
      const res = await get<Record<string, unknown>>('/web/2/contents/2');
      expect(res.body.response).toMatchObject({
        EK_type: 'TVShow',
        seasons: [
          { season_id: 1, season_number: 1 },
          { season_id: 2, season_number: 2 },
        ],
        lastLoadSeasonID: 2,
        trailer_episode: null,
        goods: { partner_label: 'Оригинальный сериал Кадра', is_preview: false },
      });
      expect(res.body.response.episodes).toEqual([
        {
          EP_id: 4,
          EP_title: 'Возвращение',
          EP_order_number: 1,
          poster_url: expect.stringMatching(IMAGE),
          is_announce: false,
          season_number: 2,
        },
        expect.objectContaining({ EP_id: 5, EP_title: 'Свадьба', EP_order_number: 2, is_announce: true }),
      ]);
    });

    it('answers channel-type content as TVChan and a TV show as TVShow', async () => {
      const { get } = await setup();
      expect((await get('/web/2/contents/5')).body.response).toMatchObject({
        EK_type: 'TVChan',
        seasons: null,
      });
      expect((await get('/web/2/contents/6')).body.response).toMatchObject({
        EK_type: 'TVShow',
        lastLoadSeasonID: 3,
      });
    });

    it('answers code 900 for unknown content and 400 for an id that is not a number', async () => {
      const { get } = await setup();
      const unknown = await get('/web/2/contents/999');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({
        code: 900,
        success: false,
        response: { error: 'no_content', message: 'Контент не найден' },
      });
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        const bad = await get(`/web/2/contents/${id}`);
        expect(bad.status, id).toBe(400);
        expect(bad.body.code, id).toBe(400);
      }
    });

    it("answers code 900 'vendor_id отсутствует' for content without a vendor", async () => {
      const { t, get } = await setup();
      await t.database.db.execute(sql`update contents set vendor_id = null where id = 3`);
      try {
        const res = await get('/web/2/contents/3');
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({
          code: 900,
          response: { error: 'no_vendor', message: 'vendor_id отсутствует' },
        });
        // Nor is it offered as similar content.
        const similar = await get<{ items: Array<{ EK_id: number }> }>('/web/1/contents/6/similar');
        expect(similar.body.response.items.map((i) => i.EK_id)).toEqual([]);
      } finally {
        await t.database.db.execute(sql`update contents set vendor_id = 'vesyolye-kanikuly' where id = 3`);
      }
    });

    it("answers a season's episodes, and not found for a season of another title", async () => {
      const { get } = await setup();
      const res = await get('/web/2/seasons/1/episodes?EK_id=2');
      expect(res.body.response).toEqual({
        season_id: 1,
        season_number: 1,
        episodes: [
          expect.objectContaining({ EP_id: 2, EP_title: 'Приезд', EP_order_number: 1, season_number: 1 }),
          expect.objectContaining({ EP_id: 3, EP_title: 'Общежитие', EP_order_number: 2, season_number: 1 }),
        ],
      });
      const other = await get('/web/2/seasons/3/episodes?EK_id=2');
      expect(other.status).toBe(404);
      expect(other.body).toEqual({
        code: 404,
        success: false,
        response: { error: 'season_not_found', message: 'Сезон 3 не найден у контента 2' },
      });
      expect((await get('/web/2/seasons/999/episodes?EK_id=2')).status).toBe(404);
      expect((await get('/web/2/seasons/1/episodes')).status).toBe(400);
      expect((await get('/web/2/seasons/x/episodes?EK_id=2')).status).toBe(400);
    });

    it('refuses a season episodes call whose EK_id is not a number with 400', async () => {
      const { get } = await setup();
      for (const ekId of ['abc', '0', '2.5']) {
        const res = await get(`/web/2/seasons/1/episodes?EK_id=${ekId}`);
        expect(res.status, ekId).toBe(400);
        expect(res.body, ekId).toMatchObject({ code: 400, response: { error: 'validation_error' } });
      }
    });

    it('answers the season holding an episode; not found for a trailer or an unknown episode', async () => {
      const { post } = await setup();
      const res = await post('/v1/agregator/getSeasonByEpisodeId', { EP_id: 5 });
      expect(res.body.response).toMatchObject({
        season_id: 2,
        season_number: 2,
        episodes: [{ EP_id: 4 }, { EP_id: 5 }],
      });
      for (const EP_id of [1, 999]) {
        const missing = await post('/v1/agregator/getSeasonByEpisodeId', { EP_id });
        expect(missing.status).toBe(404);
        expect(missing.body).toMatchObject({ code: 404, response: { error: 'episode_not_found' } });
      }
      for (const body of [{}, { EP_id: '5' }, { EP_id: 0 }]) {
        expect((await post('/v1/agregator/getSeasonByEpisodeId', body)).status).toBe(400);
      }
    });

    it('pages similar titles: same genres first, never itself or channels', async () => {
      const { get } = await setup();
      const all = await get<{ items: Array<{ EK_id: number }> }>(
        '/web/1/contents/1/similar?page_number=0&limit=30',
      );
      expect(all.body.response.items.map((i) => i.EK_id)).toEqual([4, 2]);
      const second = await get<{ items: Array<{ EK_id: number }> }>(
        '/web/1/contents/1/similar?page_number=1&limit=1',
      );
      expect(second.body.response.items.map((i) => i.EK_id)).toEqual([2]);
      const beyond = await get('/web/1/contents/1/similar?page_number=50&limit=30');
      expect(beyond.body.response).toEqual({ items: [] });
      const comedy = await get<{ items: Array<{ EK_id: number }> }>('/web/1/contents/3/similar');
      expect(comedy.body.response.items.map((i) => i.EK_id)).toEqual([6]);
    });

    it('refuses similar pages out of range with 400 and unknown content with 900', async () => {
      const { get } = await setup();
      for (const query of ['limit=0', 'limit=101', 'page_number=-1', 'page_number=x', 'page_number=10001']) {
        const res = await get(`/web/1/contents/1/similar?${query}`);
        expect(res.status, query).toBe(400);
        expect(res.body, query).toMatchObject({ code: 400, response: { error: 'validation_error' } });
      }
      expect((await get('/web/1/contents/999/similar')).body).toMatchObject({ code: 900 });
    });

    it('refuses similar titles of an id that is not a number with 400', async () => {
      const { get } = await setup();
      for (const id of ['abc', '0', '1.5']) {
        const res = await get(`/web/1/contents/${id}/similar`);
        expect(res.status, id).toBe(400);
        expect(res.body, id).toMatchObject({ code: 400, response: { error: 'validation_error' } });
      }
    });

    it('serves catalogue images under /media/ with year-long caching', async () => {
      const { t, get } = await setup();
      const content = await get<{ thumb_wide_poster_url: string }>('/web/2/contents/1');
      const res = await t.app.inject({ method: 'GET', url: content.body.response.thumb_wide_poster_url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.body).toContain('<svg');
      const missing = await t.app.inject({ method: 'GET', url: '/media/images/titles/nope.svg' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 404, success: false });
    });
  });
}

// The web's own client against a listening server: typed calls, and code 900 as an ApiError.
describe('catalogue through @kadr/api-client (PGlite)', () => {
  const api = useApi(pgliteBackend);
  const dataDir = mkdtempSync(join(tmpdir(), 'kadr-catalogue-'));

  beforeAll(async () => {
    await loadFixtureCatalogue(api.database.db, join(dataDir, 'media', 'images'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('loads the home rails, a content card, its season and similar titles', async () => {
    const t = await api.setup({ DATA_DIR: dataDir });
    const { client } = await anonymousClient(t.app, 'web_catalogueclient01');

    const home = await client.call('getCollections', {
      query: { tab_id: 'Main2', RB_queue_count: 15, RB_teaser_count: 15 },
    });
    expect(home.collections.map((c) => c.RB_type)).toEqual(['banner', 'queue']);
    const series = await client.call('getContent', { params: { id: 2 } });
    expect(series.lastLoadSeasonID).toBe(2);
    const first = await client.call('getSeasonEpisodes', { params: { season_id: 1 }, query: { EK_id: 2 } });
    expect(first.episodes.map((e) => e.EP_title)).toEqual(['Приезд', 'Общежитие']);
    const similar = await client.call('getSimilar', {
      params: { id: 1 },
      query: { page_number: 0, limit: 30 },
    });
    expect(similar.items.map((i) => i.EK_id)).toEqual([4, 2]);

    const error = await client.call('getContent', { params: { id: 999 } }).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe(900);
  });
});
