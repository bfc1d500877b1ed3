/**
 * The demo EPG: a channel's programmes for one Moscow day, drawn from the channel's genres (news,
 * sport, kids, films, series, documentaries, music, travel, cooking, entertainment). Deterministic:
 * the same channel and day always give the same programmes, so every instance and every re-run of
 * the fill writes the same rows (src/modules/live/demo-schedule-fill.ts).
 *
 * Like a real feed, a day does not end exactly at midnight: day d runs from 00:00 + offset(d) to
 * 24:00 + offset(d + 1), where the offset (0–40 min) depends on the channel and the day alone. So
 * consecutive days join without gap or overlap, and the last programme of a day crosses midnight.
 */

import { hashString, type Rng, seeded } from '../catalogue';
import type { NewProgramme } from './guide-queries';

/** Moscow time is UTC+3 all year (no daylight saving since 2014). */
export const MOSCOW_OFFSET = '+03:00';
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/** Programme lengths, minutes. */
export const MIN_PROGRAMME_MINUTES = 15;
export const MAX_PROGRAMME_MINUTES = 120;
/** The latest a day's first programme starts after midnight, minutes (a multiple of 5). */
const MAX_DAY_OFFSET_MINUTES = 40;
/** Share of programmes that get an image when the channel has some. */
const IMAGE_SHARE = 0.7;

/** A Moscow calendar day, `YYYY-MM-DD`. */
export type MoscowDay = string;

/** The Moscow day of a moment. */
export function moscowDayOf(moment: Date): MoscowDay {
  return new Date(moment.getTime() + 3 * 60 * MINUTE_MS).toISOString().slice(0, 10);
}

/** The moment a Moscow day starts (its midnight). */
export function moscowDayStart(day: MoscowDay): Date {
  return new Date(`${day}T00:00:00${MOSCOW_OFFSET}`);
}

/** The Moscow day `n` days after `day` (before it for negative `n`). */
export function addDays(day: MoscowDay, n: number): MoscowDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** What a channel's programmes are drawn from. */
export interface DemoChannel {
  /** The channel's manifest key: seeds its programmes. */
  key: string;
  /** Genre keys, main first (unknown ones fall back to general entertainment). */
  genres: readonly string[];
  /** Image pairs a programme may show (the catalogue's generated posters); none: no images. */
  images?: readonly { poster: string; announce: string }[];
}

/** One generated programme, on air in [startsAt, endsAt): a programme to write, but for its channel. */
export type DemoProgramme = Omit<NewProgramme, 'channelId'>;

