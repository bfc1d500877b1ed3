import { describe, expect, it } from 'vitest';
import { formatDate, formatPrice } from './billing-format';

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
