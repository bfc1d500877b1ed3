import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { backends, useApi } from '../../test/harness';
import { normalize, VERSION_CHECK_MS } from '../catalogue';
import { candidateQuery, lookupWords, type ReadingPlan } from './queries';
import { queryVariants } from './query-variants';
import { NOTHING_FOUND, planOf, questionsOf, type SearchHint, SearchService } from './service';

interface FixtureTitle {
  title: string;
  original?: string;
  year: number;
  rating: number;
  sticker?: boolean;
}

// A small Russian catalogue with the traps the quality table needs: titles sharing a prefix
// («Тихий дом», «Тихие зори», «Тихоокеанский рубеж»), a substring-only look-alike («Стихи»), an exact
// title that is also the prefix of a better-rated one («Брат», «Брат 2»), and letters that
// transliterate in several ways (ж, х, ц, ч, ш, щ, ю, я, ё), and a typo that is a word's prefix
// («вечер» for «ветер», «вечерний» starting with it).
const TITLES: FixtureTitle[] = [
  { title: 'Тихий дом', original: 'The Quiet House', year: 2021, rating: 7.4, sticker: true },
  { title: 'Тихие зори', year: 2015, rating: 7.0 },
  { title: 'Тихоокеанский рубеж', original: 'Pacific Rim', year: 2013, rating: 6.9 },
  { title: 'Стихи', year: 2019, rating: 9.0 },
  { title: 'Москва слезам не верит', year: 1979, rating: 8.3 },
  { title: 'Москва — Кассиопея', year: 1973, rating: 7.0 },
  { title: 'Привет, Андрей', year: 2018, rating: 6.9 },
  { title: 'Брат', year: 1997, rating: 8.3 },
  { title: 'Брат 2', year: 2000, rating: 8.5 },
  { title: 'Братство', year: 2019, rating: 5.9 },
  { title: 'Война и мир', year: 1966, rating: 8.0 },
  { title: 'Ночной дозор', year: 2004, rating: 6.5 },
  { title: 'Дневной дозор', year: 2005, rating: 6.3 },
  { title: 'Ёлки', year: 2010, rating: 6.7 },
  { title: 'Щука', year: 2020, rating: 6.1 },
  { title: 'Жмурки', year: 2005, rating: 7.2 },
  { title: 'Хороший мальчик', year: 2016, rating: 7.3 },
  { title: 'Цветы зла', year: 2022, rating: 6.0 },
  { title: 'Чебурашка', year: 2023, rating: 7.5 },
  { title: 'Шапито-шоу', year: 2011, rating: 6.8 },
  { title: 'Юность', year: 2017, rating: 6.2 },
  { title: 'Яблоко раздора', year: 2009, rating: 5.5 },
  { title: 'Экипаж', year: 2016, rating: 7.6 },
  { title: 'Легенда №17', year: 2013, rating: 8.0 },
  { title: 'Холоп', year: 2019, rating: 6.9 },
  { title: 'Бригада', year: 2002, rating: 8.4 },
  { title: 'Кухня', year: 2012, rating: 7.8 },
  { title: 'Домашний арест', year: 2018, rating: 8.0 },
  { title: 'Ирония судьбы, или С лёгким паром!', year: 1975, rating: 8.2 },
  { title: 'Матрица', original: 'The Matrix', year: 1999, rating: 8.5 },
  { title: 'Ветер над рекой', year: 2021, rating: 6.6 },
  { title: 'Вечерний звон', year: 2014, rating: 7.1 },
  // Short words: a letter and a number joined by a hyphen, a three-letter title, words of two
  // letters, a number glued to a word, a fraction NFKC spells "81⁄2".
  { title: 'Т-34', year: 2018, rating: 6.6 },
  { title: 'Вий', year: 2014, rating: 5.7 },
  { title: 'Ух ты, говорящая рыба!', year: 1983, rating: 7.9 },
  { title: 'T2 Трейнспоттинг', original: 'T2 Trainspotting', year: 2017, rating: 7.1 },
  { title: '9 рота', year: 2005, rating: 7.5 },
  { title: '8½', year: 1963, rating: 7.9 },
  { title: 'Кин-дза-дза!', year: 1986, rating: 8.1 },
];

