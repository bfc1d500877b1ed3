/** Texts of the TV schedule screens. */
export const scheduleMessages = {
  /** The mobile guide's title and the content card's link to it (SPEC §2). */
  guide: 'Телепрограмма',
  /** The guide's heading with the channel's name. */
  guideOf: (channel: string) => `Телепрограмма: ${channel}`,
  week: 'Телепрограмма на неделю',
  days: 'Дни',
  back: 'Назад',
  loading: 'Загружаем программу…',
  nothing: 'Программа передач пока не опубликована.',
  failed: 'Не удалось загрузить программу. Попробуйте позже.',
} as const;
