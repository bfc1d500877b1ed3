import type { CallResponse } from '@kadr/api-contract';
import { regionInfo, type ScheduleDay, scheduleDays } from '@kadr/schedule-utils';
import { startTransition, useEffect, useState } from 'react';
import { useServices } from '../../app/services';

/** A programme as the schedule call answers it (SPEC §3 TV schedule item). */
export type Programme = CallResponse<'getTvSchedule'>['items'][number];

/** One day of a channel's schedule and how its load went. */
export interface LoadedDay extends ScheduleDay {
  /** The day's programmes; null while loading; empty when the day has none or failed. */
  items: Programme[] | null;
  /** The day's call failed (SPEC §8: its schedule becomes empty, the error is kept). */
  error: unknown;
}

/** Whose schedule: a channel-type content item (the card and its guide) or a channel (the TV tab's guide). */
export type ScheduleSource = { ekId: number } | { streamId: number };

/** How often the programme on air is worked out again. */
export const NOW_TICK_MS = 60_000;

/**
 * The week schedule of a channel-type content item or of a channel: today plus 6 days in the viewer's
 * time zone, one getTvSchedule call per day, all in parallel (SPEC §7, §9). A failed day becomes empty
 * and keeps its error; the others are unaffected. `now` moves every minute so the programme on air
 * stays current.
 */
export function useTvSchedule(source: ScheduleSource, timeZone: string): { days: LoadedDay[]; now: number } {
  const { api } = useServices();
  // The effect depends on the ids, not on the object a caller may create at every render.
  const ekId = 'ekId' in source ? source.ekId : undefined;
  const streamId = 'streamId' in source ? source.streamId : undefined;
  const [now, setNow] = useState(() => Date.now());
  const [days, setDays] = useState<LoadedDay[]>(() =>
    scheduleDays(now, timeZone).map((day) => ({ ...day, items: null, error: null })),
  );
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), NOW_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const start = Date.now();
    const week = scheduleDays(start, timeZone);
    const region = regionInfo(timeZone, start);
    const who =
      ekId !== undefined ? { EK_id: ekId, region_info: region } : { stream_id: streamId ?? Number.NaN };
    setDays(week.map((day) => ({ ...day, items: null, error: null })));
    const settle = (index: number, items: Programme[], error: unknown) => {
      if (controller.signal.aborted) return;
      // A week of programmes is hundreds of lines: rendered in slices that yield to the browser, not in
      // one long task (the guide shows the days once all have answered).
      startTransition(() =>
        setDays((current) => current.map((day, at) => (at === index ? { ...day, items, error } : day))),
      );
    };
    week.forEach((day, index) => {
      api
        .call(
          'getTvSchedule',
          { body: { tv_schedule_day_start_utc0: day.dayStart, ...who } },
          { signal: controller.signal },
        )
        .then(
          (answer) => settle(index, answer.items, null),
          (error: unknown) => {
            if (!controller.signal.aborted) console.error('[web] schedule failed', day.dayStart, error);
            settle(index, [], error);
          },
        );
    });
    return () => controller.abort();
  }, [api, ekId, streamId, timeZone]);

  return { days, now };
}
