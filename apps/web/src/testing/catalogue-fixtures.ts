// Test and story support: catalogue data typed by the contract, and fake API handlers serving it.
import type { CallId } from '@kadr/api-contract';
import { art, STORY_CHANNEL_NAMES, STORY_TITLES } from '@kadr/ui-kit/testing';
import type {
  ChannelItem,
  Collection,
  Content,
  Episode,
  FilmCardData,
  Goods,
  SearchHint,
  Season,
} from '../shared/catalogue-types';
import type { FakeHandler } from './fake-services';

/** A film card with generated artwork. */
export function film(id: number, title: string, genre = 'Драма', year: number | null = 2023): FilmCardData {
  return {
    EK_id: id,
    EK_title: title,
    genre,
    year,
    sticker_image_url: id % 5 === 0 ? art('sticker', 'Новинка') : null,
    thumb_poster_url: art('poster', title),
    thumb_banner_url: art('banner', title),
  };
}

/** The sample catalogue's titles (shared with the ui-kit stories). */
const TITLES = STORY_TITLES;

/** `count` film cards starting from title `from` (ids 101…). */
export function films(count: number, from = 0): FilmCardData[] {
  return Array.from({ length: count }, (_, i) => {
    const index = (from + i) % TITLES.length;
    const [title, genre, year] = TITLES[index]!;
    return film(101 + from + i, title, genre, year);
  });
}

/** A channel item. */
export function channel(id: number, name: string): ChannelItem {
  return { tv_channel_id: id, chan_name: name, chan_poster_url: art('channel', name) };
}

/** The sample catalogue's channel names (shared with the ui-kit stories). */
const CHANNELS = STORY_CHANNEL_NAMES;

/** Channel items (ids 1…). */
export function channels(count = CHANNELS.length): ChannelItem[] {
  return CHANNELS.slice(0, count).map((name, i) => channel(i + 1, name));
}

/**
 * Home rails (tab Main2) in the order the API may send them: a queue first, then the banner rail,
 * which the home page moves to the top (SPEC §2 "a first banner or teaser collection").
 */
export function homeCollections(): Collection[] {
  return [
    { RB_id: 1, RB_title: 'Продолжить просмотр', RB_type: 'queue', EKs: films(8, 4) },
    { RB_id: 2, RB_title: 'Главное', RB_type: 'banner', EKs: films(5, 0) },
    { RB_id: 3, RB_title: 'Новинки', RB_type: 'teaser', EKs: films(12, 2) },
    { RB_id: 4, RB_title: 'Премьеры недели', RB_type: 'banner', EKs: films(6, 7) },
    { RB_id: 5, RB_title: 'Популярные сериалы', RB_type: 'queue', EKs: films(15, 5) },
  ];
}

/** TV tab rails (tab tv_channels_tab): channel-type content and channels. */
export function tvCollections(): Collection[] {
  return [
    { RB_id: 11, RB_title: 'Эфирные каналы', RB_type: 'tv_channels', EKs: channels() },
    { RB_id: 12, RB_title: 'Телешоу', RB_type: 'queue', EKs: films(8, 3) },
    { RB_id: 13, RB_title: 'Тематические каналы', RB_type: 'tv_channels', EKs: channels(6).reverse() },
  ];
}

/** The search tab's recommendations. */
export function searchCollections(): Collection[] {
  return [{ RB_id: 21, RB_title: 'Смотрят сейчас', RB_type: 'queue', EKs: films(10, 3) }];
}

/** Goods of a content item that is on sale (`vendor_id` set). */
export function goods(overrides: Partial<Goods> = {}): Goods {
  return {
    good_type: 'package',
    package_id: 3,
    package_name: 'Кадр Премиум',
    partner_label: 'Оригинальный сериал Кадра',
    vendor_id: 'kadr-42',
    is_free: false,
    is_bought: false,
    is_preview: true,
    is_trial: false,
    is_trial_current: false,
    is_active_parent: false,
    store_name: null,
    ended_at: null,
    cost: 399,
    status: 'not_purchased',
    actions: [],
    tariffs: [{ pay_text: 'Подключить за 399 ₽ в месяц', pay_info: null, texts: [] }],
    ...overrides,
  };
}

/** `count` episodes of a season (ids `seasonNumber * 100 + n`); the last one announced when asked. */
export function episodes(
  seasonNumber: number,
  count: number,
  options: { announceLast?: boolean } = {},
): Episode[] {
  return Array.from({ length: count }, (_, i) => ({
    EP_id: seasonNumber * 100 + i + 1,
    EP_title: `Серия ${i + 1}: ${['Пилот', 'Гроза', 'Старый мост', 'Письмо', 'Чужие', 'Обрыв', 'Возвращение', 'Финал'][i % 8]}`,
    EP_order_number: i + 1,
    poster_url: art('episode', `Сезон ${seasonNumber} серия ${i + 1}`),
    is_announce: Boolean(options.announceLast) && i === count - 1,
    season_number: seasonNumber,
  }));
}

