import { formatOffset, utcOffsetMinutes } from './days.js';

/** The viewer's region as the schedule call's `region_info` carries it (JSON text; SPEC §7). */
export interface RegionInfo {
  /** IANA time zone, `Europe/Moscow`. */
  timezone: string;
  /** The zone's offset from UTC now, `+03:00`. */
  utc_offset: string;
}

/** The time zone the viewer's device is set to; `Europe/Moscow` when the runtime does not say. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Moscow';
}

/**
 * `region_info` for a content item's schedule (SPEC §7). The SPEC fills it from an external time-zone
 * service's answer; the device's own zone answers the same question without a request
 * (docs/decisions/007-tv-schedule.md).
 */
export function regionInfo(timeZone: string, now: number): string {
  const info: RegionInfo = { timezone: timeZone, utc_offset: formatOffset(utcOffsetMinutes(now, timeZone)) };
  return JSON.stringify(info);
}
