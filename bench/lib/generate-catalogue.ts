// A synthetic Russian catalogue for benchmarks: N titles and M channels built from word lists with a
// seeded PRNG (the same seed gives the same catalogue), written with multi-row INSERTs straight into
// the catalogue tables of a migrated database. search_text uses the search module's normal form.

import { normalize } from '../../apps/api/src/modules/catalogue/normalize.ts';
import { cyrillicLayoutToLatin } from '../../apps/api/src/modules/search/keyboard-layout.ts';

/** Runs one parameterised statement (a pg Client/Pool or PGlite `query`). */
export type Execute = (text: string, params: unknown[]) => Promise<unknown>;

/** A small, fast, seedable PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Gender = 'm' | 'f' | 'n';

// Adjectives as masculine, feminine, neuter forms.
const ADJECTIVES: ReadonlyArray<readonly [string, string, string]> = [
  ['Тихий', 'Тихая', 'Тихое'],
  ['Последний', 'Последняя', 'Последнее'],
  ['Тёмный', 'Тёмная', 'Тёмное'],
  ['Красный', 'Красная', 'Красное'],
  ['Белый', 'Белая', 'Белое'],
  ['Чёрный', 'Чёрная', 'Чёрное'],
  ['Золотой', 'Золотая', 'Золотое'],
  ['Старый', 'Старая', 'Старое'],
  ['Новый', 'Новая', 'Новое'],
  ['Большой', 'Большая', 'Большое'],
  ['Маленький', 'Маленькая', 'Маленькое'],
  ['Далёкий', 'Далёкая', 'Далёкое'],
  ['Холодный', 'Холодная', 'Холодное'],
  ['Горячий', 'Горячая', 'Горячее'],
  ['Северный', 'Северная', 'Северное'],
  ['Южный', 'Южная', 'Южное'],
  ['Забытый', 'Забытая', 'Забытое'],
  ['Потерянный', 'Потерянная', 'Потерянное'],
  ['Тайный', 'Тайная', 'Тайное'],
  ['Ночной', 'Ночная', 'Ночное'],
  ['Дневной', 'Дневная', 'Дневное'],
  ['Русский', 'Русская', 'Русское'],
  ['Московский', 'Московская', 'Московское'],
  ['Летний', 'Летняя', 'Летнее'],
  ['Зимний', 'Зимняя', 'Зимнее'],
  ['Весенний', 'Весенняя', 'Весеннее'],
  ['Осенний', 'Осенняя', 'Осеннее'],
  ['Счастливый', 'Счастливая', 'Счастливое'],
  ['Опасный', 'Опасная', 'Опасное'],
  ['Странный', 'Странная', 'Странное'],
  ['Железный', 'Железная', 'Железное'],
  ['Стеклянный', 'Стеклянная', 'Стеклянное'],
  ['Дикий', 'Дикая', 'Дикое'],
  ['Вечный', 'Вечная', 'Вечное'],
  ['Быстрый', 'Быстрая', 'Быстрое'],
  ['Одинокий', 'Одинокая', 'Одинокое'],
  ['Безумный', 'Безумная', 'Безумное'],
  ['Невидимый', 'Невидимая', 'Невидимое'],
  ['Первый', 'Первая', 'Первое'],
  ['Лучший', 'Лучшая', 'Лучшее'],
  ['Морской', 'Морская', 'Морское'],
  ['Лесной', 'Лесная', 'Лесное'],
  ['Городской', 'Городская', 'Городское'],
  ['Сибирский', 'Сибирская', 'Сибирское'],
  ['Хрустальный', 'Хрустальная', 'Хрустальное'],
  ['Серебряный', 'Серебряная', 'Серебряное'],
  ['Настоящий', 'Настоящая', 'Настоящее'],
  ['Чужой', 'Чужая', 'Чужое'],
  ['Жестокий', 'Жестокая', 'Жестокое'],
  ['Волшебный', 'Волшебная', 'Волшебное'],
];

const NOUNS: ReadonlyArray<readonly [string, Gender]> = [
  ['дом', 'm'],
  ['город', 'm'],
  ['берег', 'm'],
  ['рубеж', 'm'],
  ['дозор', 'm'],
  ['поезд', 'm'],
  ['остров', 'm'],
  ['лес', 'm'],
  ['сад', 'm'],
  ['мост', 'm'],
  ['ветер', 'm'],
  ['снег', 'm'],
  ['огонь', 'm'],
  ['капитан', 'm'],
  ['доктор', 'm'],
  ['детектив', 'm'],
  ['свидетель', 'm'],
  ['путь', 'm'],
  ['рассвет', 'm'],
  ['закат', 'm'],
  ['экипаж', 'm'],
  ['патруль', 'm'],
  ['отряд', 'm'],
  ['брат', 'm'],
  ['друг', 'm'],
  ['сосед', 'm'],
  ['шпион', 'm'],
  ['король', 'm'],
  ['маршрут', 'm'],
  ['квартал', 'm'],
  ['роман', 'm'],
  ['вокзал', 'm'],
  ['гость', 'm'],
  ['улей', 'm'],
  ['маяк', 'm'],
  ['ночь', 'f'],
  ['река', 'f'],
  ['дорога', 'f'],
  ['земля', 'f'],
  ['звезда', 'f'],
  ['война', 'f'],
  ['любовь', 'f'],
  ['тайна', 'f'],
  ['игра', 'f'],
  ['история', 'f'],
  ['семья', 'f'],
  ['комната', 'f'],
  ['граница', 'f'],
  ['станция', 'f'],
  ['планета', 'f'],
  ['кухня', 'f'],
  ['школа', 'f'],
  ['улица', 'f'],
  ['зима', 'f'],
  ['весна', 'f'],
  ['буря', 'f'],
  ['тень', 'f'],
  ['жизнь', 'f'],
  ['мечта', 'f'],
  ['сказка', 'f'],
  ['легенда', 'f'],
  ['охота', 'f'],
  ['погоня', 'f'],
  ['больница', 'f'],
  ['деревня', 'f'],
  ['небо', 'n'],
  ['море', 'n'],
  ['озеро', 'n'],
  ['лето', 'n'],
  ['утро', 'n'],
  ['сердце', 'n'],
  ['зеркало', 'n'],
  ['время', 'n'],
  ['поле', 'n'],
  ['царство', 'n'],
  ['племя', 'n'],
  ['письмо', 'n'],
  ['дело', 'n'],
  ['наследство', 'n'],
  ['путешествие', 'n'],
  ['возвращение', 'n'],
  ['превращение', 'n'],
  ['окно', 'n'],
  ['золото', 'n'],
  ['счастье', 'n'],
];

const GENITIVES = [
  'острова',
  'прошлого',
  'океана',
  'севера',
  'тайги',
  'времени',
  'фараона',
  'капитана',
  'дракона',
  'полковника',
  'короля',
  'Москвы',
  'Петербурга',
  'Сибири',
  'Байкала',
  'Урала',
  'Кавказа',
  'моря',
  'пустыни',
  'степи',
  'звёзд',
  'богов',
  'героев',
  'мёртвых',
  'живых',
  'призраков',
  'льда',
  'огня',
  'ветра',
  'любви',
  'судьбы',
  'надежды',
  'мечты',
  'счастья',
  'памяти',
  'правды',
  'чести',
  'славы',
  'свободы',
  'дома',
];

const NAMES = [
  'Андрей',
  'Мария',
  'Иван',
  'Анна',
  'Сергей',
  'Ольга',
  'Дмитрий',
  'Наталья',
  'Алексей',
  'Екатерина',
  'Михаил',
  'Юлия',
  'Николай',
  'Татьяна',
  'Пётр',
  'Жанна',
  'Фёдор',
  'Ксения',
  'Григорий',
  'Василиса',
];

const ENGLISH = [
  'Silent',
  'House',
  'Last',
  'Dark',
  'Road',
  'Night',
  'City',
  'River',
  'Star',
  'Island',
  'Secret',
  'Winter',
  'Summer',
  'Heart',
  'Storm',
  'Shadow',
  'Frontier',
  'Captain',
  'Legend',
  'Hunt',
];

const CHANNEL_WORDS = [
  'Кадр',
  'Кино',
  'Новости',
  'Спорт',
  'Музыка',
  'Детям',
  'Мульт',
  'Наука',
  'Путешествия',
  'История',
  'Юмор',
  'Драйв',
  'Охота',
  'Кухня',
  'Дом',
  'Сад',
  'Стиль',
  'Мир',
  'Регион',
  'Премьера',
];

async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

const GENDER_INDEX: Record<Gender, 0 | 1 | 2> = { m: 0, f: 1, n: 2 };

/** One synthetic title: «Тихий дом», «Тайна острова», «Ночная дорога Андрея 2», «Мария и море»… */
export function syntheticTitle(random: () => number): { title: string; original: string | null } {
  const [noun, gender] = pick(random, NOUNS);
  const adjective = pick(random, ADJECTIVES)[GENDER_INDEX[gender]];
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const form = random();
  let title: string;
  if (form < 0.35) title = `${adjective} ${noun}`;
  else if (form < 0.6) title = `${capital(noun)} ${pick(random, GENITIVES)}`;
  else if (form < 0.75) title = `${adjective} ${noun} ${pick(random, GENITIVES)}`;
  else if (form < 0.85) title = `${pick(random, NAMES)} и ${noun}`;
  else if (form < 0.93) title = `${capital(noun)}: ${pick(random, NAMES)}`;
  else title = `${adjective} ${noun} ${2 + Math.floor(random() * 4)}`;
  const original = random() < 0.3 ? `${pick(random, ENGLISH)} ${pick(random, ENGLISH)}` : null;
  return { title, original };
}

