/** What the guide needs of a programme: its start and end (ISO date-times, as the schedule call answers). */
export interface TimedProgramme {
  tv_air_date_start: string;
  tv_air_date_end: string;
}

const startOf = (item: TimedProgramme) => Date.parse(item.tv_air_date_start);
const endOf = (item: TimedProgramme) => Date.parse(item.tv_air_date_end);

/**
 * The programme on air at `now`: its start is not after now and its end is not before now (SPEC §4);
 * the first such one in start order when two touch at `now`.
 */
export function currentProgramme<T extends TimedProgramme>(items: readonly T[], now: number): T | undefined {
  return byStart(items).find((item) => startOf(item) <= now && endOf(item) >= now);
}

/** The programmes in order of their start. */
export function byStart<T extends TimedProgramme>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => startOf(a) - startOf(b));
}

/**
 * Today's list as the guide shows it (SPEC §2): from the programme on air on; when nothing is on air,
 * from the next one. Programmes that ended before `now` are left out.
 */
export function fromCurrent<T extends TimedProgramme>(items: readonly T[], now: number): T[] {
  return byStart(items).filter((item) => endOf(item) >= now);
}

/** The `count` programmes after the one on air (SPEC §2 channel page: the next three). */
export function nextProgrammes<T extends TimedProgramme>(items: readonly T[], now: number, count = 3): T[] {
  return byStart(items)
    .filter((item) => startOf(item) > now)
    .slice(0, count);
}

/**
 * The programmes listed under a day that starts at `startsAt` and ends at `endsAt` (ms): those starting
 * in it, as a printed guide lists them (a programme crossing midnight is under the day it starts).
 */
export function programmesStartingIn<T extends TimedProgramme>(
  items: readonly T[],
  startsAt: number,
  endsAt: number,
): T[] {
  return byStart(items).filter((item) => startOf(item) >= startsAt && startOf(item) < endsAt);
}

/** The programmes of a day that starts at `startsAt` and ends at `endsAt` (ms): those overlapping it. */
export function programmesOfDay<T extends TimedProgramme>(
  items: readonly T[],
  startsAt: number,
  endsAt: number,
): T[] {
  return byStart(items).filter((item) => startOf(item) < endsAt && endOf(item) > startsAt);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a programme is in its channel's archive at `now`: it has ended, less than `archiveDays` days
 * ago (getTvSchedule's `archive_days`; 0: the channel keeps no archive). Such a programme plays from
 * its start (getReleaseChannel's `archive_start`).
 */
export function isArchived(item: TimedProgramme, now: number, archiveDays: number): boolean {
  const end = endOf(item);
  return end < now && now - end < archiveDays * DAY_MS;
}

/**
 * The next instant after `now` at which what the guide shows changes: a programme starts, the one on
 * air ends (it stays current up to its end, inclusive, so the change is a millisecond later), or an
 * archived programme leaves the archive. Undefined when nothing changes any more. A timer to this
 * instant moves the programme on air on by itself, without polling.
 */
export function nextScheduleChange(
  items: readonly TimedProgramme[],
  now: number,
  archiveDays = 0,
): number | undefined {
  let next = Number.POSITIVE_INFINITY;
  const consider = (instant: number) => {
    if (instant > now && instant < next) next = instant;
  };
  for (const item of items) {
    consider(startOf(item));
    consider(endOf(item) + 1);
    if (archiveDays > 0) consider(endOf(item) + archiveDays * DAY_MS);
  }
  return Number.isFinite(next) ? next : undefined;
}