const CHANNELS = ['Кадр Новости', 'Кадр Кино', 'Мультландия', 'Москва 24', 'Спорт Плюс'];

/** Inserts the fixture unless it is there (the harness empties only the tables it knows). */
// db.execute() answers differ per driver; both carry `rows`.
async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}

async function insertFixture(database: Database): Promise<void> {
  const { db } = database;
  const [present] = await rowsOf<{ n: number }>(db.execute(sql`select count(*)::int as n from contents`));
  if (present?.n === TITLES.length) return;
  await db.execute(sql`truncate contents, channels, stickers restart identity cascade`);
  await db.execute(sql`insert into stickers (key, title, color, image_url)
    values ('new', 'Новинка', '#E5484D', '/media/images/sticker-new.svg')`);
  const titles = TITLES.map((t, i) => {
    const searchText = normalize([t.title, t.original].filter(Boolean).join(' '));
    return sql`(${`t-${i}`}, 'film', ${t.title}, ${t.original ?? null}, 'Описание', ${t.year}, ${t.rating},
      ${t.sticker ? 1 : null}, ${`/media/images/t-${i}-poster.svg`}, ${searchText})`;
  });
  await db.execute(sql`insert into contents
      (key, type, title, original_title, description, year, rating, sticker_id, poster_url, search_text)
    values ${sql.join(titles, sql`, `)}`);
  const channels = CHANNELS.map(
    (name, i) => sql`(${`ch-${i}`}, ${name}, ${`/media/images/ch-${i}-logo.svg`}, ${normalize(name)})`,
  );
  await db.execute(
    sql`insert into channels (key, name, logo_url, search_text) values ${sql.join(channels, sql`, `)}`,
  );
}

