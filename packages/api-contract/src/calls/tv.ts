import { z } from 'zod';
import { defineCall, route } from '../define-call.js';
import { goods } from './billing.js';
import { dateTime, dateTimeParam, id, url } from './common.js';

/** A programme of a channel's schedule (SPEC §3 TV schedule item). */
export const tvScheduleItem = z.object({
  tv_air_date_start: dateTime,
  tv_air_date_end: dateTime,
  EK_title: z.string(),
  EK_description: z.string(),
  tv_channel_title: z.string(),
  poster_url: url.nullable(),
  /** Announcement image of the current programme; null when none. */
  announce_url: url.nullable(),
});

/**
 * The start of a schedule day: `YYYY-MM-DDTHH:MM[:SS]` with `Z` or `±HH:MM`, as SPEC §7 gives it
 * ('YYYY-MM-DDT00:00+{tz offset}:00'), on the calendar (no 30 February).
 */
export const scheduleDayStart = dateTimeParam;

function isJsonText(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

/**
 * POST /v1/agregator/getTvSchedule: one day of a channel's programmes. The channel is named either by
 * a content item (`EK_id` with `region_info`, the timezone service's answer as JSON text) or by
 * `stream_id` (SPEC §7).
 */
export const getTvSchedule = defineCall({
  ...route('getTvSchedule'),
  summary: "One day of a channel's schedule",
  tag: 'tv',
  body: z.union([
    z.object({
      tv_schedule_day_start_utc0: scheduleDayStart,
      EK_id: id,
      region_info: z.string().max(4096).refine(isJsonText, 'region_info: JSON text'),
    }),
    z.object({ tv_schedule_day_start_utc0: scheduleDayStart, stream_id: id }),
  ]),
  response: z.object({
    items: z.array(tvScheduleItem),
    /**
     * Contract extension (issue 13): days the channel's archive keeps (0: no archive). A programme
     * that ended less than this long ago plays from its start through getReleaseChannel's
     * `archive_start`. Absent from servers without an archive.
     */
    archive_days: z.number().int().min(0).max(30).optional(),
  }),
});

/** POST /v1/agregator/getPackageByChannel: the goods (package, is_bought, tariffs) of a channel. */
export const getPackageByChannel = defineCall({
  ...route('getPackageByChannel'),
  summary: 'The package of a channel',
  tag: 'tv',
  body: z.object({ stream_id: id }),
  response: z.object({ goods }),
});

/** Every TV call. */
export const tvCalls = { getTvSchedule, getPackageByChannel } as const;
