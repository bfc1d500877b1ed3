// Story support: a few titles, channels and episodes with generated artwork. Never exported.
import { art } from './story-art';

/** Films for rails and cards. */
export const storyFilms = [
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
].map(([title, genre, year], index) => ({
  key: String(index + 1),
  href: `#/movie/${index + 1}/`,
  title: title as string,
  genre: genre as string,
  year: year as number,
  imageUrl: art('poster', title as string),
  bannerUrl: art('banner', title as string),
  stickerUrl: index % 4 === 0 ? art('sticker', 'Новинка') : null,
}));

/** Channels. */
export const storyChannels = [
  'Первый',
  'Кино ТВ',
  'Спорт 24',
  'Детский',
  'Наука',
  'Музыка',
  'Новости',
  'Юмор',
].map((name, index) => ({
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