// The quality table: query → the title expected first (and its type when it is a channel).
const QUALITY: Array<[query: string, top: string, why: string]> = [
  ['тих', 'Тихий дом', 'prefix; the best-rated of three «тих…» titles, «Стихи» only contains it'],
  ['Тихий дом', 'Тихий дом', 'exact'],
  ['тихий д', 'Тихий дом', 'prefix while typing the second word'],
  ['брат', 'Брат', 'exact beats the better-rated prefix match «Брат 2»'],
  ['брат 2', 'Брат 2', 'exact with a digit'],
  ['дом', 'Домашний арест', 'a title starting with the query beats a word starting with it'],
  ['дозор ночной', 'Ночной дозор', 'words in another order'],
  ['тихиц дом', 'Тихий дом', 'typo (substitution) in a 5-letter word'],
  ['москав', 'Москва слезам не верит', 'typo (swapped letters); best-rated of the «Москва» titles'],
  ['экепаж', 'Экипаж', 'typo in a 6-letter word'],
  ['бригода', 'Бригада', 'typo in a 7-letter word'],
  ['чебурашко', 'Чебурашка', 'typo in a 9-letter word'],
  ['вечер над', 'Ветер над рекой', 'typo in a finished word that also starts a word («вечерний»)'],
  ['вечер', 'Вечерний звон', 'the word being typed is read as a prefix first'],
  [
    'рекой вечер',
    'Ветер над рекой',
    'the last word read as a typo when reading it as a prefix finds nothing',
  ],
  ['тихого дома', 'Тихий дом', 'inflected forms'],
  ['войне и мире', 'Война и мир', 'inflected forms with a short word between'],
  ['ghbdtn', 'Привет, Андрей', 'Russian typed with the English layout'],
  ['vjcrdf', 'Москва слезам не верит', 'wrong layout'],
  ['[jkjg', 'Холоп', 'wrong layout with a punctuation key («х» is «[»)'],
  ['re[yz', 'Кухня', 'wrong layout'],
  ['ьфекшч', 'Матрица', 'English original title typed with the Russian layout'],
  ['matrix', 'Матрица', 'original title'],
  ['pacific', 'Тихоокеанский рубеж', 'original title prefix'],
  ['privet', 'Привет, Андрей', 'transliteration'],
  ['moskva', 'Москва слезам не верит', 'transliteration'],
  ['tikhiy dom', 'Тихий дом', 'transliteration kh, iy'],
  ['tihij dom', 'Тихий дом', 'transliteration h, j'],
  ['yolki', 'Ёлки', 'transliteration yo; ё is е'],
  ['jolki', 'Ёлки', 'transliteration jo'],
  ['елки', 'Ёлки', 'ё typed as е'],
  ['zhmurki', 'Жмурки', 'transliteration zh'],
  ['khoroshiy', 'Хороший мальчик', 'transliteration kh'],
  ['horoshij', 'Хороший мальчик', 'transliteration h'],
  ['tsvety', 'Цветы зла', 'transliteration ts'],
  ['cheburashka', 'Чебурашка', 'transliteration ch'],
  ['shapito', 'Шапито-шоу', 'transliteration sh'],
  ['shchuka', 'Щука', 'transliteration shch'],
  ['schuka', 'Щука', 'transliteration sch'],
  ['yunost', 'Юность', 'transliteration yu'],
  ['junost', 'Юность', 'transliteration ju'],
  ['yabloko', 'Яблоко раздора', 'transliteration ya'],
  ['jabloko', 'Яблоко раздора', 'transliteration ja'],
  ['легенда 17', 'Легенда №17', 'the № sign is not a letter'],
  ['с легким паром', 'Ирония судьбы, или С лёгким паром!', 'words inside a long title, ё as е'],
  ['легенда №17', 'Легенда №17', 'the title\'s own «№» (NFKC would read it "No")'],
  ['Легенда No17', 'Легенда №17', '«№» typed as No'],
  ['легенда no. 17', 'Легенда №17', '«№» typed as No.'],
  ['легенда N17', 'Легенда №17', '«№» typed as N'],
  ['легенда n 17', 'Легенда №17', '«№» typed as N, with a space'],
  ['т-34', 'Т-34', 'exact, a one-letter word and a number'],
  ['т 34', 'Т-34', 'without the hyphen'],
  ['т34', 'Т-34', 'letter and number joined'],
  ['t-34', 'Т-34', 'a short word transliterated'],
  ['T34', 'Т-34', 'transliterated and joined'],
  ['n-34', 'Т-34', 'a short word in the wrong layout («т» is on the n key)'],
  ['n34', 'Т-34', 'wrong layout, joined (not «№34»)'],
  ['Ｔ－３４', 'Т-34', 'full-width forms'],
  ['dbq', 'Вий', 'a three-letter word in the wrong layout'],
  ['vij', 'Вий', 'a three-letter word transliterated'],
  ['viy', 'Вий', 'a three-letter word transliterated, y as й'],
  ['uh ty', 'Ух ты, говорящая рыба!', 'two-letter words transliterated'],
  ['e[ ns', 'Ух ты, говорящая рыба!', 'two-letter words in the wrong layout'],
  ['t-2', 'T2 Трейнспоттинг', 'a letter and a number joined in the title, hyphenated in the query'],
  ['9рота', '9 рота', 'a number glued to a word'],
  ['брат2', 'Брат 2', 'a number glued to a word'],
  ['8 ½', '8½', 'a fraction'],
  ['8 1/2', '8½', 'a fraction typed with a slash'],
  ['kin-dza-dza', 'Кин-дза-дза!', 'short hyphenated words transliterated'],
  ['кин дза', 'Кин-дза-дза!', 'short hyphenated words without hyphens'],
  ['мульт', 'Мультландия', 'channel by prefix'],
  ['vekmn', 'Мультландия', 'channel, wrong layout'],
  ['москва 24', 'Москва 24', 'exact channel name beats title prefixes'],
];

