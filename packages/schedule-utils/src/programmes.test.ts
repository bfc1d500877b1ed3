import { describe, expect, it } from 'vitest';
import {
  byStart,
  currentProgramme,
  fromCurrent,
  isArchived,
  nextProgrammes,
  nextScheduleChange,
  programmesOfDay,
  programmesStartingIn,
} from './index.js';

const at = (time: string) => Date.parse(`2026-11-24T${time}:00Z`);
const programme = (title: string, start: string, end: string) => ({
  title,
  tv_air_date_start: `2026-11-24T${start}:00Z`,
  tv_air_date_end: `2026-11-24T${end}:00Z`,
});

function setup() {
  // Out of order on purpose: the guide never trusts the answer's order.
  return [
    programme('Новости', '09:00', '09:30'),
    programme('Утро', '06:00', '09:00'),
    programme('Кино', '09:30', '11:30'),
    programme('Спорт', '11:30', '12:00'),
    programme('Погода', '12:00', '12:10'),
    programme('Сериал', '12:10', '13:00'),
  ];
}

describe('currentProgramme', () => {
  it('finds the programme whose start is not after now and whose end is not before now', () => {
    expect(currentProgramme(setup(), at('10:00'))?.title).toBe('Кино');
    expect(currentProgramme(setup(), at('06:00'))?.title).toBe('Утро');
  });

  it('takes the earlier of two programmes touching at now, and none in a gap', () => {
    expect(currentProgramme(setup(), at('09:30'))?.title).toBe('Новости');
    expect(currentProgramme(setup(), at('05:00'))).toBeUndefined();
    expect(currentProgramme([], at('10:00'))).toBeUndefined();
  });
});

describe('lists', () => {
  it('starts today’s list at the programme on air', () => {
    expect(fromCurrent(setup(), at('10:00')).map((item) => item.title)).toEqual([
      'Кино',
      'Спорт',
      'Погода',
      'Сериал',
    ]);
  });

  it('gives the next three after the one on air', () => {
    expect(nextProgrammes(setup(), at('10:00')).map((item) => item.title)).toEqual([
      'Спорт',
      'Погода',
      'Сериал',
    ]);
    expect(nextProgrammes(setup(), at('12:30'))).toEqual([]);
  });

  it('keeps the programmes overlapping a day, one crossing its start included', () => {
    const titles = programmesOfDay(setup(), at('09:15'), at('12:00')).map((item) => item.title);
    expect(titles).toEqual(['Новости', 'Кино', 'Спорт']);
  });

  it('lists under a day the programmes starting in it, not one running in from the day before', () => {
    const titles = programmesStartingIn(setup(), at('09:15'), at('12:00')).map((item) => item.title);
    expect(titles).toEqual(['Кино', 'Спорт']);
  });

  it('orders by start without changing the input', () => {
    const items = setup();
    expect(byStart(items)[0]?.title).toBe('Утро');
    expect(items[0]?.title).toBe('Новости');
  });
});

describe('isArchived', () => {
  const DAY = 24 * 3_600_000;
  const news = programme('Новости', '09:00', '09:30');

  it('is true once the programme has ended, for less than the archive’s days', () => {
    expect(isArchived(news, at('09:30'), 3)).toBe(false);
    expect(isArchived(news, at('09:31'), 3)).toBe(true);
    expect(isArchived(news, at('09:30') + 3 * DAY - 1, 3)).toBe(true);
    expect(isArchived(news, at('09:30') + 3 * DAY, 3)).toBe(false);
  });

  it('is never true for a channel without an archive or a programme still on air', () => {
    expect(isArchived(news, at('12:00'), 0)).toBe(false);
    expect(isArchived(news, at('09:10'), 3)).toBe(false);
  });
});

describe('nextScheduleChange', () => {
  it('is the next start, or the end of the programme on air (just after it)', () => {
    expect(nextScheduleChange(setup(), at('10:00'))).toBe(at('11:30'));
    expect(nextScheduleChange(setup(), at('05:00'))).toBe(at('06:00'));
    // At the very end the programme is still on air; a millisecond later the next one is.
    expect(nextScheduleChange(setup(), at('11:30'))).toBe(at('11:30') + 1);
  });

  it('counts a programme leaving the archive, and is undefined when nothing changes any more', () => {
    const DAY = 24 * 3_600_000;
    expect(nextScheduleChange(setup(), at('14:00'), 1)).toBe(at('09:00') + DAY);
    expect(nextScheduleChange(setup(), at('14:00'))).toBeUndefined();
  });
});
