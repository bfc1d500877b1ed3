/** The frame player's texts (the partner's viewers see them). */
export const embedMessages = {
  /** The play button over the poster before anything plays. */
  watch: 'Смотреть',
  /** The automatic quality in the SDK's qualities list. */
  autoQuality: 'Авто',
  /** The player's region. */
  player: 'Плеер',
  loading: 'Загрузка плеера…',
  /** The frame's address names no config, or an unreadable one. */
  badAddress: 'Плеер встроен с ошибкой: не указана ссылка на конфигурацию.',
  /** The config could not be loaded or is not a config. */
  configFailed: 'Не удалось загрузить плеер',
  configFailedText: 'Проверьте подключение к интернету и попробуйте ещё раз.',
  /** The content of the config is not (or no longer) in the catalogue. */
  notFound: 'Это видео недоступно.',
  notFoundText: 'Возможно, его убрали из каталога. Другие фильмы и каналы — на Кадре.',
  retry: 'Повторить',
  fullscreen: 'На весь экран',
  exitFullscreen: 'Свернуть',
  /** The cast button (the browser's device picker for the frame's video). */
  cast: 'Смотреть на телевизоре',
  casting: 'Идёт трансляция на телевизор',
  stopCasting: 'Остановить трансляцию',
} as const;