for (const backend of backends) {
  describe.skipIf(!backend.available)(`searchHint (${backend.name})`, () => {
    const api = useApi(backend);

    beforeEach(async () => {
      await insertFixture(api.database);
    });

    async function setup() {
      const t = await api.setup();
      const { access_token: token } = await t.anonymous();
      const search = (query: unknown) =>
        t.call<{ items: SearchHint[] }>('POST', '/v2/agregator/searchHint', {
          token,
          body: { search_query: query },
        });
      const titles = async (query: string) =>
        (await search(query)).body.response.items.map((item) => item.title);
      return { t, search, titles };
    }

    it.each(QUALITY)('"%s" finds «%s» first (%s)', async (query, top) => {
      const { search } = await setup();
      const res = await search(query);
      expect(res.status).toBe(200);
      expect(res.body.response.items[0]?.title).toBe(top);
    });

    it('answers every query from the in-process index exactly as from the database', async () => {
      const { t } = await setup();
      const fromDatabase = new SearchService(t.database.db, { cacheEntries: 0, index: false });
      const fromIndex = new SearchService(t.database.db, { cacheEntries: 0 });
      await fromIndex.ready();
      const queries = [
        ...QUALITY.map(([query]) => query),
        ...['кадр', 'брт', 'т%х', 'тих%', 'а б в', 'с л', 'москва 2', 'тихий дом the', 'the', 'рубеж тих'],
        ...['йцукен фыва', 'qqqqq', 'дозор', 'дневно', 'ночног дозора', 'легенд', 'ирония судьбы или'],
      ];
      for (const query of queries) {
        expect(await fromIndex.hints(query), query).toEqual(await fromDatabase.hints(query));
      }
    });

    it('serves searches from the database while the index is built, then from the index', async () => {
      const { t } = await setup();
      const search = new SearchService(t.database.db, { cacheEntries: 0 });
      const first = await search.hints('тихий дом');
      const index = await search.ready();
      expect(index.stats.entries).toBe(TITLES.length + CHANNELS.length);
      expect(await search.hints('тихий дом')).toEqual(first);
      expect(first[0]?.title).toBe('Тихий дом');
    });

    it('builds a new index when the catalogue version changes and answers from the database meanwhile', async () => {
      const { t } = await setup();
      let ms = Date.parse('2026-11-22T05:00:00Z');
      const clock = { now: () => new Date(ms) };
      const search = new SearchService(t.database.db, { clock, cacheEntries: 0 });
      const before = await search.ready();
      expect((await search.hints('звездопад'))[0]).toEqual(NOTHING_FOUND);
      await t.database.db.execute(sql`insert into contents (key, type, title, description, poster_url, search_text)
        values ('late', 'film', 'Звездопад', 'Описание', '/p.svg', 'звездопад')`);
      ms += VERSION_CHECK_MS;
      // The old index is not used: the database answers at once.
      expect((await search.hints('звездопад'))[0]?.title).toBe('Звездопад');
      const after = await search.ready();
      expect(after).not.toBe(before);
      expect(after.stats.entries).toBe(before.stats.entries + 1);
      expect((await search.hints('звездопод'))[0]?.title).toBe('Звездопад');
    });

    it('answers a content hint with poster, year and sticker', async () => {
      const { search } = await setup();
      const [first] = (await search('тихий дом')).body.response.items;
      expect(first).toEqual({
        type: 'content',
        id: 1,
        title: 'Тихий дом',
        year: 2021,
        image_url: '/media/images/t-0-poster.svg',
        sticker_image_url: '/media/images/sticker-new.svg',
      });
    });

    it('answers a channel hint with its logo', async () => {
      const { search } = await setup();
      const [first] = (await search('мультл')).body.response.items;
      expect(first).toEqual({
        type: 'channel',
        id: 3,
        title: 'Мультландия',
        year: null,
        image_url: '/media/images/ch-2-logo.svg',
        sticker_image_url: null,
      });
    });

    it('lists every prefix match, best first, and leaves out substring-only matches', async () => {
      const { titles } = await setup();
      expect(await titles('тих')).toEqual(['Тихий дом', 'Тихие зори', 'Тихоокеанский рубеж']);
    });

    it('ranks exact, then title prefix, then word prefix', async () => {
      const { titles } = await setup();
      expect(await titles('брат')).toEqual(['Брат', 'Брат 2', 'Братство']);
      expect(await titles('москва')).toEqual(['Москва слезам не верит', 'Москва — Кассиопея', 'Москва 24']);
    });

    it('mixes titles and channels', async () => {
      const { search } = await setup();
      const items = (await search('кадр')).body.response.items;
      expect(items.map((i) => [i.type, i.title])).toEqual([
        ['channel', 'Кадр Кино'],
        ['channel', 'Кадр Новости'],
      ]);
    });

    it('does not read short words with typos', async () => {
      const { search } = await setup();
      // «брт» is 3 letters: a typo budget of 0, so nothing matches.
      expect((await search('брт')).body.response.items).toEqual([NOTHING_FOUND]);
    });

    it.each(['йцукен фыва', 'qqqqq', 'zzzz yyyy'])(
      'answers the id-0 item when "%s" finds nothing',
      async (q) => {
        const { search } = await setup();
        expect((await search(q)).body).toEqual({
          code: 200,
          success: true,
          response: { items: [NOTHING_FOUND] },
        });
      },
    );

    it.each([
      ["' OR 1=1 --", 'SQL'],
      ['"; drop table contents; --', 'SQL'],
      ['%_%', 'LIKE wildcards'],
      ['___', 'LIKE wildcards'],
      ['\\\\\\', 'escape characters'],
      ['<script>alert(1)</script>', 'HTML'],
      ['🎬🎬🎬', 'emoji only'],
    ])('treats %s (%s) as data: nothing found', async (query) => {
      const { search } = await setup();
      const res = await search(query);
      expect(res.status).toBe(200);
      expect(res.body.response.items).toEqual([NOTHING_FOUND]);
    });

    it('reads LIKE wildcards as letters, not patterns', async () => {
      const { search } = await setup();
      // "т%х" would match «Тихий дом» as a pattern; as text it is two one-letter words.
      expect((await search('т%х')).body.response.items).toEqual([NOTHING_FOUND]);
      expect((await search('тих%')).body.response.items[0]?.title).toBe('Тихий дом');
    });

    it('leaves the catalogue intact after an injection attempt', async () => {
      const { search, t } = await setup();
      await search("x'); delete from contents; --");
      const [row] = await rowsOf<{ n: number }>(
        t.database.db.execute(sql`select count(*)::int as n from contents`),
      );
      expect(row?.n).toBe(TITLES.length);
    });

    it.each([
      ['empty', ''],
      ['blank', '   '],
      ['2 characters', 'ab'],
      ['2 characters after trimming', ' ab '],
      ['3 000 characters', 'а'.repeat(3000)],
      ['101 characters', 'б'.repeat(101)],
      ['not a string', 123],
    ])('refuses a query that is %s with the 400 validation envelope', async (_what, query) => {
      const { search } = await setup();
      const res = await search(query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, response: { error: 'validation_error' } });
    });

    it('accepts 100 characters, the contract maximum', async () => {
      const { search } = await setup();
      const res = await search(`тихий дом ${'а'.repeat(90)}`);
      expect(res.status).toBe(200);
      expect(res.body.response.items).toEqual([NOTHING_FOUND]);
    });

    it('answers without a session, but refuses a bad token (decision 047)', async () => {
      const { t } = await setup();
      const res = await t.call('POST', '/v2/agregator/searchHint', { body: { search_query: 'тих' } });
      expect(res.status).toBe(200);
      const forged = await t.call('POST', '/v2/agregator/searchHint', {
        body: { search_query: 'тих' },
        token: 'not-a-token',
      });
      expect(forged.body.code).toBe(910);
    });

    it.each([
      ['тих', ['search_postings_word_idx']],
      ['тихиц дом', ['search_postings_word_idx']],
      ['ghbdtn', ['search_postings_word_idx']],
      ['а б в', ['contents_search_text_trgm_idx', 'channels_search_text_trgm_idx']],
    ])('serves "%s" from the indexes alone (%j)', async (query, indexes) => {
      const { t } = await setup();
      const plan = await t.database.db.transaction(async (tx) => {
        // On 35 rows a sequential scan is cheaper; forbidding it shows every condition is indexable.
        await tx.execute(sql`set local enable_seqscan = off`);
        const variants = queryVariants(query);
        const lookups = await lookupWords(tx, questionsOf(variants));
        const plans = variants.map((v) => planOf(v, lookups)).filter((p): p is ReadingPlan => p !== null);
        const rows = await rowsOf<{ 'QUERY PLAN': string }>(
          tx.execute(sql`explain ${candidateQuery(plans)}`),
        );
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      for (const index of indexes) expect(plan).toMatch(new RegExp(`Index (Only )?Scan (on|using) ${index}`));
      expect(plan).not.toMatch(/Seq Scan on (contents|channels|search_postings)/);
    });

    it('answers a repeated query from memory until told to forget', async () => {
      const { t } = await setup();
      const search = new SearchService(t.database.db);
      expect((await search.hints('новинка'))[0]).toEqual(NOTHING_FOUND);
      await t.database.db.execute(sql`insert into contents (key, type, title, description, poster_url, search_text)
        values ('late', 'film', 'Новинка', 'Описание', '/p.svg', 'новинка')`);
      expect((await search.hints('Новинка'))[0]).toEqual(NOTHING_FOUND);
      search.forget();
      expect((await search.hints('новинка'))[0]?.title).toBe('Новинка');
    });

    it('forgets remembered answers once the catalogue version changes (an import)', async () => {
      const { t } = await setup();
      let ms = Date.parse('2026-11-22T05:00:00Z');
      const clock = { now: () => new Date(ms) };
      const search = new SearchService(t.database.db, { clock });
      expect((await search.hints('новинка'))[0]).toEqual(NOTHING_FOUND);
      await t.database.db.execute(sql`insert into contents (key, type, title, description, poster_url, search_text)
        values ('late', 'film', 'Новинка', 'Описание', '/p.svg', 'новинка')`);
      // The version is read again after VERSION_CHECK_MS: until then the answer comes from memory.
      ms += VERSION_CHECK_MS - 1;
      expect((await search.hints('новинка'))[0]).toEqual(NOTHING_FOUND);
      ms += 1;
      expect((await search.hints('новинка'))[0]?.title).toBe('Новинка');
    });

    it('keeps the postings in step with the titles: update, delete, truncate', async () => {
      const { t } = await setup();
      const db = t.database.db;
      // The database path: it reads the postings on every search (the index follows the version).
      const search = new SearchService(db, { cacheEntries: 0, index: false });
      await db.execute(sql`insert into contents (key, type, title, description, poster_url, search_text)
        values ('late', 'film', 'Звездопад', 'Описание', '/p.svg', 'звездопад')`);
      expect((await search.hints('звездо'))[0]?.title).toBe('Звездопад');
      await db.execute(
        sql`update contents set title = 'Листопад', search_text = 'листопад' where key = 'late'`,
      );
      expect((await search.hints('звездо'))[0]).toEqual(NOTHING_FOUND);
      expect((await search.hints('листо'))[0]?.title).toBe('Листопад');
      await db.execute(sql`delete from contents where key = 'late'`);
      expect((await search.hints('листо'))[0]).toEqual(NOTHING_FOUND);
      await db.execute(sql`truncate contents, channels, stickers restart identity cascade`);
      const [left] = await rowsOf<{ n: number }>(
        db.execute(sql`select count(*)::int as n from search_postings`),
      );
      expect(left?.n).toBe(0);
    });

    it('learns the words of titles written after it started', async () => {
      const { t } = await setup();
      await t.database.db.execute(sql`insert into contents (key, type, title, description, poster_url, search_text)
        values ('late', 'film', 'Звездопад', 'Описание', '/p.svg', 'звездопад')`);
      const search = new SearchService(t.database.db, { cacheEntries: 0 });
      expect((await search.hints('звездопод'))[0]?.title).toBe('Звездопад');
    });
  });
}
