import { daysBetween } from './days.js';

/** Day labels of the guide (SPEC §2 Programme guide). */
export const dayLabels = {
  today: 'Сегодня',
  tomorrow: 'Завтра',
  /** The day before today (a channel's archive). */
  yesterday: 'Вчера',
  /** The first programme of today: the one on air. */
  now: 'Сейчас',
} as const;

const dayMonth = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const times = new Map<string, Intl.DateTimeFormat>();

/**
 * The label of the day `date` (`YYYY-MM-DD`) seen on `today`: «Сегодня», «Завтра», «Вчера» (a day of
 * the archive), else the date in Russian, day and month («27 ноября»; SPEC §9).
 */
export function dayLabel(date: string, today: string): string {
  const ahead = daysBetween(today, date);
  if (ahead === 0) return dayLabels.today;
  if (ahead === 1) return dayLabels.tomorrow;
  if (ahead === -1) return dayLabels.yesterday;
  return dayMonth.format(Date.parse(`${date}T00:00Z`));
}

/** `HH:MM` of `instant` (ms or an ISO string) in `timeZone` (SPEC §9). */
export function formatTime(instant: number | string, timeZone: string): string {
  let format = times.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('ru-RU', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    times.set(timeZone, format);
  }
  return format.format(typeof instant === 'string' ? Date.parse(instant) : instant);
}
