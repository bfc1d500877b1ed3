// Story and test support: a few titles, channels and episodes with generated artwork. Reached through
// the workspace-only entry `@kadr/ui-kit/testing` (src/testing/index.ts), never published.
import { art } from './story-art.js';

/** Titles, main genres and years of the sample catalogue (the web app's fixtures use them too). */
export const STORY_TITLES: readonly (readonly [title: string, genre: string, year: number])[] = [
  ['Тихий дом', 'Драма', 2023],
  ['Северный ветер', 'Приключения', 2021],
  ['Последний рейс', 'Триллер', 2022],
  ['Соседи по планете', 'Комедия', 2020],
  ['Ледокол', 'Драма', 2016],
  ['Город без сна', 'Детектив', 2024],
  ['Время первых', 'Биография', 2017],
  ['Горький урожай', 'Мелодрама', 2019],
  ['Космос рядом', 'Фантастика', 2024],
  ['Дальний свет', 'Драма', 2018],
  ['Шахматист', 'Детектив', 2022],
  ['Большая перемена', 'Комедия', 2023],
  ['Белые ночи', 'Мелодрама', 2015],
  ['Сибирский цирюльник', 'Драма', 2014],
  ['Зимняя сказка', 'Семейный', 2021],
];

/** Channel names of the sample catalogue. */
export const STORY_CHANNEL_NAMES: readonly string[] = [
  'Первый',
  'Кино ТВ',
  'Спорт 24',
  'Детский',
  'Наука',
  'Музыка',
  'Новости',
  'Юмор',
  'История',
];

/** Films for rails and cards (the first twelve titles). */
export const storyFilms = STORY_TITLES.slice(0, 12).map(([title, genre, year], index) => ({
  key: String(index + 1),
  href: `#/movie/${index + 1}/`,
  title,
  genre,
  year,
  imageUrl: art('poster', title),
  bannerUrl: art('banner', title),
  stickerUrl: index % 4 === 0 ? art('sticker', 'Новинка') : null,
}));

/** Channels (the first eight names). */
export const storyChannels = STORY_CHANNEL_NAMES.slice(0, 8).map((name, index) => ({
  key: String(index + 1),
  href: `#/tv/${index + 1}/`,
  title: name,
  imageUrl: art('channel', name),
}));

/** A season of episodes; the last is announced. */
export const storyEpisodes = [
  'Пилот',
  'Гроза',
  'Старый мост',
  'Письмо',
  'Чужие',
  'Обрыв',
  'Возвращение',
  'Финал',
].map((title, index, all) => ({
  key: String(100 + index),
  href: `#/movie/9/${100 + index}/`,
  title,
  orderNumber: index + 1,
  imageUrl: art('episode', `${title} ${index}`),
  announce: index === all.length - 1,
}));
