import { describe, expect, it } from 'vitest';
import { dayLabel, formatTime } from './index.js';

describe('dayLabel', () => {
  it('says Сегодня and Завтра, then the date in Russian', () => {
    expect(dayLabel('2026-11-24', '2026-11-24')).toBe('Сегодня');
    expect(dayLabel('2026-11-25', '2026-11-24')).toBe('Завтра');
    expect(dayLabel('2026-11-26', '2026-11-24')).toBe('26 ноября');
    expect(dayLabel('2026-12-01', '2026-11-30')).toBe('Завтра');
    expect(dayLabel('2027-01-02', '2026-12-31')).toBe('2 января');
  });

  it('says Вчера for the day before today and dates further back (the archive)', () => {
    expect(dayLabel('2026-11-23', '2026-11-24')).toBe('Вчера');
    expect(dayLabel('2026-11-21', '2026-11-24')).toBe('21 ноября');
  });
});

describe('formatTime', () => {
  it('writes HH:MM in the given zone, with a leading zero and 24 hours', () => {
    expect(formatTime('2026-11-24T05:05:00Z', 'Europe/Moscow')).toBe('08:05');
    expect(formatTime(Date.parse('2026-11-24T20:59:00Z'), 'Europe/Moscow')).toBe('23:59');
    expect(formatTime('2026-11-24T21:00:00Z', 'Europe/Moscow')).toBe('00:00');
  });
});
