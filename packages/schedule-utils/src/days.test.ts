import { describe, expect, it } from 'vitest';
import { daysBetween, formatOffset, scheduleDayAt, scheduleDays, utcOffsetMinutes } from './index.js';

describe('scheduleDays', () => {
  it('gives today and the next six days in Moscow, each starting at local midnight', () => {
    // 23:30 UTC on 24 November is 02:30 on the 25th in Moscow.
    const days = scheduleDays(Date.parse('2026-11-24T23:30:00Z'), 'Europe/Moscow', 7);
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({
      date: '2026-11-25',
      dayStart: '2026-11-25T00:00+03:00',
      startsAt: Date.parse('2026-11-24T21:00:00Z'),
      endsAt: Date.parse('2026-11-25T21:00:00Z'),
    });
    expect(days.map((day) => day.date)).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
    ]);
  });

  it('counts a day of 23 hours across a clock change and keeps each day’s own offset', () => {
    // Berlin moves to summer time on 29 March 2026 at 02:00.
    const [saturday, sunday, monday] = scheduleDays(Date.parse('2026-03-28T12:00:00Z'), 'Europe/Berlin', 3);
    expect(saturday?.dayStart).toBe('2026-03-28T00:00+01:00');
    expect(sunday?.dayStart).toBe('2026-03-29T00:00+01:00');
    expect(monday?.dayStart).toBe('2026-03-30T00:00+02:00');
    expect(((sunday?.endsAt ?? 0) - (sunday?.startsAt ?? 0)) / 3_600_000).toBe(23);
  });

  it('starts days back when asked, across a month boundary', () => {
    const days = scheduleDays(Date.parse('2026-12-02T09:00:00Z'), 'Europe/Moscow', 3, -3);
    expect(days.map((day) => day.dayStart)).toEqual([
      '2026-11-29T00:00+03:00',
      '2026-11-30T00:00+03:00',
      '2026-12-01T00:00+03:00',
    ]);
  });

  it('handles zones behind UTC and with half-hour offsets', () => {
    expect(scheduleDayAt(Date.parse('2026-11-24T03:00:00Z'), 'America/New_York').dayStart).toBe(
      '2026-11-23T00:00-05:00',
    );
    expect(scheduleDayAt(Date.parse('2026-11-24T03:00:00Z'), 'Asia/Kolkata').dayStart).toBe(
      '2026-11-24T00:00+05:30',
    );
  });
});

describe('offsets', () => {
  it('reads a zone’s offset and writes it as ±HH:MM', () => {
    expect(utcOffsetMinutes(Date.parse('2026-11-24T12:00:00Z'), 'Europe/Moscow')).toBe(180);
    expect(utcOffsetMinutes(Date.parse('2026-11-24T12:00:00Z'), 'UTC')).toBe(0);
    expect(formatOffset(180)).toBe('+03:00');
    expect(formatOffset(-270)).toBe('-04:30');
    expect(formatOffset(0)).toBe('+00:00');
  });

  it('counts whole days between two dates across a month end', () => {
    expect(daysBetween('2026-11-30', '2026-12-02')).toBe(2);
    expect(daysBetween('2026-11-30', '2026-11-30')).toBe(0);
  });
});
