import { SCHEDULE_DAYS } from '@kadr/api-contract/routes';
import {
  daysBetween,
  nextScheduleChange,
  type ScheduleDay,
  scheduleDayAt,
  scheduleDays,
} from '@kadr/schedule-utils';
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { SCREEN_QUERY } from '../../shared/data/query-client';
import { useServices } from '../../shared/services';
import {
  type Programme,
  type ScheduleAnswer,
  type ScheduleSource,
  scheduleDayQuery,
} from './schedule-queries';

/** One day of a channel's schedule and how its load went. */
export interface LoadedDay extends ScheduleDay {
  /** The day's programmes; null while loading; empty when the day has none or failed. */
  items: Programme[] | null;
  /** The day's call failed (SPEC §8: its schedule becomes empty, the error is kept). */
  error: unknown;
}

/** What {@link useTvSchedule} gives. */
export interface TvSchedule {
  /** The archive's days (oldest first) when asked for (`pastDays`), then today and the next six. */
  days: LoadedDay[];
  /** Today's date (`YYYY-MM-DD`): the first day of the week. */
  today: string;
  /** The moment the programme on air is worked out for; moves on when what is shown changes. */
  now: number;
  /** Days the channel's archive keeps (getTvSchedule's `archive_days`); 0 without an archive. */
  archiveDays: number;
}

/** Options of {@link useTvSchedule}. */
export interface TvScheduleOptions {
  /** The week is the screen's primary data (the programme guide's, the channel page's). */
  screen?: boolean;
  /**
   * Also the days of the channel's archive before today, asked once an answer says how many it keeps
   * (the guide; the channel page's week keeps to today plus 6).
   */
  pastDays?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** setTimeout's longest delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The week schedule of a channel-type content item or of a channel: today plus 6 days in the viewer's
 * time zone, one scheduleDayQuery per day, all in parallel (SPEC §7, §9); with `pastDays`, the days of
 * the channel's archive before today too, asked as soon as an answer names `archive_days`. A failed
 * day becomes empty and keeps its error; the others are unaffected. `now` moves on by a timer to the
 * next change — the programme on air ending, the next one starting, a programme leaving the archive,
 * midnight in `timeZone` — not by polling. The week is the one of the day holding `now`: it moves on at
 * midnight while the page stays open, and another source (the channel page keeps its hooks across
 * channels) starts afresh on the day it is opened.
 */
export function useTvSchedule(
  source: ScheduleSource,
  timeZone: string,
  { screen = false, pastDays = false }: TvScheduleOptions = {},
): TvSchedule {
  const { api } = useServices();
  // The queries depend on the ids, not on the object a caller may create at every render.
  const ekId = 'ekId' in source ? source.ekId : undefined;
  const streamId = 'streamId' in source ? source.streamId : undefined;
  const sourceKey = ekId !== undefined ? `content:${ekId}` : `channel:${streamId}`;
  const [clock, setClock] = useState(() => ({ sourceKey, now: Date.now() }));
  if (clock.sourceKey !== sourceKey) {
    // Another source: its week starts now (React's pattern for state that follows a prop).
    setClock({ sourceKey, now: Date.now() });
  }
  const { now } = clock;
  // Today, by `now`: the week below and the timer's midnight follow it.
  const dayOfNow = useMemo(() => scheduleDayAt(now, timeZone), [now, timeZone]);

  const week = useMemo(
    () => scheduleDays(dayOfNow.startsAt, timeZone, SCHEDULE_DAYS),
    [dayOfNow.startsAt, timeZone],
  );
  const today = week[0]?.date ?? '';
  const who: ScheduleSource = ekId !== undefined ? { ekId } : { streamId: streamId ?? Number.NaN };
  const queryOf = (day: ScheduleDay) => ({
    ...scheduleDayQuery(api, who, day.dayStart, timeZone),
    meta: screen ? SCREEN_QUERY : undefined,
  });
  const combineWeek = useCombine(week);
  const weekAnswers = useQueries({ queries: week.map(queryOf), combine: combineWeek });
  const archiveDays = weekAnswers.find((day) => day.answer)?.answer?.archiveDays ?? 0;

  // The days before today holding programmes that ended less than archiveDays ago.
  const backDays =
    pastDays && archiveDays > 0
      ? daysBetween(scheduleDayAt(now - archiveDays * DAY_MS, timeZone).date, today)
      : 0;
  const past = useMemo(
    () => (backDays > 0 ? scheduleDays(dayOfNow.startsAt, timeZone, backDays, -backDays) : []),
    [dayOfNow.startsAt, timeZone, backDays],
  );
  const combinePast = useCombine(past);
  const pastAnswers = useQueries({ queries: past.map(queryOf), combine: combinePast });

  const days: LoadedDay[] = useMemo(() => [...pastAnswers, ...weekAnswers], [pastAnswers, weekAnswers]);

  // A timer to the next change of what is shown (SPEC §4: the current programme is the one whose
  // start is not after now and whose end is not before now), or to midnight, when the week moves on a
  // day (a page left open overnight) — whichever comes first.
  const items = useMemo(() => days.flatMap((day) => day.items ?? []), [days]);
  useEffect(() => {
    const next = Math.min(nextScheduleChange(items, now, archiveDays) ?? dayOfNow.endsAt, dayOfNow.endsAt);
    const timer = setTimeout(
      () => setClock((current) => ({ ...current, now: Date.now() })),
      Math.min(Math.max(next - Date.now(), 0), MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [items, now, archiveDays, dayOfNow.endsAt]);

  // A week of programmes is hundreds of lines: rendered in a background render that yields to the
  // browser, not in one long task (the guide shows the days once all have answered).
  const shown = useDeferredValue(days);
  return { days: shown, today, now, archiveDays };
}

/** A day and the answer it came from. */
type AnsweredDay = LoadedDay & { answer?: ScheduleAnswer };

/** The days as one value that changes only when a day's answer does. */
function useCombine(days: readonly ScheduleDay[]) {
  return useCallback(
    (results: UseQueryResult<ScheduleAnswer>[]) =>
      days.map((day, at): AnsweredDay => {
        const result = results[at];
        if (result?.data) return { ...day, items: result.data.items, error: null, answer: result.data };
        if (result?.isError) return { ...day, items: [], error: result.error };
        return { ...day, items: null, error: null };
      }),
    [days],
  );
}
