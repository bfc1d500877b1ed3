import type { CancellationReason } from '../schemas';

/** What a sandbox test card does (docs/decisions/016-payment-provider.md lists them). */
export type CardKind = 'success' | 'three_ds' | 'insufficient_funds' | 'expired' | 'recurring_declined';

/** A documented test card of the sandbox. */
export interface TestCard {
  number: string;
  kind: CardKind;
  /** Russian help text of the checkout page. */
  description: string;
}

/** The sandbox's test cards; any expiry date in the future and any three-digit CVC. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '5555555555554444', kind: 'success', description: 'оплата проходит' },
  { number: '2200000000000004', kind: 'success', description: 'карта «Мир», оплата проходит' },
  {
    number: '5555555555554477',
    kind: 'three_ds',
    description: 'нужно подтверждение 3-D Secure: «Подтвердить» — оплата проходит, «Отказаться» — отклонена',
  },
  { number: '5555555555555599', kind: 'insufficient_funds', description: 'отклонена: недостаточно средств' },
  { number: '4000000000000069', kind: 'expired', description: 'отклонена: истёк срок действия карты' },
  {
    number: '4000000000000341',
    kind: 'recurring_declined',
    description: 'первая оплата проходит, повторные списания сохранённой карты отклоняются',
  },
];

/** The result of charging a card in the sandbox. */
export type ChargeOutcome =
  | { result: 'succeeded' }
  | { result: 'three_ds' }
  | { result: 'canceled'; party: 'payment_network'; reason: CancellationReason };

const decline = (reason: CancellationReason): ChargeOutcome => ({
  result: 'canceled',
  party: 'payment_network',
  reason,
});

/**
 * What a first payment with the card does: the three-D Secure card asks for the step; an unknown
 * number is declined as the test shop declines real cards.
 */
export function firstChargeOutcome(kind: CardKind | undefined): ChargeOutcome {
  switch (kind) {
    case 'success':
    case 'recurring_declined':
      return { result: 'succeeded' };
    case 'three_ds':
      return { result: 'three_ds' };
    case 'insufficient_funds':
      return decline('insufficient_funds');
    case 'expired':
      return decline('card_expired');
    default:
      return decline('general_decline');
  }
}

/**
 * What a charge of a saved method does (merchant-initiated: no 3-D Secure). A decline set by a test
 * wins; the recurring-declined card fails once it has been charged.
 */
export function savedChargeOutcome(
  kind: string,
  charges: number,
  declineReason: CancellationReason | null,
): ChargeOutcome {
  if (declineReason) return decline(declineReason);
  if (kind === 'recurring_declined' && charges > 0) return decline('insufficient_funds');
  return { result: 'succeeded' };
}

/** Luhn's check digit rule, which every card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The payment system by the number's first digits, as YooKassa names it in `card_type`. */
export function cardType(digits: string): string {
  if (/^220[0-4]/.test(digits)) return 'Mir';
  if (digits.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MasterCard';
  return 'Unknown';
}

/** The card a viewer typed into the sandbox checkout form. */
export interface CardInput {
  number: string;
  /** MM/YY */
  expiry: string;
  csc: string;
}

/** A card form that passed the checks: digits only, the expiry as numbers. */
export interface CardFields {
  number: string;
  month: number;
  year: number;
}

/**
 * Checks the checkout form as a bank's form does: a Luhn-valid number of 16–19 digits, an expiry not
 * past by `now`, three digits of CVC. Names the first wrong field with its Russian message.
 */
export function checkCard(
  input: CardInput,
  now: Date,
): CardFields | { field: 'number' | 'expiry' | 'csc'; message: string } {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{16,19}$/.test(number) || !luhnValid(number))
    return { field: 'number', message: 'Проверьте номер карты' };
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  const endOfMonth = Date.UTC(year, month, 1);
  if (!expiry || month < 1 || month > 12 || endOfMonth <= now.getTime())
    return { field: 'expiry', message: 'Проверьте срок действия карты' };
  if (!/^\d{3}$/.test(input.csc.trim())) return { field: 'csc', message: 'Проверьте CVC' };
  return { number, month, year };
}

/** The kind of a test card number, undefined for any other number. */
export function cardKindOf(digits: string): CardKind | undefined {
  return TEST_CARDS.find((c) => c.number === digits)?.kind;
}
