/** Texts of the package list (SPEC §2 Packages list); the badges' are features/package-status'. */
export const packagesMessages = {
  title: 'Подписки',
  parents: 'Пакеты подписок',
  individual: 'Отдельные пакеты',
  empty: 'Подписок пока нет. Загляните позже.',
  failed: 'Не удалось загрузить подписки. Проверьте подключение к интернету и попробуйте ещё раз.',
  retry: 'Повторить',
  loading: 'Загружаем подписки…',
} as const;
