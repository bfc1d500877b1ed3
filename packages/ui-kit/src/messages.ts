/** Default Russian labels of the kit; every component lets the app override its own. */
export const uiMessages = {
  close: 'Закрыть',
  back: 'Назад',
  loading: 'Загрузка…',
  digit: 'Цифра',
  code: 'Код подтверждения',
  logo: 'Кадр',
  mainNavigation: 'Основная навигация',
  bottomNavigation: 'Навигация',
  footer: {
    apps: 'Приложения для телефона',
    tv: 'Приложения для телевизора',
    support: 'Поддержка',
    profileId: 'ID профиля',
    version: 'Версия',
  },
  rail: {
    previous: 'Прокрутить влево',
    next: 'Прокрутить вправо',
  },
  episode: {
    number: (order: number) => `${order} серия`,
    announce: 'Скоро',
  },
  errorModal: {
    title: 'Что-то пошло не так :(',
    text: 'Вернитесь на «Главную»',
    home: 'Главная страница',
  },
  // The title is the SPEC's error-modal title (§2 Content card); the rest is ours (the SPEC has no
  // general error screen).
  errorScreen: {
    title: 'Что-то пошло не так :(',
    text: 'Не удалось показать эту страницу. Обновите её или вернитесь на главную.',
    home: 'На главную',
    reload: 'Обновить страницу',
  },
  loadingBar: 'Загрузка страницы',
  skipLink: 'Перейти к содержимому',
  schedule: {
    loading: 'Загружаем программу…',
    empty: 'Передач нет',
    failed: 'Не удалось загрузить программу',
    expand: (count: number) => `Вся программа (${count})`,
    collapse: 'Свернуть',
    /** The mark of a programme in the channel's archive. */
    archived: 'В записи',
    /** The name of a playable programme line: what pressing it does, then what the line shows. */
    play: (line: string) => `Смотреть: ${line}`,
  },
  search: {
    open: 'Поиск',
    label: 'Поиск',
    placeholder: 'Фильм, сериал или телеканал',
    close: 'Закрыть поиск',
    results: 'Результаты поиска',
    searching: 'Ищем…',
    nothingFound: 'По вашему запросу ничего не найдено.',
    failed: 'Не удалось выполнить поиск. Попробуйте ещё раз.',
    found: (count: number) => `Найдено: ${count}`,
  },
} as const;
