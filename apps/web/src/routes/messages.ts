/** Names and texts of the screens that are placeholders for now (SPEC §2 route table). */
export const screenMessages = {
  catalogue: 'Каталог',
  catalogueText: 'Подборки фильмов и сериалов скоро появятся здесь.',
  tv: 'Телеканалы',
  channel: (id: string) => `Телеканал ${id}`,
  movie: (id: string) => `Фильм ${id}`,
  episode: (id: string, episode: string) => `Фильм ${id}, эпизод ${episode}`,
  search: 'Поиск',
  packages: 'Подписки',
  packageDetail: (id: string) => `Пакет подписки ${id}`,
  cards: 'Управление картами',
  receipts: 'Чеки',
  partners: 'Сайты-партнёры',
  aboutUs: 'О нас',
  identityProvider: 'Вход через внешний сервис',
  back: 'Вернуться назад',
  home: 'На главную',
} as const;