/** Inserts `titles` contents and `channels` channels (keys `bench-…`), `batch` rows per statement. */
export async function generateCatalogue(
  execute: Execute,
  options: { titles: number; channels?: number; seed?: number; batch?: number },
): Promise<void> {
  const random = prng(options.seed ?? 42);
  // The search GIN indexes are built with fastupdate off (every row goes straight into the index):
  // right for rare imports, slow for 100 000 rows at once. During the load, new entries go to the
  // pending list instead; VACUUM merges it in and the indexes get their setting back.
  const gin = (
    await rowsOf<{ name: string; options: string[] | null }>(
      execute(
        `select i.indexrelid::regclass::text as name, c.reloptions as options
         from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
        where a.amname = 'gin' and i.indrelid::regclass::text in ('contents', 'channels', 'search_words')`,
        [],
      ),
    )
  ).filter((index) => index.options?.includes('fastupdate=off'));
  for (const index of gin) await execute(`alter index ${index.name} set (fastupdate = on)`, []);
  const batch = options.batch ?? 5000;
  const channels = options.channels ?? 300;

  for (let start = 0; start < channels; start += batch) {
    const keys: string[] = [];
    const names: string[] = [];
    for (let i = start; i < Math.min(channels, start + batch); i++) {
      keys.push(`bench-ch-${i}`);
      names.push(`${pick(random, CHANNEL_WORDS)} ${pick(random, CHANNEL_WORDS)} ${i}`);
    }
    await execute(
      `insert into channels (key, name, logo_url, search_text)
       select k, n, '/media/images/bench-logo.svg', s from unnest($1::text[], $2::text[], $3::text[]) as t(k, n, s)
       on conflict (key) do nothing`,
      [keys, names, names.map(normalize)],
    );
  }

  for (let start = 0; start < options.titles; start += batch) {
    const rows = {
      key: [] as string[],
      title: [] as string[],
      original: [] as Array<string | null>,
      year: [] as number[],
      rating: [] as number[],
      search: [] as string[],
    };
    for (let i = start; i < Math.min(options.titles, start + batch); i++) {
      const { title, original } = syntheticTitle(random);
      rows.key.push(`bench-${i}`);
      rows.title.push(title);
      rows.original.push(original);
      rows.year.push(1960 + Math.floor(random() * 66));
      rows.rating.push(Math.round(random() * 100) / 10);
      rows.search.push(normalize([title, original].filter(Boolean).join(' ')));
    }
    await execute(
      `insert into contents (key, type, title, original_title, description, year, rating, poster_url, search_text)
       select k, 'film', t, o, 'Синтетическое описание для нагрузочного теста.', y, r,
              '/media/images/bench-poster.svg', s
         from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::numeric[], $6::text[]) as x(k, t, o, y, r, s)
       on conflict (key) do nothing`,
      [rows.key, rows.title, rows.original, rows.year, rows.rating, rows.search],
    );
  }
  // Fresh statistics for the planner, and the GIN pending lists merged into the indexes.
  for (const table of ['contents', 'channels', 'search_words', 'search_postings'])
    await execute(`vacuum analyze ${table}`, []);
  for (const index of gin) await execute(`alter index ${index.name} set (fastupdate = off)`, []);
}

