import { describe, expect, it } from 'vitest';
import { formatDate, formatPrice, plural } from './billing-format';

describe('formatPrice', () => {
  it('shows whole roubles followed by ,00₽', () => {
    expect(formatPrice(299)).toBe('299,00₽');
    expect(formatPrice(0)).toBe('0,00₽');
  });
});

describe('formatDate', () => {
  it('shows day, month and year in Russian, in Moscow time', () => {
    expect(formatDate('2026-12-26T09:00:00+03:00')).toBe('26 декабря 2026');
    expect(formatDate('2026-12-25T22:30:00Z')).toBe('26 декабря 2026');
  });
});

describe('plural', () => {
  const days = (n: number) => `${n} ${plural(n, 'день', 'дня', 'дней')}`;

  it('takes the form of the last digit, and «many» for 11 to 14', () => {
    expect([1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111].map(days)).toEqual([
      '1 день',
      '2 дня',
      '4 дня',
      '5 дней',
      '11 дней',
      '12 дней',
      '14 дней',
      '21 день',
      '22 дня',
      '25 дней',
      '101 день',
      '111 дней',
    ]);
  });

  it('says «many» for zero', () => {
    expect(days(0)).toBe('0 дней');
  });
});
