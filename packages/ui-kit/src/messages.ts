/** Default Russian labels of the kit; every component lets the app override its own. */
export const uiMessages = {
  close: 'Закрыть',
  back: 'Назад',
  loading: 'Загрузка…',
  digit: 'Цифра',
  code: 'Код подтверждения',
  placeholderText: 'Этот раздел скоро появится. Мы уже работаем над ним.',
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
} as const;
