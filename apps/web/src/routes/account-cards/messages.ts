/** Texts of the cards page (SPEC §2 Cards, §8 card texts). The delete label and the failure text are ours. */
export const cardsMessages = {
  title: 'Управление картами',
  loading: 'Загружаем карты…',
  failed: 'Не удалось загрузить карты. Проверьте подключение к интернету и попробуйте ещё раз.',
  retry: 'Повторить',
  list: 'Сохранённые карты',
  card: (number: string) => `Карта ${number}`,
  delete: 'Удалить',
  deleteLabel: (number: string) => `Удалить карту ${number}`,
  // SPEC §8, exactly.
  refused:
    'Платежное средство можно удалить после истечения срока подписки. Дождитесь окончания подписки и повторите действие',
  deleted: 'Платежное средство удалено.',
  noCard: 'Платежное средство не добавлено.',
  note: 'Удалить карту можно после окончания подписки. Подписка будет автоматически продляться до отмены пользователем.',
  // Ours: the SPEC shows no text for a deletion that failed for another reason.
  deleteFailed: 'Не удалось удалить платежное средство. Попробуйте ещё раз немного позже.',
} as const;
