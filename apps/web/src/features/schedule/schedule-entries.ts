import {
  currentProgramme,
  dayLabel,
  dayLabels,
  formatTime,
  fromCurrent,
  programmesOfDay,
  programmesStartingIn,
} from '@kadr/schedule-utils';
import type { ScheduleDay as ScheduleDayView, ScheduleEntry } from '@kadr/ui-kit';
import type { Programme } from './schedule-queries';
import type { LoadedDay } from './use-tv-schedule';

/**
 * The lines of a day as the guide shows them (SPEC §2 Programme guide): today's list starts at the
 * programme on air, which says «Сейчас» (it may have started the day before); the others show their
 * start time. Other days list the programmes starting in them, as a printed guide does.
 */
export function dayEntries(day: LoadedDay, today: boolean, now: number, timeZone: string): ScheduleEntry[] {
  if (!day.items) return [];
  const items = today
    ? fromCurrent(programmesOfDay(day.items, day.startsAt, day.endsAt), now)
    : programmesStartingIn(day.items, day.startsAt, day.endsAt);
  const onAir = today ? currentProgramme(items, now) : undefined;
  return items.map((item: Programme) => ({
    id: item.tv_air_date_start,
    time: item === onAir ? dayLabels.now : formatTime(item.tv_air_date_start, timeZone),
    title: item.EK_title,
    onAir: item === onAir,
  }));
}

/** The week for the ui-kit's schedule: labels «Сегодня», «Завтра», then dates; null entries while loading. */
export function scheduleView(days: readonly LoadedDay[], now: number, timeZone: string): ScheduleDayView[] {
  const today = days[0]?.date ?? '';
  return days.map((day, index) => ({
    key: day.date,
    label: dayLabel(day.date, today),
    entries: day.items === null ? null : dayEntries(day, index === 0, now, timeZone),
    failed: day.error != null,
  }));
}
