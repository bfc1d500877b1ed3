import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { Database } from '../../../db/client';
import {
  CATALOGUE_TABLES,
  FIXTURE_DIR,
  FIXTURE_MANIFEST,
  fixtureData,
  truncateCatalogue,
} from '../../../test/catalogue-fixture';
import { backends } from '../../../test/harness';
import { LocalImageStore } from './images';
import { type ImportOptions, importManifest, importManifestFile, importManifestText } from './import';
import { ManifestError } from './validate';

const rowsOf = <T = Record<string, unknown>>(result: unknown) => (result as { rows: T[] }).rows;

for (const backend of backends) {
  describe.skipIf(!backend.available)(`catalogue import (${backend.name})`, () => {
    let opened: Awaited<ReturnType<typeof backend.open>> | undefined;
    const temps: string[] = [];

    beforeAll(async () => {
      opened = await backend.open();
    });
    afterAll(async () => {
      await opened?.dispose();
    });
    beforeEach(async () => {
      await truncateCatalogue(opened!.database.db);
    });
    afterEach(() => {
      for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
    });

    function setup() {
      const database: Database = opened!.database;
      const db = database.db;
      const media = mkdtempSync(join(tmpdir(), 'kadr-media-'));
      temps.push(media);
      const options = (extra: Partial<ImportOptions> = {}): ImportOptions => ({
        images: new LocalImageStore(join(media, 'images')),
        now: new Date('2030-01-15T10:00:00Z'),
        ...extra,
      });
      const query = async <T = Record<string, unknown>>(text: string) =>
        rowsOf<T>(await db.execute(sql.raw(text)));
      /** Every catalogue row, ordered, for before/after comparisons. */
      const snapshot = async () => {
        const out: Record<string, unknown[]> = {};
        for (const table of CATALOGUE_TABLES)
          out[table] = await query(`select * from ${table} order by 1, 2`);
        return out;
      };
      const count = async (table: string) =>
        (await query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
      const importData = (data: unknown, extra: Partial<ImportOptions> = {}) =>
        importManifest(db, data, FIXTURE_DIR, options(extra));
      return { db, media, options, query, snapshot, count, importData };
    }

    it('imports the YAML manifest: every entry, in manifest order, with counts', async () => {
      const t = setup();
      const summary = await importManifestFile(t.db, FIXTURE_MANIFEST, t.options());
      expect(summary.skipped).toBe(false);
      expect(summary.counts.titles).toEqual({ created: 6, updated: 0, unchanged: 0, deleted: 0 });
      expect(summary.counts.channels.created).toBe(2);
      expect(summary.counts.collections.created).toBe(5);
      expect(summary.counts.seasons.created).toBe(3);
      expect(summary.counts.episodes.created).toBe(6); // 5 episodes + 1 trailer
      expect(await t.query('select id, key, type from contents order by id')).toEqual([
        { id: 1, key: 'tikhiy-dom', type: 'film' },
        { id: 2, key: 'moskva-slezam', type: 'series' },
        { id: 3, key: 'vesyolye-kanikuly', type: 'film' },
        { id: 4, key: 'noch', type: 'film' },
        { id: 5, key: 'kadr-novosti-efir', type: 'channel' },
        { id: 6, key: 'vecherniy-shou', type: 'tvshow' },
      ]);
    });

    it('stores a title whole: search text, vendor id, lookups, genres in order, trailer', async () => {
      const t = setup();
      await importManifestFile(t.db, FIXTURE_MANIFEST, t.options());
      const [film] = await t.query(`
        select k.title, k.original_title, k.year, k.age_rating, k.rating::float8 as rating, k.duration,
               k.is_preview, k.vendor_id, k.search_text, st.key as sticker, k.channel_id
        from contents k left join stickers st on st.id = k.sticker_id where k.key = 'tikhiy-dom'`);
      expect(film).toEqual({
        title: 'Тихий дом',
        original_title: 'The Quiet House',
        year: 2021,
        age_rating: 16,
        rating: 7.4,
        duration: 5400,
        is_preview: true,
        vendor_id: 'tikhiy-dom',
        search_text: 'тихий дом the quiet house',
        sticker: 'new',
        channel_id: null,
      });
      expect(
        await t.query(`select g.key from content_genres cg join genres g on g.id = cg.genre_id
                       where cg.content_id = 1 order by cg.position`),
      ).toEqual([{ key: 'drama' }, { key: 'thriller' }]);
      expect(
        await t.query(`select title, duration, season_id, is_trailer from episodes where content_id = 1`),
      ).toEqual([{ title: 'Трейлер', duration: 90, season_id: null, is_trailer: true }]);
      const [channelTitle] = await t.query<{ channel: string }>(
        `select ch.key as channel from contents k join channels ch on ch.id = k.channel_id where k.key = 'kadr-novosti-efir'`,
      );
      expect(channelTitle?.channel).toBe('kadr-novosti');
    });

    it("writes packages and each title's package and preview_timer (the first package by default)", async () => {
      const t = setup();
      const data = fixtureData();
      data.packages = [
        { key: 'kadr', name: 'Подписка Кадр', cost: 299 },
        { key: 'kino', name: 'Кино', pay_text: 'Купить пакет «Кино»', cost: 199 },
      ];
      Object.assign(data.titles[0]!, { preview_timer: 15, package: 'kino' });
      await t.importData(data);
      expect(await t.query('select id, key, name, pay_text, cost from packages order by id')).toEqual([
        { id: 1, key: 'kadr', name: 'Подписка Кадр', pay_text: 'Оформить подписку', cost: 299 },
        { id: 2, key: 'kino', name: 'Кино', pay_text: 'Купить пакет «Кино»', cost: 199 },
      ]);
      expect(
        await t.query(`select key, package_id, preview_timer from contents where id in (1, 2) order by id`),
      ).toEqual([
        { key: 'tikhiy-dom', package_id: 2, preview_timer: 15 },
        { key: 'moskva-slezam', package_id: 1, preview_timer: null },
      ]);
    });

    it("writes tariffs in order (roubles as kopecks), a parent's children and the list fields", async () => {
      const t = setup();
      const data = fixtureData();
      data.packages = [
        { key: 'kadr', name: 'Подписка Кадр', children: ['kino', 'serialy'], short_offer: 'Всё сразу' },
        {
          key: 'kino',
          name: 'Кино',
          tariffs: [
            {
              cost: 199,
              trial_days: 7,
              pay_text: 'Попробовать',
              pay_info: 'Далее 199 ₽ в месяц',
              texts: ['Фильмы'],
            },
            { cost: 1990, period_months: 12, pay_text: 'На год' },
          ],
        },
        { key: 'serialy', name: 'Сериалы', cost: 149, hidden: true, store: 'google_play', position: 9 },
      ];
      await t.importData(data);
      expect(
        await t.query(
          'select key, pay_text, cost, is_parent, short_offer, hidden, position, store from packages order by id',
        ),
      ).toEqual([
        {
          key: 'kadr',
          pay_text: 'Оформить подписку',
          cost: 0,
          is_parent: true,
          short_offer: 'Всё сразу',
          hidden: false,
          position: 1,
          store: 'web',
        },
        {
          key: 'kino',
          pay_text: 'Попробовать',
          cost: 199,
          is_parent: false,
          short_offer: '',
          hidden: false,
          position: 2,
          store: 'web',
        },
        {
          key: 'serialy',
          pay_text: 'Оформить подписку',
          cost: 149,
          is_parent: false,
          short_offer: '',
          hidden: true,
          position: 9,
          store: 'google_play',
        },
      ]);
      expect(
        await t.query(
          'select package_id, position, amount, period_months, trial_days, pay_text, pay_info, texts from tariffs order by package_id, position',
        ),
      ).toEqual([
        {
          package_id: 1,
          position: 0,
          amount: 0,
          period_months: 1,
          trial_days: 0,
          pay_text: 'Оформить подписку',
          pay_info: null,
          texts: [],
        },
        {
          package_id: 2,
          position: 0,
          amount: 19900,
          period_months: 1,
          trial_days: 7,
          pay_text: 'Попробовать',
          pay_info: 'Далее 199 ₽ в месяц',
          texts: ['Фильмы'],
        },
        {
          package_id: 2,
          position: 1,
          amount: 199000,
          period_months: 12,
          trial_days: 0,
          pay_text: 'На год',
          pay_info: null,
          texts: [],
        },
        {
          package_id: 3,
          position: 0,
          amount: 14900,
          period_months: 1,
          trial_days: 0,
          pay_text: 'Оформить подписку',
          pay_info: null,
          texts: [],
        },
      ]);
      expect(
        await t.query('select parent_id, child_id, position from package_children order by 1, 2'),
      ).toEqual([
        { parent_id: 1, child_id: 2, position: 0 },
        { parent_id: 1, child_id: 3, position: 1 },
      ]);
      const [images] = await t.query<{ icon_url: string; wide_poster_url: string }>(
        "select icon_url, wide_poster_url from packages where key = 'kino'",
      );
      expect(images).toEqual({
        icon_url: expect.stringMatching(/^\/media\/images\/packages\/kino-icon-[0-9a-f]{12}\.svg$/),
        wide_poster_url: expect.stringMatching(
          /^\/media\/images\/packages\/kino-wide-poster-[0-9a-f]{12}\.svg$/,
        ),
      });

      // Re-importing with one tariff and no children keeps the kept tariff's id and drops the rest.
      const [kept] = await t.query<{ id: number }>(
        'select id from tariffs where package_id = 2 and position = 0',
      );
      const packs = data.packages as Array<Record<string, unknown>>;
      packs[0] = { key: 'kadr', name: 'Подписка Кадр' };
      (packs[1]!.tariffs as unknown[]).pop();
      await t.importData(data);
      expect(await t.query('select id from tariffs where package_id = 2')).toEqual([{ id: kept!.id }]);
      expect(await t.count('package_children')).toBe(0);
      expect(await t.query("select is_parent from packages where key = 'kadr'")).toEqual([
        { is_parent: false },
      ]);
    });

    it('sells every title in the default package «Подписка Кадр» when the manifest lists none', async () => {
      const t = setup();
      await importManifestFile(t.db, FIXTURE_MANIFEST, t.options());
      expect(await t.query('select id, key, name from packages')).toEqual([
        { id: 1, key: 'kadr', name: 'Подписка Кадр' },
      ]);
      expect(await t.query('select distinct package_id from contents')).toEqual([{ package_id: 1 }]);
    });

    it('copies manifest images and generates the missing ones under content-hashed names', async () => {
      const t = setup();
      await importManifestFile(t.db, FIXTURE_MANIFEST, t.options());
      const [urls] = await t.query<Record<string, string>>(
        `select poster_url, banner_url, wide_poster_url, logotype_url from contents where key = 'tikhiy-dom'`,
      );
      expect(urls!.poster_url).toMatch(/^\/media\/images\/titles\/tikhiy-dom-poster-[0-9a-f]{12}\.png$/);
      expect(urls!.banner_url).toMatch(/^\/media\/images\/titles\/tikhiy-dom-banner-[0-9a-f]{12}\.svg$/);
      expect(urls!.wide_poster_url).toMatch(/wide-poster-[0-9a-f]{12}\.svg$/);
      for (const url of Object.values(urls!)) {
        expect(existsSync(join(t.media, url.replace('/media/', '')))).toBe(true);
      }
      const [logo] = await t.query<{ logo_url: string }>(
        `select logo_url from channels where key = 'kadr-kino'`,
      );
      expect(logo!.logo_url).toMatch(/^\/media\/images\/channels\/kadr-kino-logo-[0-9a-f]{12}\.svg$/);
      const [sticker] = await t.query<{ image_url: string }>(`select image_url from stickers`);
      expect(sticker!.image_url).toMatch(/^\/media\/images\/stickers\/new-[0-9a-f]{12}\.svg$/);
    });

    it('importing twice leaves identical rows and ids and reports everything unchanged', async () => {
      const t = setup();
      await importManifestFile(t.db, FIXTURE_MANIFEST, t.options());
      const before = await t.snapshot();
      const files = readdirSync(join(t.media, 'images', 'titles')).sort();
      const again = await importManifestFile(
        t.db,
        FIXTURE_MANIFEST,
        t.options({ now: new Date('2030-02-01T00:00:00Z') }),
      );
      expect(await t.snapshot()).toEqual(before);
      expect(readdirSync(join(t.media, 'images', 'titles')).sort()).toEqual(files);
      for (const counts of Object.values(again.counts)) {
        expect(counts.created + counts.updated + counts.deleted).toBe(0);
      }
      expect(again.counts.titles.unchanged).toBe(6);
    });

    it('updates a changed field in place: same id, new updated_at, other rows untouched', async () => {
      const t = setup();
      await t.importData(fixtureData());
      const before = await t.query(`select id, key, updated_at from contents order by id`);
      const data = fixtureData();
      data.titles[3]!.description = 'Новое описание.';
      const summary = await t.importData(data, { now: new Date('2030-03-01T00:00:00Z') });
      expect(summary.counts.titles).toEqual({ created: 0, updated: 1, unchanged: 5, deleted: 0 });
      const after = await t.query<{ id: number; key: string; updated_at: Date }>(
        `select id, key, updated_at, description from contents order by id`,
      );
      expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
      expect(after[3]).toMatchObject({ key: 'noch', description: 'Новое описание.' });
      expect(new Date(after[3]!.updated_at).toISOString()).toBe('2030-03-01T00:00:00.000Z');
      expect(new Date(after[0]!.updated_at).toISOString()).toBe('2030-01-15T10:00:00.000Z');
    });

    it("reconciles a title's seasons and episodes: kept ones keep their ids", async () => {
      const t = setup();
      await t.importData(fixtureData());
      const ids = async () =>
        t.query<{ id: number; number: number; order_number: number; title: string; is_announce: boolean }>(`
          select e.id, s.number, e.order_number, e.title, e.is_announce
          from episodes e join seasons s on s.id = e.season_id
          where e.content_id = 2 order by s.number, e.order_number`);
      const before = await ids();
      const data = fixtureData();
      const seasons = data.titles[1]!.seasons!;
      seasons[0]!.episodes.pop(); // season 1 loses its 2nd episode
      seasons[1]!.episodes[1] = { title: 'Свадьба', duration: 2800 }; // no longer announced
      seasons.push({ number: 3, episodes: [{ title: 'Финал' }] });
      const summary = await t.importData(data);
      expect(summary.counts.seasons).toEqual({ created: 1, updated: 0, unchanged: 3, deleted: 0 });
      expect(summary.counts.episodes).toMatchObject({ created: 1, updated: 1, deleted: 1 });
      const after = await ids();
      expect(after).toEqual([
        before[0],
        before[2],
        { ...before[3], is_announce: false },
        { id: expect.any(Number), number: 3, order_number: 1, title: 'Финал', is_announce: false },
      ]);
      // Dropping season 3 again removes it and its episodes.
      await t.importData(fixtureData());
      expect(await t.count('seasons')).toBe(3);
      expect((await ids()).map((e) => e.title)).toEqual(['Приезд', 'Общежитие', 'Возвращение', 'Свадьба']);
    });

    it('reconciles collection items and tabs', async () => {
      const t = setup();
      await t.importData(fixtureData());
      const data = fixtureData();
      const hero = data.collections[0]!;
      hero.items = ['noch', 'tikhiy-dom'];
      hero.tabs = ['Main2', 'search'];
      await t.importData(data);
      expect(
        await t.query(
          `select position, content_id from collection_items where collection_id = 1 order by position`,
        ),
      ).toEqual([
        { position: 0, content_id: 4 },
        { position: 1, content_id: 1 },
      ]);
      expect(await t.query(`select tab from collection_tabs where collection_id = 1 order by tab`)).toEqual([
        { tab: 'Main2' },
        { tab: 'search' },
      ]);
    });

    it('reads JSON the same as YAML', async () => {
      const t = setup();
      await importManifestText(t.db, JSON.stringify(fixtureData()), 'json', FIXTURE_DIR, t.options());
      const fromJson = await t.snapshot();
      await truncateCatalogue(t.db);
      await importManifestText(t.db, stringify(fixtureData()), 'yaml', FIXTURE_DIR, t.options());
      expect(await t.snapshot()).toEqual(fromJson);
    });

    it('leaves entries the manifest no longer lists, and removes them with prune', async () => {
      const t = setup();
      await t.importData(fixtureData());
      const data = fixtureData();
      data.titles = data.titles.filter((title) => title.key !== 'noch');
      data.collections = data.collections
        .filter((c) => c.key !== 'home-empty')
        .map((c) => ({ ...c, items: c.items.filter((k) => k !== 'noch') }));
      data.channels = data.channels.filter((c) => c.key !== 'kadr-kino');
      data.collections[2]!.items = ['kadr-novosti'];
      const kept = await t.importData(data);
      expect(kept.counts.titles.deleted).toBe(0);
      expect(await t.count('contents')).toBe(6);

      const pruned = await t.importData(data, { prune: true });
      expect(pruned.counts.titles.deleted).toBe(1);
      expect(pruned.counts.channels.deleted).toBe(1);
      expect(pruned.counts.collections.deleted).toBe(1);
      expect(await t.query(`select key from contents where key = 'noch'`)).toEqual([]);
      expect(await t.count('contents')).toBe(5);
      expect(await t.count('channels')).toBe(1);
      expect(await t.count('collections')).toBe(4);
      expect(await t.query(`select count(*)::int as n from content_genres where content_id = 4`)).toEqual([
        { n: 0 },
      ]);
    });

    it("writes channels' XMLTV ids, lets two channels swap them, and hands a pruned channel's on", async () => {
      const t = setup();
      await t.importData(fixtureData());
      const ids = () => t.query(`select key, xmltv_id from channels order by id`);
      expect(await ids()).toEqual([
        { key: 'kadr-novosti', xmltv_id: 'novosti.kadr.tv' },
        { key: 'kadr-kino', xmltv_id: 'kino.kadr.tv' },
      ]);

      const swapped = fixtureData();
      swapped.channels[0]!.xmltv_id = 'kino.kadr.tv';
      swapped.channels[1]!.xmltv_id = 'novosti.kadr.tv';
      expect((await t.importData(swapped)).counts.channels).toMatchObject({ updated: 2, unchanged: 0 });
      expect(await ids()).toEqual([
        { key: 'kadr-novosti', xmltv_id: 'kino.kadr.tv' },
        { key: 'kadr-kino', xmltv_id: 'novosti.kadr.tv' },
      ]);

      // A channel the manifest drops keeps its id unless pruned: the id cannot go to another one.
      const moved = fixtureData();
      moved.channels = moved.channels.filter((c) => c.key !== 'kadr-kino');
      moved.collections = moved.collections.map((c) => ({
        ...c,
        items: c.items.filter((k) => k !== 'kadr-kino'),
      }));
      moved.channels[0]!.xmltv_id = 'novosti.kadr.tv';
      const before = await t.snapshot();
      await expect(t.importData(moved)).rejects.toThrow(
        'channel "kadr-novosti": xmltv_id "novosti.kadr.tv" belongs to channel "kadr-kino", which the manifest does not list',
      );
      expect(await t.snapshot()).toEqual(before);
      await t.importData(moved, { prune: true });
      expect(await ids()).toEqual([{ key: 'kadr-novosti', xmltv_id: 'novosti.kadr.tv' }]);
    });

    it('prunes the genres, countries, stickers and partner labels the manifest no longer lists', async () => {
      const t = setup();
      const data = fixtureData();
      data.genres.push({ key: 'horror', name: 'Ужасы' });
      data.countries = [...(data.countries as unknown[]), { key: 'fr', name: 'Франция' }];
      data.stickers = [...(data.stickers as unknown[]), { key: 'top', title: 'Топ' }];
      data.partner_labels = [...(data.partner_labels as unknown[]), { key: 'other', title: 'Другой' }];
      await t.importData(data);
      const pruned = await t.importData(fixtureData(), { prune: true });
      const deleted = Object.fromEntries(Object.entries(pruned.counts).map(([kind, c]) => [kind, c.deleted]));
      expect(deleted).toEqual({
        genres: 1,
        countries: 1,
        stickers: 1,
        partner_labels: 1,
        channels: 0,
        titles: 0,
        seasons: 0,
        episodes: 0,
        collections: 0,
      });
      expect(await t.query(`select key from genres where key = 'horror'`)).toEqual([]);
      expect(await t.count('countries')).toBe(2);
      expect(await t.count('stickers')).toBe(1);
      expect(await t.count('partner_labels')).toBe(1);
    });

    it('writes nothing for an invalid manifest and names every problem in one run', async () => {
      const t = setup();
      const data = fixtureData();
      data.titles[1]!.seasons![1]!.episodes[0]!.title = undefined;
      data.titles[2]!.genres = ['comedy', 'horror'];
      const error = await t.importData(data).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ManifestError);
      // A shape problem in one entry and a reference problem in another, reported together.
      expect((error as ManifestError).problems).toEqual([
        'titles[1] (key "moskva-slezam"): seasons[1].episodes[0].title: required',
        'titles[2] (key "vesyolye-kanikuly"): genres[1]: unknown genre "horror"',
      ]);
      expect(await t.count('contents')).toBe(0);
      expect(await t.count('genres')).toBe(0);
    });

    it('rolls the whole import back when the database fails midway', async () => {
      const t = setup();
      await t.db.execute(sql`
        create function kadr_test_fail() returns trigger language plpgsql as
        $$ begin raise exception 'collections are broken'; end $$`);
      await t.db.execute(sql`
        create trigger kadr_test_fail before insert on collections for each row execute function kadr_test_fail()`);
      try {
        await expect(t.importData(fixtureData())).rejects.toThrow();
        for (const table of CATALOGUE_TABLES) expect(await t.count(table)).toBe(0);
      } finally {
        await t.db.execute(sql`drop trigger kadr_test_fail on collections`);
        await t.db.execute(sql`drop function kadr_test_fail()`);
      }
      const summary = await t.importData(fixtureData());
      expect(summary.counts.collections.created).toBe(5);
      // Sequences are not transactional in PostgreSQL: the retry works, its ids come after the lost ones.
      expect(await t.count('contents')).toBe(6);
    });

    it('leaves an existing catalogue unchanged when a re-import fails midway', async () => {
      const t = setup();
      await t.importData(fixtureData());
      const before = await t.snapshot();
      // Changes written before the failing collections: a new genre, a changed title, a new season.
      const data = fixtureData();
      data.genres.push({ key: 'horror', name: 'Ужасы' });
      data.titles[3]!.description = 'Новое описание.';
      data.titles[3]!.genres = ['thriller', 'horror'];
      data.titles[1]!.seasons!.push({ number: 3, episodes: [{ title: 'Финал' }] });
      data.collections[0]!.title = 'Другое название';
      await t.db.execute(sql`
        create function kadr_test_fail() returns trigger language plpgsql as
        $$ begin raise exception 'collections are broken'; end $$`);
      await t.db.execute(sql`
        create trigger kadr_test_fail before insert or update on collections for each row execute function kadr_test_fail()`);
      try {
        await expect(t.importData(data, { now: new Date('2030-03-01T00:00:00Z') })).rejects.toThrow();
      } finally {
        await t.db.execute(sql`drop trigger kadr_test_fail on collections`);
        await t.db.execute(sql`drop function kadr_test_fail()`);
      }
      expect(await t.snapshot()).toEqual(before);
    });

    it('imports into an empty catalogue only when asked to (first start)', async () => {
      const t = setup();
      const first = await t.importData(fixtureData(), { onlyIfEmpty: true });
      expect(first.skipped).toBe(false);
      const data = fixtureData();
      data.titles[0]!.title = 'Другое название';
      const second = await t.importData(data, { onlyIfEmpty: true });
      expect(second.skipped).toBe(true);
      expect(await t.query(`select title from contents where id = 1`)).toEqual([{ title: 'Тихий дом' }]);
    });

    it('resolves image paths relative to the manifest file', async () => {
      const t = setup();
      const dir = mkdtempSync(join(tmpdir(), 'kadr-manifest-'));
      temps.push(dir);
      const data = fixtureData();
      data.titles[0]!.images = { poster: join(FIXTURE_DIR, 'images', 'tikhiy-dom-poster.png') };
      data.channels[1]!.logo = 'missing/logo.png';
      const file = join(dir, 'catalogue.json');
      writeFileSync(file, JSON.stringify(data));
      const error = await importManifestFile(t.db, file, t.options()).catch((e: unknown) => e);
      expect((error as ManifestError).problems).toEqual([
        'channels[1] (key "kadr-kino"): logo: file not found: missing/logo.png',
      ]);
    });
  });
}
