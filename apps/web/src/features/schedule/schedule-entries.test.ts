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

describe('dayEntries on a channel with an archive', () => {
  // 02:00 on the 25th in Moscow.
  const now = Date.parse('2026-11-24T23:00:00Z');
  const night = programme('Ночные новости', '2026-11-24T22:00:00Z', '2026-11-24T22:30:00Z');
  const concert = programme('Концерт', '2026-11-24T22:30:00Z', '2026-11-25T00:00:00Z');
  const today: LoadedDay = { ...second, items: [late, night, concert] };

  it('keeps today’s ended programmes of the archive before the one on air, marked and playable', () => {
    expect(dayEntries(today, true, now, 'Europe/Moscow', { archiveDays: 3, playable: true })).toEqual([
      {
        id: night.tv_air_date_start,
        time: '01:00',
        title: 'Ночные новости',
        onAir: false,
        archived: true,
        playable: true,
      },
      { id: concert.tv_air_date_start, time: 'Сейчас', title: 'Концерт', onAir: true, playable: true },
    ]);
  });

  it('lists the day before under its own day, archived; without playable nothing is playable', () => {
    expect(dayEntries(first, false, now, 'Europe/Moscow', { archiveDays: 3 })).toEqual([
      { id: '2026-11-24T19:00:00Z', time: '22:00', title: 'Вечерние новости', onAir: false, archived: true },
      { id: late.tv_air_date_start, time: '23:30', title: 'Поздний сеанс', onAir: false, archived: true },
    ]);
  });

  it('marks nothing past the archive’s days, and starts today at the programme on air without one', () => {
    const later = now + 3 * 24 * 3_600_000;
    expect(
      dayEntries(first, false, later, 'Europe/Moscow', { archiveDays: 3 }).map((e) => e.archived),
    ).toEqual([undefined, undefined]);
    expect(dayEntries(today, true, now, 'Europe/Moscow').map((e) => e.title)).toEqual(['Концерт']);
  });
});

describe('scheduleView', () => {
  it('labels the archive’s days before today from the day it is told is today', () => {
    const view = scheduleView([first, second], 0, 'Europe/Moscow', { today: '2026-11-25' });
    expect(view.map((day) => day.label)).toEqual(['Вчера', 'Сегодня']);
  });

  it('labels the days from the first, keeps loading days null and marks failed ones', () => {
    const loading: LoadedDay = { ...second, date: '2026-11-26', items: null };
    const failed: LoadedDay = { ...second, date: '2026-11-27', items: [], error: new Error('500') };
    const view = scheduleView([first, second, loading, failed], 0, 'Europe/Moscow');
    expect(view.map((day) => day.label)).toEqual(['Сегодня', 'Завтра', '26 ноября', '27 ноября']);
    expect(view[2]?.entries).toBeNull();
    expect(view[3]).toMatchObject({ entries: [], failed: true });
  });
});
