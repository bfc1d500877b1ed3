import type { CancelReason } from '@kadr/api-contract';
import { formatDate, formatPrice, plural } from '../../shared/billing-format';

/**
 * Texts of the package detail and its dialogs (SPEC §2 Package detail, §4 cancellation flow). The
 * titles and close buttons are the SPEC's; the sentences under them, the reasons' wording, the
 * continue buttons and the failure texts (SPEC §8: "not shown") are ours.
 */
export const packageMessages = {
  loading: 'Загружаем пакет…',
  notFound: 'Такого пакета нет. Выберите подписку в списке.',
  failed: 'Не удалось загрузить пакет. Проверьте подключение к интернету и попробуйте ещё раз.',
  retry: 'Повторить',
  toList: 'Все подписки',
  payFallback: 'Подключить',
  // The main button named for what it does (docs/decisions/059); paying keeps the tariff's pay_text.
  cancelButton: 'Отменить подписку',
  cancelTrialButton: 'Отключить бесплатный период',
  restoreButton: 'Возобновить подписку',
  manageButton: 'Управление подпиской',
  // Where the viewer stands (docs/decisions/059): the badge, then these terms and details.
  perMonth: (cost: number) => `${formatPrice(cost)} в месяц`,
  paidUntil: 'Оплачено до',
  validUntil: 'Действует до',
  nextCharge: 'Следующее списание',
  firstCharge: 'Первое списание',
  date: (iso: string) => formatDate(iso),
  charge: (iso: string, cost: number) => `${formatDate(iso)}, ${formatPrice(cost)}`,
  trial: 'Бесплатный период',
  daysLeft: (days: number) =>
    `${plural(days, 'остался', 'осталось', 'осталось')} ${days} ${plural(days, 'день', 'дня', 'дней')}`,
  renewal: 'Автопродление',
  renewalOff: 'отключено, списаний больше не будет',
  renewalInStore: 'в магазине приложений',
  renewalFailed: (cost: number) =>
    `Не удалось списать ${formatPrice(cost)} за продление. Доступ к пакету вернётся, как только оплата пройдёт.`,
  activeParentNote: 'Пакет входит в вашу подписку: отдельно подключать или отменять его не нужно.',
  handNote: 'Подписка подключена оператором, изменить её здесь нельзя.',
  storeOnlyNote: 'Этот пакет оформляется в мобильном приложении Кадра, через магазин приложений.',
  // Dialogs.
  pageOne: 'Управление подпиской',
  endsAt: (iso: string) => `Подписка действует до ${formatDate(iso)}.`,
  autoRenewal:
    'Подписка продлевается автоматически. Отключить автопродление можно не позднее чем за 24 часа до даты списания.',
  storeNote:
    'Подписки, оформленные в магазинах приложений мобильных платформ, управляются в настройках аккаунта магазина.',
  cancelSubscription: 'Отменить подписку',
  pageTwo: 'Дайте нам всё исправить!',
  reasonsLegend: 'Почему вы хотите отменить подписку?',
  reasons: {
    rarely_use: 'Редко пользуюсь сервисом',
    technical_problems: 'Технические проблемы',
    price: 'Не устраивает цена',
  } satisfies Record<CancelReason, string>,
  trialWarning: 'Подписка перестанет действовать сразу после отмены',
  trialWarningText: 'Бесплатный период закончится, и доступ к фильмам и сериалам пакета закроется.',
  trialConfirm: 'Подтвердите отключение бесплатного периода',
  trialConfirmText: (cost: number) =>
    `Бесплатный период можно получить только один раз. После отключения подписка будет стоить ${formatPrice(cost)} в месяц.`,
  disableTrial: 'Отключить',
  continue: 'Продолжить',
  firstHours: 'Проверка платежа',
  firstHoursText:
    'Мы проверяем ваш платёж. Отменить подписку можно будет через несколько часов после оплаты.',
  successCancel: 'Подписка успешно отменена',
  successRestore: 'Подписка возобновлена',
  cancelFailed: 'Не удалось отменить подписку',
  cancelFailedText:
    'Попробуйте ещё раз немного позже. Отключить автопродление можно не позднее чем за 24 часа до даты списания.',
  restoreFailed: 'Не удалось возобновить подписку',
  restoreFailedText: 'Попробуйте ещё раз немного позже.',
  // Close buttons (SPEC §2).
  changedMind: 'Передумал отменять',
  understood: 'Понятно',
  ok: 'Ок',
} as const;
