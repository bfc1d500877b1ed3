import { describe, expect, it } from 'vitest';
import { getPackageByChannel, getTvSchedule, tvScheduleItem } from '../index.js';

describe('tv schemas', () => {
  it('accepts a schedule day by channel stream', () => {
    expect(
      getTvSchedule.body.safeParse({ tv_schedule_day_start_utc0: '2026-11-22T00:00+03:00', stream_id: 5 })
        .success,
    ).toBe(true);
  });

  it('accepts a schedule day by content with the timezone JSON', () => {
    const body = {
      tv_schedule_day_start_utc0: '2026-11-22T00:00:00Z',
      EK_id: 7,
      region_info: '{"tz":"Europe/Moscow"}',
    };
    expect(getTvSchedule.body.safeParse(body).success).toBe(true);
  });

  it('rejects a schedule day without a channel, with a bad date or with region_info that is not JSON', () => {
    expect(
      getTvSchedule.body.safeParse({ tv_schedule_day_start_utc0: '2026-11-22T00:00+03:00' }).success,
    ).toBe(false);
    expect(
      getTvSchedule.body.safeParse({ tv_schedule_day_start_utc0: '22.11.2026', stream_id: 5 }).success,
    ).toBe(false);
    expect(
      getTvSchedule.body.safeParse({ tv_schedule_day_start_utc0: '2026-13-45T00:00Z', stream_id: 5 }).success,
    ).toBe(false);
    expect(
      getTvSchedule.body.safeParse({
        tv_schedule_day_start_utc0: '2026-11-22T00:00Z',
        EK_id: 7,
        region_info: '{',
      }).success,
    ).toBe(false);
  });

  it('rejects a schedule day that is not on the calendar', () => {
    for (const day of [
      '2026-02-30T00:00+03:00',
      '2026-04-31T00:00Z',
      '2026-02-29T00:00:00Z',
      '2026-11-22T24:00Z',
    ]) {
      expect(
        getTvSchedule.body.safeParse({ tv_schedule_day_start_utc0: day, stream_id: 5 }).success,
        day,
      ).toBe(false);
    }
  });

  it('accepts 29 February of a leap year, with or without seconds', () => {
    for (const day of ['2028-02-29T00:00+03:00', '2028-02-29T00:00:00Z']) {
      expect(
        getTvSchedule.body.safeParse({ tv_schedule_day_start_utc0: day, stream_id: 5 }).success,
        day,
      ).toBe(true);
    }
  });

  it('accepts a schedule item and rejects one without times', () => {
    const item = {
      tv_air_date_start: '2026-11-22T10:00:00+03:00',
      tv_air_date_end: '2026-11-22T11:00:00+03:00',
      EK_title: 'Новости',
      EK_description: '',
      tv_channel_title: 'Первый',
      poster_url: null,
      announce_url: 'https://cdn.example.ru/a.jpg',
    };
    expect(tvScheduleItem.safeParse(item).success).toBe(true);
    expect(tvScheduleItem.safeParse({ ...item, tv_air_date_end: undefined }).success).toBe(false);
  });

  it('needs a positive integer stream_id for the channel package', () => {
    expect(getPackageByChannel.body.safeParse({ stream_id: 5 }).success).toBe(true);
    expect(getPackageByChannel.body.safeParse({ stream_id: '5' }).success).toBe(false);
    expect(getPackageByChannel.body.safeParse({ stream_id: 0 }).success).toBe(false);
  });
});
