// Saved cards as getCardList shows them and deleteCard names them (contract card.number, SPEC §3).

/** The digits a number is made from. */
export interface CardDigits {
  first6: string;
  last4: string;
}

const SHORT = /^•••• (\d{4})$/;
const LONG = /^(\d{4}) (\d{2})•• •••• (\d{4})$/;

const short = (c: CardDigits) => `•••• ${c.last4}`;
const long = (c: CardDigits) => `${c.first6.slice(0, 4)} ${c.first6.slice(4)}•• •••• ${c.last4}`;

/**
 * The numbers of a profile's cards, in order: «•••• 4242», or «4242 42•• •••• 4242» for a card when
 * another card of the profile with other first digits ends in the same four — so each number names
 * one card (the same card saved twice has the same digits and is one card to the viewer).
 */
export function cardNumbers(cards: readonly CardDigits[]): string[] {
  return cards.map((c) =>
    cards.some((o) => o.last4 === c.last4 && o.first6 !== c.first6) ? long(c) : short(c),
  );
}

/** The cards of `cards` that a number names (none for a number cardNumbers would not answer). */
export function cardsNamed<C extends CardDigits>(cards: readonly C[], number: string): C[] {
  const numbers = cardNumbers(cards);
  if (!SHORT.test(number) && !LONG.test(number)) return [];
  return cards.filter((_, i) => numbers[i] === number);
}
