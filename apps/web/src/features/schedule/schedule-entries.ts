import {
  currentProgramme,
  dayLabel,
  dayLabels,
  formatTime,
  isArchived,
  programmesOfDay,
  programmesStartingIn,
} from '@kadr/schedule-utils';
import type { ScheduleDay as ScheduleDayView, ScheduleEntry } from '@kadr/ui-kit';
import type { Programme } from './schedule-queries';
import type { LoadedDay } from './use-tv-schedule';

/** How lines are made beyond the day and the moment. */
export interface EntryOptions {
  /** Days the channel's archive keeps: programmes that ended less long ago are marked (0: none). */
  archiveDays?: number;
  /** Archived programmes and the one on air are playable (the channel's own page and guide). */
  playable?: boolean;
}

const startOf = (item: Programme) => Date.parse(item.tv_air_date_start);
const endOf = (item: Programme) => Date.parse(item.tv_air_date_end);

/**
 * The lines of a day as the guide shows them (SPEC §2 Programme guide): today's list starts at the
 * programme on air, which says «Сейчас» (it may have started the day before); the others show their
 * start time. Other days list the programmes starting in them, as a printed guide does. On a channel
 * with an archive, today also keeps its ended programmes that are still in the archive, before the one
 * on air: they are marked and play from their start, as do the archive's days before today.
 */
export function dayEntries(
  day: LoadedDay,
  today: boolean,
  now: number,
  timeZone: string,
  { archiveDays = 0, playable = false }: EntryOptions = {},
): ScheduleEntry[] {
  if (!day.items) return [];
  const items = today
    ? programmesOfDay(day.items, day.startsAt, day.endsAt).filter(
        (item) => endOf(item) >= now || (startOf(item) >= day.startsAt && isArchived(item, now, archiveDays)),
      )
    : programmesStartingIn(day.items, day.startsAt, day.endsAt);
  const onAir = today ? currentProgramme(items, now) : undefined;
  return items.map((item: Programme) => {
    const archived = isArchived(item, now, archiveDays);
    const entry: ScheduleEntry = {
      id: item.tv_air_date_start,
      time: item === onAir ? dayLabels.now : formatTime(item.tv_air_date_start, timeZone),
      title: item.EK_title,
      onAir: item === onAir,
    };
    if (archived) entry.archived = true;
    if (playable && (archived || item === onAir)) entry.playable = true;
    return entry;
  });
}

/** Options of {@link scheduleView}. */
export interface ScheduleViewOptions extends EntryOptions {
  /** Today's date; the first day's by default (days before it are the archive's). */
  today?: string;
}

/**
 * The days for the ui-kit's schedule: labels «Вчера», «Сегодня», «Завтра», then dates; null entries
 * while loading.
 */
export function scheduleView(
  days: readonly LoadedDay[],
  now: number,
  timeZone: string,
  { today = days[0]?.date ?? '', ...options }: ScheduleViewOptions = {},
): ScheduleDayView[] {
  return days.map((day) => ({
    key: day.date,
    label: dayLabel(day.date, today),
    entries: day.items === null ? null : dayEntries(day, day.date === today, now, timeZone, options),
    failed: day.error != null,
  }));
}
