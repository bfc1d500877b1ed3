import type { FastifyBaseLogger } from 'fastify';
import { type Clock, systemClock } from '../../clock';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import {
  addDays,
  type DemoProgramme,
  generateDay,
  type MoscowDay,
  moscowDayOf,
  moscowDayStart,
} from './demo-schedule';
import {
  channelsForSchedule,
  channelsWithGaps,
  deleteProgrammesEndedBefore,
  insertProgrammes,
  type NewProgramme,
  type ProgrammeSpan,
  spansOverlapping,
} from './guide-queries';

/** Days before today the demo EPG fills (the channels' catch-up archive, SPEC §9 "at least 3 days"). */
export const DEMO_SCHEDULE_DAYS_BEFORE = 3;
/** Days after today the demo EPG fills (the 7-day horizon, today plus 6, and one more for late evenings). */
export const DEMO_SCHEDULE_DAYS_AFTER = 7;
/** The first fill waits this long after the server listens. */
export const FIRST_FILL_DELAY_MS = 1000;
/**
 * A failed fill (the database down or restarting) is tried again this long after, not the next day:
 * the guide would stay empty for a day (docs/decisions/025-dependency-recovery.md).
 */
export const FAILED_FILL_RETRY_MS = 60_000;
/** The daily fill runs this long after Moscow midnight. */
const DAILY_DELAY_MS = 60_000;

/** What one fill did. */
export interface DemoScheduleFill {
  /** The first and last Moscow day of the window. */
  from: MoscowDay;
  to: MoscowDay;
  /** Channels that had a gap in the window and were filled. */
  channels: number;
  /** Programmes written; 0 when the window was already filled. */
  written: number;
  /** Programmes deleted because they ended before the window (past the archive). */
  pruned: number;
}

/** A channel's programmes as [start, end) in ms, sorted by start (they never overlap each other). */
type Spans = Array<readonly [start: number, end: number]>;

/** Spans by channel, each list sorted, times parsed once. */
function spansByChannel(rows: readonly ProgrammeSpan[]): Map<number, Spans> {
  const byChannel = new Map<number, Spans>();
  for (const row of rows) {
    const list = byChannel.get(row.channel_id) ?? [];
    list.push([new Date(row.starts_at).getTime(), new Date(row.ends_at).getTime()]);
    byChannel.set(row.channel_id, list);
  }
  for (const list of byChannel.values()) list.sort((a, b) => a[0] - b[0]);
  return byChannel;
}

/**
 * Whether `p` overlaps one of `spans`. Spans of a channel never overlap, so sorted by start they are
 * sorted by end too: the first span ending after p's start is the only candidate (binary search; a
 * filled window is thousands of programmes, and the fill runs right after start).
 */
function overlapsAny(p: DemoProgramme, spans: Spans): boolean {
  const start = p.startsAt.getTime();
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((spans[mid] as readonly [number, number])[1] > start) high = mid;
    else low = mid + 1;
  }
  const candidate = spans[low];
  return candidate !== undefined && candidate[0] < p.endsAt.getTime();
}

/**
 * Fills every channel's programmes for the Moscow days [today − 3, today + 7] from the demo EPG,
 * leaving existing rows alone: a programme already there (same channel and start), or one that would
 * overlap a programme of its channel, is not written. Re-running writes nothing; instances running at
 * once write each programme once (the generator is deterministic; insertProgrammes skips conflicts).
 * Days are written one statement each, so the embedded database answers requests in between.
 * Programmes that ended before the window are deleted: the table keeps the archive and the week ahead,
 * not every day since the first start.
 */
export async function fillDemoSchedule(db: Db, now: Date): Promise<DemoScheduleFill> {
  const today = moscowDayOf(now);
  const from = addDays(today, -DEMO_SCHEDULE_DAYS_BEFORE);
  const to = addDays(today, DEMO_SCHEDULE_DAYS_AFTER);
  const windowStart = moscowDayStart(from);
  const pruned = await deleteProgrammesEndedBefore(db, windowStart);
  // Channels already covering the window have nothing to fill: one aggregate statement tells.
  const gaps = await channelsWithGaps(db, windowStart, moscowDayStart(addDays(to, 1)));
  if (gaps.size === 0) return { from, to, channels: 0, written: 0, pruned };
  const channels = (await channelsForSchedule(db)).filter((channel) => gaps.has(channel.id));
  // The day before the window only for its last programme, which covers the first day's early minutes.
  const days: MoscowDay[] = [];
  for (let day = addDays(from, -1); day <= to; day = addDays(day, 1)) days.push(day);

  const spansOf = spansByChannel(await spansOverlapping(db, windowStart, moscowDayStart(addDays(to, 2))));

  let written = 0;
  for (const day of days) {
    const batch: NewProgramme[] = [];
    for (const channel of channels) {
      let programmes = generateDay(channel, day);
      if (day < from) programmes = programmes.filter((p) => p.endsAt > windowStart);
      const spans = spansOf.get(channel.id) ?? [];
      for (const p of programmes) {
        if (overlapsAny(p, spans)) continue;
        batch.push({ channelId: channel.id, ...p });
      }
    }
    written += await insertProgrammes(db, batch);
  }
  return { from, to, channels: channels.length, written, pruned };
}

/** The demo EPG of a running server: a fill after listen, then one a minute after each Moscow midnight. */
export interface DemoScheduleHandle {
  /** Starts the fills in the background (no-op when DEMO_SCHEDULE is off or already started). */
  start(): void;
  /** Stops the timer and waits for a running fill; awaited on close. */
  stop(): Promise<void>;
  /** The running or last fill (undefined before the first); tests and logs await it. */
  readonly current: Promise<DemoScheduleFill | undefined> | undefined;
}

/** Keeps the demo EPG filled while the server runs; never part of start-up (see start()). */
export function createDemoSchedule(options: {
  db: Db;
  env: Pick<Env, 'demoSchedule'>;
  log: FastifyBaseLogger;
  clock?: Clock;
}): DemoScheduleHandle {
  const { db, log } = options;
  const clock = options.clock ?? systemClock;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let current: Promise<DemoScheduleFill | undefined> | undefined;

  const run = () => {
    timer = undefined;
    if (stopped) return;
    const started = performance.now();
    current = fillDemoSchedule(db, clock.now()).then(
      (fill) => {
        if (fill.written > 0 || fill.pruned > 0)
          log.info({ ...fill, ms: Math.round(performance.now() - started) }, 'demo TV schedule filled');
        return fill;
      },
      (err: unknown) => {
        // A failed fill (database closing or restarting, a broken row) must not stop the service; it
        // is tried again a minute later.
        if (!stopped) log.warn({ err }, 'demo TV schedule fill failed');
        return undefined;
      },
    );
    void current.then((fill) => schedule(fill === undefined));
  };

  const schedule = (failed: boolean) => {
    if (stopped) return;
    const now = clock.now();
    const nextMidnight = moscowDayStart(addDays(moscowDayOf(now), 1)).getTime();
    const wait = failed ? FAILED_FILL_RETRY_MS : nextMidnight - now.getTime() + DAILY_DELAY_MS;
    timer = setTimeout(run, wait);
    timer.unref();
  };

  return {
    start() {
      if (!options.env.demoSchedule || stopped || current || timer) return;
      // A moment after listening: the embedded database runs one statement at a time, and the first
      // requests (/healthz, a first page) should not queue behind the fill's.
      timer = setTimeout(run, FIRST_FILL_DELAY_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await current;
    },
    get current() {
      return current;
    },
  };
}