/** A show a channel may air: its title and description drawn with the day's generator. */
interface Show {
  minutes: readonly number[];
  /** Relative chance of being picked (default 1). */
  weight?: number;
  /** Moscow hours [from, to) in which it may start (default: any time). */
  hours?: readonly [number, number];
  make(rng: Rng): { title: string; description: string };
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

/** A show with a fixed title and one of a few descriptions. */
const fixed = (
  title: string,
  minutes: readonly number[],
  descriptions: readonly string[],
  weight = 1,
  hours?: readonly [number, number],
): Show => ({
  minutes,
  weight,
  ...(hours ? { hours } : {}),
  make: (rng) => ({ title, description: pick(rng, descriptions) }),
});

/** A show whose title and description come in pairs (a film, a documentary). */
const oneOf = (
  prefix: string,
  minutes: readonly number[],
  items: readonly (readonly [string, string])[],
  weight = 1,
): Show => ({
  minutes,
  weight,
  make: (rng) => {
    const [title, description] = pick(rng, items);
    return { title: `${prefix}«${title}»`, description };
  },
});

/** A series: one of its titles with an episode number. */
const series = (
  prefix: string,
  minutes: readonly number[],
  items: readonly (readonly [string, string])[],
  episodes: number,
  weight = 1,
): Show => ({
  minutes,
  weight,
  make: (rng) => {
    const [title, description] = pick(rng, items);
    const episode = 1 + Math.floor(rng() * episodes);
    return { title: `${prefix}«${title}». ${episode}-я серия`, description };
  },
});

const FILMS = [
  ['Последний рейс', 'Пилот грузового самолёта получает задание, от которого зависит судьба целого посёлка.'],
  ['Тёплый август', 'Лето в деревне у бабушки переворачивает жизнь городского подростка.'],
  ['Северный ветер', 'Полярники на дрейфующей станции остаются без связи с большой землёй.'],
  ['Дом у реки', 'Три поколения одной семьи собираются вместе, чтобы решить судьбу старого дома.'],
  ['Двойной тариф', 'Таксист и случайная пассажирка за одну ночь распутывают историю с пропавшими деньгами.'],
  ['Сигнал с орбиты', 'Молодой инженер ловит странный сигнал и пытается доказать, что это не помеха.'],
  ['Улица без фонарей', 'Следователь ищет свидетелей давнего происшествия в маленьком городе.'],
  ['Шахматист', 'Сельский учитель бросает вызов чемпиону мира и едет на турнир в столицу.'],
  ['Лёд и пламя', 'Фигуристка после тяжёлой травмы возвращается на лёд вопреки прогнозам врачей.'],
  ['Поезд до Владивостока', 'Случайные попутчики за неделю пути становятся друг другу ближе, чем родные.'],
  ['Семь дней тишины', 'Писатель уезжает в глушь дописать книгу, но тишина оказывается обманчивой.'],
  ['Граница тумана', 'Пограничный наряд сталкивается с загадкой на заброшенной заставе.'],
] as const;

const CLASSIC_FILMS = [
  [
    'Весенний призыв',
    'Классика отечественного кино: молодые ребята уходят на службу и взрослеют за один год.',
  ],
  ['Большая стройка', 'Бригада монтажников возводит мост через сибирскую реку наперегонки с ледоходом.'],
  ['Московские окна', 'Лирическая комедия о жильцах одной коммунальной квартиры.'],
  ['Дорога к морю', 'Семья на стареньком автомобиле отправляется в отпуск через полстраны.'],
  ['Первая смена', 'Выпускница педучилища приезжает работать в пионерский лагерь.'],
  ['Тихая пристань', 'Капитан речного буксира на последнем рейсе перед пенсией встречает старую любовь.'],
] as const;

const SERIALS = [
  ['Участок у моря', 'Участковый из большого города наводит порядок в курортном посёлке.'],
  ['Соседи по лестнице', 'Комедийный сериал о жильцах одного подъезда и их общих заботах.'],
  [
    'Дело следователя Громова',
    'Следователь Громов берётся за запутанные дела, от которых отказались коллеги.',
  ],
  ['Больничные будни', 'Врачи городской больницы спасают пациентов и разбираются в собственных отношениях.'],
  ['Третья смена', 'Сотрудники завода борются за своё предприятие и за свою бригаду.'],
  ['Семейный бизнес', 'Три сестры наследуют отцовскую пекарню и пытаются её не потерять.'],
] as const;

const DOCUMENTARIES = [
  ['Тайны глубокого космоса', 'Как астрономы ищут планеты у далёких звёзд и что уже удалось узнать.'],
  ['Как устроен океан', 'Течения, глубины и жители мирового океана в съёмках подводных экспедиций.'],
  ['Великие изобретения', 'История вещей, без которых невозможно представить сегодняшний день.'],
  ['Вулканы Камчатки', 'Экспедиция учёных к действующим вулканам полуострова.'],
  ['Мозг и память', 'Нейробиологи объясняют, как мы запоминаем и почему забываем.'],
  ['Город будущего', 'Архитекторы и инженеры о том, какими станут города через полвека.'],
] as const;

const HISTORY = [
  ['Петровские верфи', 'Как строился первый русский флот и кто стоял за великими кораблями.'],
  ['Хроники Смутного времени', 'События начала XVII века по летописям и свидетельствам современников.'],
  ['Города-крепости', 'Кремли и остроги, которые веками защищали границы страны.'],
  ['Шёлковый путь', 'Караванные дороги, связавшие Европу и Азию, и города на них.'],
  ['Великие реформы', 'Отмена крепостного права и перемены, изменившие жизнь миллионов людей.'],
] as const;

const SHOWS: Record<string, readonly Show[]> = {
  news: [
    fixed(
      'Новости',
      [15, 30],
      [
        'Главные события часа: политика, экономика, происшествия и погода.',
        'Свежий выпуск: события в стране и мире, прямые включения корреспондентов.',
      ],
      5,
    ),
    fixed('Экономика', [15], ['Курсы валют, биржевые сводки и комментарии аналитиков.']),
    fixed('Погода', [15], ['Прогноз погоды по регионам на ближайшие дни.']),
    fixed('Интервью', [30], ['Гость студии отвечает на вопросы ведущего о главной теме дня.']),
    fixed('Итоги дня', [45, 60], ['Подробный разбор главных событий прошедшего дня.'], 1, [19, 24]),
    fixed('Мир сегодня', [30, 60], ['Международное обозрение: главное из разных стран за последние часы.']),
    fixed('Репортаж', [30], ['Корреспонденты рассказывают о людях и событиях из разных уголков страны.']),
  ],
  movies: [
    oneOf('Х/ф ', [90, 105, 120], FILMS, 4),
    fixed('Киножурнал', [30], ['Новости кино, интервью с актёрами и режиссёрами, съёмки новых фильмов.']),
    fixed('Анонс недели', [15], ['Какие фильмы покажет канал в ближайшие дни.']),
  ],
  serials: [
    series('Т/с ', [45, 50, 60], SERIALS, 24, 5),
    fixed('За кадром', [30], ['Как снимают сериалы: декорации, каскадёры и истории актёров.']),
  ],
  kids: [
    fixed('Мультфильмы', [30, 45, 60], ['Сборник отечественных мультфильмов для самых маленьких.'], 3),
    series(
      'М/с ',
      [15, 30],
      [
        ['Ёжик и звёзды', 'Любознательный ёжик каждый вечер узнаёт что-то новое о ночном небе.'],
        ['Робот Тим', 'Маленький робот учится дружить и помогать другим.'],
        ['Лесная почта', 'Почтальон-бельчонок разносит письма жителям леса.'],
      ],
      40,
      3,
    ),
    fixed('Сказка на ночь', [15], ['Добрая сказка, которую читает актёр театра.'], 2, [19, 22]),
    fixed('Умелые ручки', [30], ['Мастерим поделки из бумаги, картона и природных материалов.']),
    fixed('Зарядка с чемпионом', [15], ['Весёлая утренняя зарядка для детей и родителей.'], 2, [6, 10]),
    fixed('Почемучка', [30], ['Ведущие отвечают на детские вопросы о природе и технике.']),
    oneOf(
      'М/ф ',
      [75, 90],
      [
        ['Тайна старого маяка', 'Брат и сестра отправляются на поиски сокровищ смотрителя маяка.'],
        ['Кот в облаках', 'Домашний кот случайно улетает на воздушном шаре и ищет дорогу домой.'],
      ],
    ),
  ],
  sport: [
    fixed('Хоккей. Прямая трансляция', [120], ['Матч регулярного чемпионата в прямом эфире.'], 3, [16, 22]),
    fixed('Футбол. Обзор тура', [45, 60], ['Все голы и лучшие моменты тура с комментариями экспертов.'], 2),
    fixed('Биатлон. Кубок мира', [60, 75], ['Гонка преследования: борьба за жёлтую майку лидера.']),
    fixed('Спортивные новости', [15], ['Результаты матчей и главные новости спорта за день.'], 3),
    fixed('Студия «Спорт Плюс»', [30, 60], ['Эксперты обсуждают главные матчи недели и отвечают зрителям.']),
    fixed('Единоборства. Лучшие бои', [90], ['Самые зрелищные поединки сезона.']),
    fixed('Теннис. Кубок Кремля', [120], ['Трансляция матчей международного турнира.']),
    fixed(
      'Фитнес-утро',
      [30],
      ['Утренняя тренировка с мастером спорта: разминка, сила и растяжка.'],
      2,
      [6, 10],
    ),
  ],
  science: [
    oneOf('Д/ф ', [45, 60], DOCUMENTARIES, 4),
    fixed('Наука за пять минут', [15], ['Короткие ответы учёных на простые вопросы.']),
    fixed('Лекторий', [60], ['Открытая лекция учёного: физика, биология и астрономия простыми словами.']),
    fixed('Мир животных', [30, 45], ['Повадки диких животных в съёмках натуралистов.'], 2),
    fixed('Техно-обзор', [30], ['Новые изобретения и технологии, которые скоро изменят жизнь.']),
  ],
  history: [
    oneOf('Д/ф ', [45, 60], HISTORY, 3),
    oneOf('Х/ф ', [90, 105], CLASSIC_FILMS, 2),
    fixed('Исторический детектив', [45], ['Историки разбирают загадки прошлого по архивным документам.']),
    fixed('Усадьбы России', [30], ['Экскурсия по старинным усадьбам и музеям страны.']),
    fixed('Письма с фронта', [30], ['Актёры читают письма солдат Великой Отечественной войны.']),
  ],
  music: [
    fixed('Клипы нон-стоп', [60, 90, 120], ['Новые и любимые клипы без перерыва.'], 4),
    fixed('Хит-парад недели', [60], ['Двадцать самых популярных песен недели по голосованию зрителей.']),
    fixed('Живой звук', [60], ['Концерт в студии канала: музыканты играют вживую.']),
    fixed('Музыкальные новости', [15], ['Новые альбомы, гастроли и премьеры клипов.']),
    fixed('Ретро-хиты', [60], ['Песни восьмидесятых и девяностых, которые знает вся страна.']),
    fixed(
      'Симфонический вечер',
      [120],
      ['Концерт симфонического оркестра: классика в высоком качестве.'],
      2,
      [18, 23],
    ),
  ],
  travel: [
    series(
      'Д/с ',
      [30, 45],
      [
        ['Дороги Сибири', 'Путешествие на машине от Урала до Байкала.'],
        ['Пешком по Кавказу', 'Горные тропы, аулы и люди Кавказа.'],
        ['Острова', 'Малые острова России: от Соловков до Курил.'],
      ],
      12,
      3,
    ),
    fixed('Города мира', [30], ['Гид по столицам и небольшим городам: что посмотреть и что попробовать.']),
    fixed('Гид выходного дня', [30], ['Куда съездить на два дня недалеко от дома.']),
    fixed('Кругосветка на велосипеде', [45], ['Два друга объезжают земной шар на велосипедах.']),
  ],
  cooking: [
    fixed('Завтрак за 15 минут', [15], ['Быстрые и полезные завтраки на каждый день.'], 3, [6, 11]),
    fixed('Обед по-домашнему', [30], ['Супы, вторые блюда и гарниры, как готовят дома.'], 3, [11, 16]),
    fixed('Пироги бабушки Нины', [30], ['Пироги, ватрушки и кулебяки по старинным семейным рецептам.']),
    fixed('Гастротур', [45], ['Ведущий пробует местную кухню в городах России.']),
    fixed('Кулинарный поединок', [60], ['Два повара за час готовят блюдо из одного набора продуктов.']),
    fixed(
      'Выпечка без ошибок',
      [30],
      ['Кондитер объясняет, почему не поднимается тесто и как это исправить.'],
    ),
  ],
  entertainment: [
    fixed('Стендап-вечер', [60], ['Молодые комики читают свои лучшие монологи.'], 3, [20, 24]),
    series('Т/с ', [30], [['Офис на Лесной', 'Комедийный сериал о буднях небольшой фирмы.']], 30, 2),
    fixed('Смешно, а что?', [45, 60], ['Юмористическое шоу: скетчи, пародии и импровизация.']),
    fixed('Викторина «Знаток»', [45], ['Игроки отвечают на вопросы и борются за главный приз.']),
    fixed('Дачные истории', [30], ['Советы по саду и огороду, ремонту и загородной жизни.']),
    fixed('Ремонт за выходные', [45], ['Команда мастеров преображает квартиру за два дня.']),
  ],
};

const FALLBACK_GENRE = 'entertainment';

/** The genres the generator knows (channel genre keys of the demo catalogue). */
export const DEMO_SCHEDULE_GENRES: readonly string[] = Object.keys(SHOWS);

function showsOf(genres: readonly string[]): readonly Show[] {
  const shows = genres.flatMap((genre) => SHOWS[genre] ?? []);
  return shows.length > 0 ? shows : SHOWS[FALLBACK_GENRE]!;
}

/**
 * The next show: one allowed at this Moscow hour, not the one just aired (a feed rarely repeats a
 * show back to back), by weight.
 */
function nextShow(rng: Rng, shows: readonly Show[], hour: number, previous: Show | undefined): Show {
  const allowed = shows.filter(
    (s) => s !== previous && (!s.hours || (hour >= s.hours[0] && hour < s.hours[1])),
  );
  return weighted(rng, allowed.length > 0 ? allowed : shows);
}

function weighted(rng: Rng, shows: readonly Show[]): Show {
  const total = shows.reduce((sum, s) => sum + (s.weight ?? 1), 0);
  let at = rng() * total;
  for (const show of shows) {
    at -= show.weight ?? 1;
    if (at < 0) return show;
  }
  return shows.at(-1)!;
}

/** Minutes after midnight at which `day`'s first programme starts on `channelKey` (0–40, step 5). */
export function dayOffsetMinutes(channelKey: string, day: MoscowDay): number {
  const rng = seeded(hashString(`${channelKey}/${day}/offset`));
  return 5 * Math.floor(rng() * (MAX_DAY_OFFSET_MINUTES / 5 + 1));
}

/**
 * The programmes of one channel's Moscow day: contiguous, each 15–120 minutes, from 00:00 plus this
 * day's offset to the next day's 00:00 plus its offset (so the last one crosses midnight).
 */
export function generateDay(channel: DemoChannel, day: MoscowDay): DemoProgramme[] {
  const rng = seeded(hashString(`${channel.key}/${day}`));
  const shows = showsOf(channel.genres);
  const images = channel.images ?? [];
  const start = moscowDayStart(day).getTime() + dayOffsetMinutes(channel.key, day) * MINUTE_MS;
  const next = addDays(day, 1);
  const end = moscowDayStart(next).getTime() + dayOffsetMinutes(channel.key, next) * MINUTE_MS;

  const programmes: DemoProgramme[] = [];
  let at = start;
  let previous: Show | undefined;
  while (at < end) {
    const hour = new Date(at + 3 * 60 * MINUTE_MS).getUTCHours();
    const show = nextShow(rng, shows, hour, previous);
    previous = show;
    const left = (end - at) / MINUTE_MS;
    let minutes = pick(rng, show.minutes);
    // Never leave a tail shorter than a programme: take it all when it fits, else leave exactly 15.
    if (left - minutes < MIN_PROGRAMME_MINUTES) {
      minutes = left <= MAX_PROGRAMME_MINUTES ? left : left - MIN_PROGRAMME_MINUTES;
    }
    const { title, description } = show.make(rng);
    const image = images.length > 0 && rng() < IMAGE_SHARE ? pick(rng, images) : undefined;
    programmes.push({
      startsAt: new Date(at),
      endsAt: new Date(at + minutes * MINUTE_MS),
      title,
      description,
      posterUrl: image?.poster ?? null,
      announceUrl: image?.announce ?? null,
    });
    at += minutes * MINUTE_MS;
  }
  return programmes;
}
