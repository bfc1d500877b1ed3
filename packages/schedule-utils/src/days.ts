const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** One day of a schedule, in the viewer's time zone. */
export interface ScheduleDay {
  /** The calendar date in the time zone, `YYYY-MM-DD`; a stable key. */
  date: string;
  /** The day's start as the schedule call takes it (SPEC §7): `YYYY-MM-DDT00:00+03:00`. */
  dayStart: string;
  /** The instant the day starts (ms since the epoch). */
  startsAt: number;
  /** The instant the next day starts (23, 24 or 25 hours later across a clock change). */
  endsAt: number;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date and wall-clock time of `instant` in `timeZone`. */
function wallClock(instant: number, timeZone: string) {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  const part = (type: string) =>
    Number(format.formatToParts(instant).find((p) => p.type === type)?.value ?? Number.NaN);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

/** Minutes `timeZone` is ahead of UTC at `instant` (180 for Moscow). */
export function utcOffsetMinutes(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return Math.round((asUtc - Math.floor(instant / MINUTE) * MINUTE) / MINUTE);
}

/** `+03:00`, `-04:30`, `+00:00`. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The instant local midnight of `year-month-day` happens in `timeZone`. */
function midnight(year: number, month: number, day: number, timeZone: string): number {
  const wallMidnight = Date.UTC(year, month - 1, day);
  // The offset at a guess, then at the instant it gives: right on both sides of a clock change.
  const guess = wallMidnight - utcOffsetMinutes(wallMidnight, timeZone) * MINUTE;
  return wallMidnight - utcOffsetMinutes(guess, timeZone) * MINUTE;
}

/** The day holding `instant` in `timeZone`. */
export function scheduleDayAt(instant: number, timeZone: string): ScheduleDay {
  const wall = wallClock(instant, timeZone);
  return scheduleDay(wall.year, wall.month, wall.day, timeZone);
}

function scheduleDay(year: number, month: number, day: number, timeZone: string): ScheduleDay {
  const startsAt = midnight(year, month, day, timeZone);
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  const endsAt = midnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone);
  const date = `${year}-${pad2(month)}-${pad2(day)}`;
  return {
    date,
    dayStart: `${date}T00:00${formatOffset(utcOffsetMinutes(startsAt, timeZone))}`,
    startsAt,
    endsAt,
  };
}

/**
 * The schedule's days in `timeZone`: the day holding `now`, then the next ones, `count` in all. The
 * product's horizon is the contract's `SCHEDULE_DAYS` (`@kadr/api-contract/routes`, SPEC §9: 7, today
 * plus 6); it is passed in, not copied here. `first` moves the first day from today: -3 starts three
 * days back (the days of a channel's archive).
 */
export function scheduleDays(now: number, timeZone: string, count: number, first = 0): ScheduleDay[] {
  const today = wallClock(now, timeZone);
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + first + index));
    return scheduleDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), timeZone);
  });
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00Z`) - Date.parse(`${from}T00:00Z`)) / DAY);
}
