/** Texts of the search screens (the rest come from the kit's SearchBox and SearchResults). */
export const searchMessages = {
  /** The mobile page's heading (read by assistive technology) and the field's name and placeholder. */
  title: 'Поиск',
  placeholder: 'Поиск',
  back: 'Назад',
} as const;