const DESCRIPTION =
  'Семья Вороновых возвращается в старый дом на берегу северного озера, где двадцать лет назад бесследно ' +
  'исчез их младший сын. Соседи молчат, дом хранит чужие письма, а по ночам на озере снова загорается свет. ' +
  'Чтобы узнать правду, им придётся вспомнить то, что они так старательно забывали.';

/** A film. */
export function filmContent(overrides: Partial<Content> = {}): Content {
  const title = overrides.EK_title ?? 'Тихий дом';
  return {
    EK_id: 12,
    EK_type: 'film',
    EK_title: title,
    EK_description: DESCRIPTION,
    thumb_wide_poster_url: art('wide', title),
    thumb_logotype_url: null,
    kp_rating: 7.89,
    year: 2023,
    genre: 'Драма',
    country: 'Россия',
    age_rating: 16,
    created_at: '2026-11-01T10:00:00+03:00',
    seasons: null,
    episodes: [],
    trailer_episode: { EP_id: 9001 },
    content_url: null,
    lastLoadSeasonID: null,
    goods: goods({ partner_label: null }),
    similar: films(6, 5),
    ...overrides,
  };
}

/** Season ids of the series fixture: season N is 70 + N. */
export const seasonId = (seasonNumber: number) => 70 + seasonNumber;

/** The episodes of each season of the series fixture (season 3 ends with an announced episode). */
export const seriesSeasons: Record<number, Episode[]> = {
  1: episodes(1, 8),
  2: episodes(2, 6),
  3: episodes(3, 5, { announceLast: true }),
};

/** A series of three seasons; the content carries season 1's episodes. */
export function seriesContent(overrides: Partial<Content> = {}): Content {
  return filmContent({
    EK_id: 9,
    EK_type: 'TVShow',
    EK_title: 'Северный ветер',
    thumb_wide_poster_url: art('wide', 'Северный ветер'),
    thumb_logotype_url: art('logo', 'Северный ветер'),
    kp_rating: 8.42,
    genre: 'Приключения',
    age_rating: 12,
    seasons: [1, 2, 3].map((n) => ({ season_id: seasonId(n), season_number: n })),
    episodes: seriesSeasons[1]!,
    lastLoadSeasonID: seasonId(1),
    goods: goods(),
    ...overrides,
  });
}

/** A channel-type content item. */
export function channelContent(overrides: Partial<Content> = {}): Content {
  return filmContent({
    EK_id: 31,
    EK_type: 'TVChan',
    EK_title: 'Кино ТВ',
    thumb_wide_poster_url: art('wide', 'Кино ТВ'),
    kp_rating: 0,
    year: null,
    genre: 'Кино',
    age_rating: 0,
    trailer_episode: null,
    similar: [],
    goods: goods({ partner_label: null }),
    ...overrides,
  });
}

/** Search hints for a query: content whose title contains it, then channels; `[{id: 0}]` when none. */
export function searchHints(query: string): SearchHint[] {
  const q = query.trim().toLowerCase();
  const content: SearchHint[] = films(15)
    .filter((item) => item.EK_title.toLowerCase().includes(q))
    .map((item) => ({
      type: 'content',
      id: item.EK_id,
      title: item.EK_title,
      year: item.year,
      image_url: item.thumb_poster_url,
      sticker_image_url: item.sticker_image_url,
    }));
  const found: SearchHint[] = channels()
    .filter((item) => item.chan_name.toLowerCase().includes(q))
    .map((item) => ({
      type: 'channel',
      id: item.tv_channel_id,
      title: item.chan_name,
      year: null,
      image_url: item.chan_poster_url,
      sticker_image_url: null,
    }));
  const items = [...content, ...found];
  return items.length > 0
    ? items
    : [{ type: 'content', id: 0, title: '', year: null, image_url: null, sticker_image_url: null }];
}

/** The contents the fake API knows: a film (12), a series (9), a channel (31); 404 is code 900. */
export const contents: Record<number, () => Content> = {
  12: () => filmContent(),
  9: () => seriesContent(),
  31: () => channelContent(),
};

/** An error shaped like the api-client's ApiError (as fake-services' apiError; no import cycle). */
const apiError = (code: number, error: string) =>
  Object.assign(new Error(`api error ${code}`), { code, error });

/** Programme titles of the fake channels, one every two hours from midnight. */
export const SCHEDULE_TITLES = [
  'Ночной эфир',
  'Документальный цикл',
  'Утренние новости',
  'Доброе утро',
  'Кино до обеда',
  'Дневные новости',
  'Сериал «Северный ветер»',
  'Спорт',
  'Вечерние новости',
  'Большое кино',
  'Ток-шоу',
  'Поздний сеанс',
] as const;

