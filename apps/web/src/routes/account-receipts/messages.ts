import { formatDate } from '../../shared/billing-format';

/** Texts of the receipts page (SPEC §2 Receipts, §8 no receipts). The status words and link hint are ours. */
export const receiptsMessages = {
  title: 'Чеки',
  empty: 'Здесь будут чеки об оплате.',
  loading: 'Загружаем чеки…',
  failed: 'Не удалось загрузить чеки. Проверьте подключение к интернету и попробуйте ещё раз.',
  retry: 'Повторить',
  list: 'Чеки об оплате',
  registered: (iso: string) => `Чек от ${formatDate(iso)}`,
  newTab: '(откроется в новой вкладке)',
} as const;
