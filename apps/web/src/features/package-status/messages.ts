/**
 * Texts of a package's status badge, shared by the package list and the package detail (SPEC §4: the
 * status decides the badge look). The words are ours (docs/decisions/017).
 */
export const packageStatusMessages = {
  confirmed: 'Подключена',
  suspended: 'Ожидает оплаты',
  cancelled: 'Отменена',
  activeParent: 'Входит в вашу подписку',
} as const;