/** Days the fake channels' archives keep (the api's default, ARCHIVE_DAYS). */
export const FAKE_ARCHIVE_DAYS = 3;
/** The fake channel that keeps no archive: «Детский». */
export const NO_ARCHIVE_CHANNEL = 4;

/** A channel as the fake api knows it. */
export interface FakeChannel {
  id: number;
  name: string;
  /** Days its archive keeps (getTvSchedule's archive_days). */
  archiveDays: number;
}

/**
 * The fake api's channels: those of the TV tab's rails (ids 1…9, `channels()`), each with its own
 * schedule; every one keeps a {@link FAKE_ARCHIVE_DAYS}-day archive but {@link NO_ARCHIVE_CHANNEL}.
 * Undefined for any other id.
 */
export function fakeChannel(id: number): FakeChannel | undefined {
  const item = channels().find((candidate) => candidate.tv_channel_id === id);
  if (!item) return undefined;
  return { id, name: item.chan_name, archiveDays: id === NO_ARCHIVE_CHANNEL ? 0 : FAKE_ARCHIVE_DAYS };
}

/** The channel-type content items and their channels: «Кино ТВ» (31) is channel 2. */
export const contentChannels: Record<number, number> = { 31: 2 };

/** Length of every programme of the fake channels. */
export const FAKE_PROGRAMME_MS = 7_200_000;

/**
 * A day of a fake channel («Кино ТВ» unless named): twelve two-hour programmes from the day's midnight
 * in the offset the request names, so every day and time zone has a full schedule; each with an
 * announcement image.
 */
export function fakeScheduleDay(dayStart: string, channelName = 'Кино ТВ') {
  const midnight = Date.parse(dayStart);
  return SCHEDULE_TITLES.map((title, index) => ({
    tv_air_date_start: new Date(midnight + index * FAKE_PROGRAMME_MS).toISOString(),
    tv_air_date_end: new Date(midnight + (index + 1) * FAKE_PROGRAMME_MS).toISOString(),
    EK_title: title,
    EK_description: `${title}: описание передачи.`,
    tv_channel_title: channelName,
    poster_url: null,
    announce_url: art('wide', `${channelName}: ${title}`),
  }));
}

type Input = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
};

/** Fake handlers of every catalogue and search call over the fixtures above. */
export function catalogueHandlers(): Partial<Record<CallId, FakeHandler>> {
  const collectionsByTab: Record<string, () => Collection[]> = {
    Main2: homeCollections,
    tv_channels_tab: tvCollections,
    search: searchCollections,
  };
  return {
    getCollections: (input) => {
      const tab = String((input as Input).query?.tab_id);
      return { collections: collectionsByTab[tab]?.() ?? [] };
    },
    getContent: (input) => {
      const make = contents[Number((input as Input).params?.id)];
      if (!make) throw apiError(900, 'no_content');
      return make();
    },
    getSeasonEpisodes: (input) => {
      const id = Number((input as Input).params?.season_id);
      const number = id - 70;
      const list = seriesSeasons[number];
      if (!list) throw apiError(404, 'not_found');
      return { season_id: id, season_number: number, episodes: list } satisfies Season;
    },
    getSeasonByEpisodeId: (input) => {
      const episodeId = Number((input as Input).body?.EP_id);
      const number = Math.floor(episodeId / 100);
      const list = seriesSeasons[number];
      if (!list) throw apiError(404, 'not_found');
      return { season_id: seasonId(number), season_number: number, episodes: list } satisfies Season;
    },
    getSimilar: (input) => {
      const make = contents[Number((input as Input).params?.id)];
      return { items: make?.().similar ?? [] };
    },
    searchHint: (input) => ({ items: searchHints(String((input as Input).body?.search_query ?? '')) }),
    // As the api: an unknown content item is code 900, one that is not a channel or an unknown channel
    // 404; the answer names the days the channel's archive keeps.
    getTvSchedule: (input) => {
      const body = (input as Input).body ?? {};
      let channelId = Number(body.stream_id);
      if (body.EK_id !== undefined) {
        const ekId = Number(body.EK_id);
        if (!contents[ekId]) throw apiError(900, 'no_content');
        const linked = contentChannels[ekId];
        if (linked === undefined) throw apiError(404, 'not_a_channel');
        channelId = linked;
      }
      const found = fakeChannel(channelId);
      if (!found) throw apiError(404, 'channel_not_found');
      return {
        items: fakeScheduleDay(String(body.tv_schedule_day_start_utc0), found.name),
        archive_days: found.archiveDays,
      };
    },
  };
}
