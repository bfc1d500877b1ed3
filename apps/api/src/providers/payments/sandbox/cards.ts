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

/** The kind of a test card number, undefined for any other number. */
export function cardKindOf(digits: string): CardKind | undefined {
  return TEST_CARDS.find((c) => c.number === digits)?.kind;
}
