/** Names of the screens (SPEC §2 route table): headings and page titles. */
export const screenMessages = {
  catalogue: 'Каталог',
  tv: 'Телеканалы',
  channel: (id: string) => `Телеканал ${id}`,
  movie: (id: string) => `Фильм ${id}`,
  search: 'Поиск',
  packages: 'Подписки',
  packageDetail: (id: string) => `Пакет подписки ${id}`,
  cards: 'Управление картами',
  receipts: 'Чеки',
  partners: 'Сайты-партнёры',
  aboutUs: 'О нас',
  identityProvider: 'Вход через внешний сервис',
} as const;
