import { describe, expect, it } from 'vitest';
import { dayEntries, scheduleView } from './schedule-entries';
import type { Programme } from './schedule-queries';
import type { LoadedDay } from './use-tv-schedule';

const programme = (title: string, start: string, end: string): Programme => ({
  tv_air_date_start: start,
  tv_air_date_end: end,
  EK_title: title,
  EK_description: '',
  tv_channel_title: 'Кадр Новости',
  poster_url: null,
  announce_url: null,
});

// Two Moscow days; «Поздний сеанс» runs from the first into the second.
const late = programme('Поздний сеанс', '2026-11-24T20:30:00Z', '2026-11-24T22:00:00Z');
const first: LoadedDay = {
  date: '2026-11-24',
  dayStart: '2026-11-24T00:00+03:00',
  startsAt: Date.parse('2026-11-23T21:00:00Z'),
  endsAt: Date.parse('2026-11-24T21:00:00Z'),
  items: [programme('Вечерние новости', '2026-11-24T19:00:00Z', '2026-11-24T20:30:00Z'), late],
  error: null,
};
const second: LoadedDay = {
  date: '2026-11-25',
  dayStart: '2026-11-25T00:00+03:00',
  startsAt: Date.parse('2026-11-24T21:00:00Z'),
  endsAt: Date.parse('2026-11-25T21:00:00Z'),
  items: [late, programme('Ночные новости', '2026-11-24T22:00:00Z', '2026-11-24T22:30:00Z')],
  error: null,
};

describe('dayEntries', () => {
  it('lists a programme crossing midnight under the day it starts, with Moscow times', () => {
    expect(dayEntries(first, false, 0, 'Europe/Moscow').map((e) => `${e.time} ${e.title}`)).toEqual([
      '22:00 Вечерние новости',
      '23:30 Поздний сеанс',
    ]);
    expect(dayEntries(second, false, 0, 'Europe/Moscow').map((e) => `${e.time} ${e.title}`)).toEqual([
      '01:00 Ночные новости',
    ]);
  });

  it('starts today at the programme on air, even one that began the day before', () => {
    const now = Date.parse('2026-11-24T21:30:00Z'); // 00:30 on the 25th in Moscow
    expect(dayEntries(second, true, now, 'Europe/Moscow')).toEqual([
      { id: late.tv_air_date_start, time: 'Сейчас', title: 'Поздний сеанс', onAir: true },
      { id: '2026-11-24T22:00:00Z', time: '01:00', title: 'Ночные новости', onAir: false },
    ]);
  });
});

describe('scheduleView', () => {
  it('labels the days from the first, keeps loading days null and marks failed ones', () => {
    const loading: LoadedDay = { ...second, date: '2026-11-26', items: null };
    const failed: LoadedDay = { ...second, date: '2026-11-27', items: [], error: new Error('500') };
    const view = scheduleView([first, second, loading, failed], 0, 'Europe/Moscow');
    expect(view.map((day) => day.label)).toEqual(['Сегодня', 'Завтра', '26 ноября', '27 ноября']);
    expect(view[2]?.entries).toBeNull();
    expect(view[3]).toMatchObject({ entries: [], failed: true });
  });
});
