/** Texts of the package list (SPEC §2 Packages list). The badge texts and states are ours. */
export const packagesMessages = {
  title: 'Подписки',
  parents: 'Пакеты подписок',
  individual: 'Отдельные пакеты',
  empty: 'Подписок пока нет. Загляните позже.',
  failed: 'Не удалось загрузить подписки. Проверьте подключение к интернету и попробуйте ещё раз.',
  retry: 'Повторить',
  loading: 'Загружаем подписки…',
  badge: {
    confirmed: 'Подключена',
    suspended: 'Ожидает оплаты',
    cancelled: 'Отменена',
    activeParent: 'Входит в вашу подписку',
  },
} as const;
