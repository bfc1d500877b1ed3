import { describe, expect, it } from 'vitest';
import {
  cancelRepeated,
  cardDeletionRepeated,
  REPEAT_WINDOW_MS,
  type RepeatTrace,
  restoreRepeated,
  withinRepeatWindow,
} from './repeats';
import type { SubscriptionState } from './subscription-rules';

const NOW = new Date('2030-01-15T10:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;

type Row = SubscriptionState & RepeatTrace;
/** A web subscription cancelled a minute ago, its period running for 20 more days. */
const cancelled: Row = {
  status: 'cancelled',
  storeName: 'web',
  periodEnd: new Date(NOW.getTime() + 20 * 24 * 60 * MINUTE),
  isTrial: false,
  lastPaidAt: ago(10 * 24 * 60 * MINUTE),
  endedAt: null,
  cancelledAt: ago(MINUTE),
  restoredAt: null,
};
/** The same, restored a minute ago. */
const restored: Row = { ...cancelled, status: 'confirmed', cancelledAt: null, restoredAt: ago(MINUTE) };

describe('the repeat window', () => {
  it('takes a trace younger than REPEAT_WINDOW_MS, not one of that age, nor one from the future', () => {
    expect(withinRepeatWindow(NOW, NOW)).toBe(true);
    expect(withinRepeatWindow(ago(REPEAT_WINDOW_MS - 1), NOW)).toBe(true);
    expect(withinRepeatWindow(ago(REPEAT_WINDOW_MS), NOW)).toBe(false);
    expect(withinRepeatWindow(ago(-MINUTE), NOW)).toBe(false);
    expect(withinRepeatWindow(null, NOW)).toBe(false);
  });
});

describe('a repeated unsubscribePackage', () => {
  const table: Array<[string, Row | null, boolean]> = [
    ['cancelled a minute ago', cancelled, true],
    [
      'a trial cancelled a minute ago (the row ended)',
      { ...cancelled, isTrial: true, endedAt: ago(MINUTE) },
      true,
    ],
    ['cancelled before the window', { ...cancelled, cancelledAt: ago(REPEAT_WINDOW_MS) }, false],
    ['confirmed (restored since)', restored, false],
    ['suspended', { ...cancelled, status: 'suspended' }, false],
    ['no subscription', null, false],
    ['a store subscription', { ...cancelled, storeName: 'hand' }, false],
  ];
  it.each(table)('%s → %s', (_, row, repeated) => {
    expect(cancelRepeated(row, NOW)).toBe(repeated);
  });
});

describe('a repeated restorePackage', () => {
  const table: Array<[string, Row | null, boolean]> = [
    ['restored a minute ago', restored, true],
    ['restored before the window', { ...restored, restoredAt: ago(REPEAT_WINDOW_MS) }, false],
    ['never cancelled', { ...restored, restoredAt: null }, false],
    ['suspended since (its renewal failed)', { ...restored, status: 'suspended' }, false],
    ['cancelled again since', { ...restored, status: 'cancelled', cancelledAt: NOW }, false],
    ['ended since', { ...restored, endedAt: NOW }, false],
    ['no subscription', null, false],
  ];
  it.each(table)('%s → %s', (_, row, repeated) => {
    expect(restoreRepeated(row, NOW)).toBe(repeated);
  });
});

describe('a repeated deleteCard', () => {
  const visa = { first6: '424242', last4: '4242' };
  const other = { first6: '555555', last4: '4242' };
  const deleted = (cardNumber: string, at = ago(MINUTE)) => ({ cardNumber, deletedAt: at });

  it('is a number deleted by this profile within the window that names no card of theirs now', () => {
    expect(cardDeletionRepeated([], [deleted('•••• 4242')], '•••• 4242', NOW)).toBe(true);
    // The long form it was named with while a card with the same last four was beside it.
    expect(cardDeletionRepeated([other], [deleted('4242 42•• •••• 4242')], '4242 42•• •••• 4242', NOW)).toBe(
      true,
    );
  });

  it('is not a number naming a saved card, one never deleted, or a deletion before the window', () => {
    expect(cardDeletionRepeated([visa], [deleted('•••• 4242')], '•••• 4242', NOW)).toBe(false);
    expect(cardDeletionRepeated([], [deleted('•••• 4242')], '•••• 1111', NOW)).toBe(false);
    expect(cardDeletionRepeated([], [], '•••• 4242', NOW)).toBe(false);
    expect(cardDeletionRepeated([], [deleted('•••• 4242', ago(REPEAT_WINDOW_MS))], '•••• 4242', NOW)).toBe(
      false,
    );
  });
});
