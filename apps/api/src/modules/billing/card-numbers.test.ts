import { describe, expect, it } from 'vitest';
import { cardNumbers, cardsNamed } from './card-numbers';

const visa = { first6: '424242', last4: '4242' };
const mir = { first6: '220220', last4: '4242' };
const mc = { first6: '555555', last4: '4444' };

describe('card numbers', () => {
  it('shows the last four, and the first six too when another card ends the same', () => {
    expect(cardNumbers([visa, mc])).toEqual(['•••• 4242', '•••• 4444']);
    expect(cardNumbers([visa, mir, mc])).toEqual(['4242 42•• •••• 4242', '2202 20•• •••• 4242', '•••• 4444']);
    // The same card saved twice is one card to the viewer: one number names both rows.
    expect(cardNumbers([visa, { ...visa }])).toEqual(['•••• 4242', '•••• 4242']);
  });

  it('finds the cards a number names, and none for an ambiguous or foreign number', () => {
    expect(cardsNamed([visa, mc], '•••• 4444')).toEqual([mc]);
    expect(cardsNamed([visa, { ...visa }], '•••• 4242')).toHaveLength(2);
    expect(cardsNamed([visa, mir], '2202 20•• •••• 4242')).toEqual([mir]);
    expect(cardsNamed([visa, mir], '•••• 4242')).toEqual([]);
    expect(cardsNamed([visa], '4242 42•• •••• 4242')).toEqual([]);
    expect(cardsNamed([visa], '4242')).toEqual([]);
    expect(cardsNamed([], '•••• 4242')).toEqual([]);
  });
});
