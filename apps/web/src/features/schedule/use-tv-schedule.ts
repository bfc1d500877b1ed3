import { SCHEDULE_DAYS } from '@kadr/api-contract/routes';
import { type ScheduleDay, scheduleDays } from '@kadr/schedule-utils';
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { SCREEN_QUERY } from '../../shared/data/query-client';
import { useServices } from '../../shared/services';
import { type Programme, type ScheduleSource, scheduleDayQuery } from './schedule-queries';

/** One day of a channel's schedule and how its load went. */
export interface LoadedDay extends ScheduleDay {
  /** The day's programmes; null while loading; empty when the day has none or failed. */
  items: Programme[] | null;
  /** The day's call failed (SPEC §8: its schedule becomes empty, the error is kept). */
  error: unknown;
}

/** How often the programme on air is worked out again. */
export const NOW_TICK_MS = 60_000;

/**
 * The week schedule of a channel-type content item or of a channel: today plus 6 days in the viewer's
 * time zone, one scheduleDayQuery per day, all in parallel (SPEC §7, §9). A failed day becomes empty
 * and keeps its error; the others are unaffected. `now` moves every minute so the programme on air
 * stays current; the week is the one of the moment the hook started. `screen` marks the week as the
 * screen's primary data (the programme guide's; not the week under a content card).
 */
export function useTvSchedule(
  source: ScheduleSource,
  timeZone: string,
  { screen = false }: { screen?: boolean } = {},
): { days: LoadedDay[]; now: number } {
  const { api } = useServices();
  // The queries depend on the ids, not on the object a caller may create at every render.
  const ekId = 'ekId' in source ? source.ekId : undefined;
  const streamId = 'streamId' in source ? source.streamId : undefined;
  const [start] = useState(() => Date.now());
  const [now, setNow] = useState(start);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), NOW_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const week = useMemo(() => scheduleDays(start, timeZone, SCHEDULE_DAYS), [start, timeZone]);
  const who: ScheduleSource = ekId !== undefined ? { ekId } : { streamId: streamId ?? Number.NaN };
  // The days as one value that changes only when a day's answer does.
  const combine = useCallback(
    (results: UseQueryResult<Programme[]>[]) =>
      week.map((day, at): LoadedDay => {
        const result = results[at];
        if (result?.data) return { ...day, items: result.data, error: null };
        if (result?.isError) return { ...day, items: [], error: result.error };
        return { ...day, items: null, error: null };
      }),
    [week],
  );
  const days = useQueries({
    queries: week.map((day) => ({
      ...scheduleDayQuery(api, who, day.dayStart, timeZone),
      meta: screen ? SCREEN_QUERY : undefined,
    })),
    combine,
  });
  // A week of programmes is hundreds of lines: rendered in a background render that yields to the
  // browser, not in one long task (the guide shows the days once all have answered).
  const shown = useDeferredValue(days);
  return { days: shown, now };
}
