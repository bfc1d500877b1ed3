/** Texts of the catalogue home and the TV tab. */
export const catalogueMessages = {
  home: 'Каталог',
  tv: 'Телеканалы',
  loading: 'Загружаем подборки…',
  failed: 'Не удалось загрузить подборки',
  failedText: 'Проверьте подключение к интернету и попробуйте ещё раз.',
  retry: 'Повторить',
  empty: 'Здесь пока ничего нет',
  emptyText: 'Подборки скоро появятся.',
} as const;