// Cyrillic → Latin as people type it (the search reads it back); one common spelling per letter.
const LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};
const toLatin = (text: string) => [...text].map((c) => LATIN[c] ?? c).join('');

/** Swaps two neighbouring letters in the middle of the longest word (a typo of one edit). */
function typo(text: string): string | null {
  const words = text.split(' ');
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
  if (longest.length < 6) return null;
  const i = Math.floor(longest.length / 2);
  const typed = longest.slice(0, i - 1) + longest[i] + longest[i - 1] + longest.slice(i + 1);
  return words.map((w) => (w === longest ? typed : w)).join(' ');
}

/**
 * Realistic queries from catalogue titles: 3–6 letter prefixes (typing in progress), whole titles,
 * typos, the wrong layout, transliteration, plus queries that find nothing.
 */
export function queriesFrom(titles: readonly string[]): string[] {
  const queries: string[] = [];
  for (const [i, raw] of titles.entries()) {
    const title = raw.toLowerCase().replace(/[^\p{L}\p{N} ]+/gu, '');
    const first = title.split(' ')[0] ?? title;
    const prefix = first.slice(0, 3 + (i % 4));
    queries.push(prefix.length >= 3 ? prefix : title, title);
    const typed = typo(title);
    if (typed) queries.push(typed);
    if (i % 2 === 0) queries.push(cyrillicLayoutToLatin(prefix.length >= 3 ? prefix : title));
    else queries.push(toLatin(title));
  }
  queries.push('ничего такого нет', 'qwertyuiop', 'zzzz yyyy', 'абвгдежз');
  return queries.filter((q) => q.trim().length >= 3).map((q) => q.slice(0, 100));
}
