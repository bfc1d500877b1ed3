/** Texts of the channel page (SPEC §2 Channel page); the schedule's own come from features/schedule. */
export const channelMessages = {
  /** The heading before the channel's name is known. */
  channel: 'Телеканал',
  onAir: 'Сейчас в эфире',
  /** The next three programmes (SPEC §9). */
  next: 'Далее',
  noProgramme: 'Сейчас по программе передач ничего не идёт.',
  /** The alternative text of the programme on air's announcement image. */
  announce: (title: string) => `Анонс: ${title}`,
  /** The on-screen channel up and down. */
  switcher: 'Переключение каналов',
  previous: (name: string) => `Предыдущий канал: ${name}`,
  nextChannel: (name: string) => `Следующий канал: ${name}`,
  notFound: 'Телеканал не найден',
  notFoundText: 'Такого телеканала нет в каталоге. Выберите другой на вкладке «ТВ».',
  allChannels: 'Все телеканалы',
  /** The package could not be loaded: Watch cannot tell whether the channel is bought. */
  packageFailed: 'Не удалось узнать, подключён ли телеканал.',
  retry: 'Повторить',
} as const;
