import type { ApiClient } from '@kadr/api-client';
import type { CallResponse } from '@kadr/api-contract';
import { regionInfo } from '@kadr/schedule-utils';
import { queryOptions } from '@tanstack/react-query';

/** A programme as the schedule call answers it (SPEC §3 TV schedule item). */
export type Programme = CallResponse<'getTvSchedule'>['items'][number];

/** One day's answer: its programmes and the days the channel's archive keeps (0: none). */
export interface ScheduleAnswer {
  items: Programme[];
  /** getTvSchedule's `archive_days` (contract extension, issue 13); 0 when the server gives none. */
  archiveDays: number;
}

/** Whose schedule: a channel-type content item (the card and its guide) or a channel (the TV tab's guide). */
export type ScheduleSource = { ekId: number } | { streamId: number };

/** Query keys of the schedule domain. */
export const scheduleKeys = {
  /** One day of one source's schedule; the day start carries the viewer's offset. */
  day: (source: ScheduleSource, dayStart: string, timeZone: string) =>
    'ekId' in source
      ? (['tv-schedule', 'content', source.ekId, dayStart, timeZone] as const)
      : (['tv-schedule', 'channel', source.streamId, dayStart, timeZone] as const),
};

/**
 * One day of a schedule (getTvSchedule, SPEC §7): a content item is asked with the viewer's region
 * info, a channel by its stream id.
 */
export function scheduleDayQuery(
  api: Pick<ApiClient, 'call'>,
  source: ScheduleSource,
  dayStart: string,
  timeZone: string,
) {
  return queryOptions({
    queryKey: scheduleKeys.day(source, dayStart, timeZone),
    queryFn: async ({ signal }): Promise<ScheduleAnswer> => {
      const who =
        'ekId' in source
          ? { EK_id: source.ekId, region_info: regionInfo(timeZone, Date.now()) }
          : { stream_id: source.streamId };
      const answer = await api.call(
        'getTvSchedule',
        { body: { tv_schedule_day_start_utc0: dayStart, ...who } },
        { signal },
      );
      return { items: answer.items, archiveDays: answer.archive_days ?? 0 };
    },
  });
}
