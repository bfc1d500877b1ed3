import { TRIAL_CHARGE_ROUBLES } from '@kadr/api-contract/routes';
import { formatPrice } from '../../shared/billing-format';

/**
 * The trial's card check, said before paying on the package page and on the payment screen (ours,
 * docs/decisions/059; the SPEC gives no text): starting a trial charges TRIAL_CHARGE_ROUBLES, which
 * binds the card the renewal will charge.
 */
export function trialCheckText(cost: number): string {
  return `Бесплатный период начнётся после проверки карты: спишем с неё ${formatPrice(TRIAL_CHARGE_ROUBLES)}. Когда он закончится, подписка будет стоить ${formatPrice(cost)} в месяц и продлится автоматически.`;
}

/**
 * Texts of the payment overlay (SPEC §2 Payment screen). The SPEC gives none of them; these are ours.
 * The legal entity and company details below are the DEMO's: invented for this demonstration service,
 * not a real company's. A deployment replaces them here, in this one module.
 */
export const paymentMessages = {
  dialog: 'Оплата подписки',
  loading: 'Готовим форму оплаты…',
  checking: 'Проверяем оплату…',
  declined: 'Оплата не прошла. Страница обновится через несколько секунд.',
  close: 'Закрыть оплату',
  perMonth: 'в месяц',
  price: 'Стоимость',
  info: 'Информация об оплате',
  infoHide: 'Скрыть информацию об оплате',
  widget: 'Форма оплаты картой',
  scriptFailed: 'Не удалось загрузить форму оплаты. Проверьте подключение к интернету и попробуйте ещё раз.',
  scriptTimeout:
    'Форма оплаты загружается слишком долго. Проверьте подключение к интернету и попробуйте ещё раз.',
  widgetFailed: 'Не удалось показать форму оплаты. Попробуйте ещё раз.',
  createFailed: 'Не удалось начать оплату. Попробуйте ещё раз немного позже.',
  retry: 'Попробовать ещё раз',
  legal: {
    entityTitle: 'Продавец',
    /** DEMO: an invented company. */
    entity: 'ООО «Кадр Медиа» (демонстрационные данные)',
    rulesTitle: 'Правила оплаты',
    rules: [
      'Оплата принимается банковскими картами МИР, Visa и Mastercard через платёжный сервис ЮKassa.',
      'Подписка продлевается автоматически в конце каждого оплаченного периода: стоимость списывается с сохранённой карты.',
      'Отключить автопродление можно в разделе «Подписки» не позднее чем за 24 часа до даты списания.',
      'Бесплатный пробный период предоставляется один раз. Чек об оплате приходит в раздел «Чеки».',
      'Данные карты вводятся на стороне платёжного сервиса и не передаются Кадру.',
    ],
    detailsTitle: 'Реквизиты',
    /** DEMO: invented details, shaped like real ones. */
    details: [
      'ООО «Кадр Медиа» — демонстрационные реквизиты',
      'ИНН 7700000000, КПП 770001001, ОГРН 1207700000000',
      '123112, г. Москва, Пресненская наб., д. 0, офис 0',
      'Р/с 40702810000000000000 в АО «Демо-Банк», БИК 044525000',
      'support@kadr.example',
    ],
  },
} as const;
