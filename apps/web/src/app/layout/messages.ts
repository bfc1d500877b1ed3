import { SIGN_IN_LINK_INVALID } from '@kadr/auth-session';

/** Texts of the app frame: header, bottom bar, footer, startup. */
export const layoutMessages = {
  home: 'Кадр — на главную',
  catalogue: 'Каталог',
  tv: 'ТВ',
  packages: 'Подписки',
  menu: 'Меню',
  search: 'Поиск',
  login: 'Войти',
  aboutUs: 'О нас',
  privacy: 'Политика конфиденциальности',
  agreement: 'Пользовательское соглашение',
  copyright: (year: number) => `© ${year} Кадр. Все права защищены.`,
  startupFailed: 'Не удалось подключиться к Кадру',
  startupFailedText: 'Проверьте подключение к интернету и обновите страницу.',
  reload: 'Обновить страницу',
  starting: 'Загрузка…',
  /** The tab's name: «Кадр — {page}» (page-title.ts). */
  brand: 'Кадр',
  errorTitle: 'Ошибка',
  chunkFailedText: 'Не удалось загрузить страницу. Проверьте подключение к интернету и обновите страницу.',
  redirecting: 'Перенаправление',
  /** A sign-in link that was refused (auth-session's SIGN_IN_LINK_INVALID, docs/decisions/038). */
  signInLinkInvalid: SIGN_IN_LINK_INVALID,
} as const;
