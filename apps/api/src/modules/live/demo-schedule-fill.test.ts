import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { FIXTURE_MANIFEST } from '../../test/catalogue-fixture';
import { backends, FakeClock } from '../../test/harness';
import { importManifestFile, LocalImageStore } from '../catalogue';
import { addDays, moscowDayStart } from './demo-schedule';
import {
  createDemoSchedule,
  FAILED_FILL_RETRY_MS,
  FIRST_FILL_DELAY_MS,
  fillDemoSchedule,
} from './demo-schedule-fill';
import { programmesOverlapping } from './guide-queries';

// 2030-01-15 13:00 in Moscow: the window is the Moscow days 2030-01-12 … 2030-01-22.
const NOW = new Date('2030-01-15T10:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

interface Row {
  id: number;
  channel_id: number;
  starts_at: Date | string;
  ends_at: Date | string;
  title: string;
}

const silentLog = { info: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

for (const backend of backends) {
  describe.skipIf(!backend.available)(`demo TV schedule fill (${backend.name})`, () => {
    let opened: Awaited<ReturnType<typeof backend.open>> | undefined;
    const dataDir = mkdtempSync(join(tmpdir(), 'kadr-tv-fill-'));
    const database = (): Database => {
      if (!opened) throw new Error(`${backend.name} is not available`);
      return opened.database;
    };

    beforeAll(async () => {
      if (!backend.available) return;
      opened = await backend.open();
      await importManifestFile(opened.database.db, FIXTURE_MANIFEST, {
        images: new LocalImageStore(join(dataDir, 'media', 'images')),
        now: NOW,
      });
    });
    afterAll(async () => {
      await opened?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });
    beforeEach(async () => {
      await database().db.execute(sql`truncate tv_programmes restart identity`);
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    function setup() {
      const db = database().db;
      const rows = async () =>
        (
          (await db.execute(
            sql`select id, channel_id, starts_at, ends_at, title from tv_programmes order by channel_id, starts_at`,
          )) as unknown as { rows: Row[] }
        ).rows;
      return { db, rows };
    }

    it('fills every channel for the Moscow days today − 3 … today + 7, each day covered without gaps', async () => {
      const { db } = setup();
      const fill = await fillDemoSchedule(db, NOW);
      expect(fill).toMatchObject({ from: '2030-01-12', to: '2030-01-22', channels: 2 });
      expect(fill.written).toBeGreaterThan(2 * 11 * 10);
      for (const channelId of [1, 2]) {
        for (let n = -3; n <= 7; n++) {
          const start = moscowDayStart(addDays('2030-01-15', n));
          const day = await programmesOverlapping(db, channelId, start, new Date(start.getTime() + DAY_MS));
          expect(new Date(day[0]!.starts_at).getTime()).toBeLessThanOrEqual(start.getTime());
          expect(new Date(day.at(-1)!.ends_at).getTime()).toBeGreaterThanOrEqual(start.getTime() + DAY_MS);
          for (let i = 1; i < day.length; i++)
            expect(new Date(day[i]!.starts_at)).toEqual(new Date(day[i - 1]!.ends_at));
        }
      }
    });

    it('writes nothing and changes nothing when run again', async () => {
      const { db, rows } = setup();
      await fillDemoSchedule(db, NOW);
      const before = await rows();
      // Every channel covers the window: the cheap check finds nothing to fill.
      expect(await fillDemoSchedule(db, NOW)).toMatchObject({ written: 0, channels: 0, pruned: 0 });
      expect(await rows()).toEqual(before);
    });

    it('never rewrites an existing row, and puts back only a missing one', async () => {
      const { db, rows } = setup();
      await fillDemoSchedule(db, NOW);
      const [first, second] = await rows();
      await db.execute(sql`update tv_programmes set title = 'Правка редактора' where id = ${first!.id}`);
      await db.execute(sql`delete from tv_programmes where id = ${second!.id}`);
      expect((await fillDemoSchedule(db, NOW)).written).toBe(1);
      const after = await rows();
      expect(after.find((r) => r.id === first!.id)?.title).toBe('Правка редактора');
      expect(
        after.find((r) => r.title === second!.title && String(r.starts_at) === String(second!.starts_at)),
      ).toBeDefined();
    });

    it("keeps another feed's programme and skips the generated ones it overlaps", async () => {
      const { db, rows } = setup();
      const start = moscowDayStart('2030-01-16');
      await db.execute(sql`
        insert into tv_programmes (channel_id, starts_at, ends_at, title)
        values (1, ${new Date(start.getTime() + 7 * 3_600_000 + 7 * 60_000).toISOString()}::timestamptz,
                ${new Date(start.getTime() + 9 * 3_600_000 + 7 * 60_000).toISOString()}::timestamptz, 'Утро')`);
      await fillDemoSchedule(db, NOW);
      const channel = (await rows()).filter((r) => r.channel_id === 1);
      expect(channel.filter((r) => r.title === 'Утро')).toHaveLength(1);
      for (let i = 1; i < channel.length; i++) {
        expect(new Date(channel[i]!.starts_at).getTime()).toBeGreaterThanOrEqual(
          new Date(channel[i - 1]!.ends_at).getTime(),
        );
      }
    });

    it('writes each programme once when two fills run at once (two instances)', async () => {
      const { db, rows } = setup();
      const [a, b] = await Promise.all([fillDemoSchedule(db, NOW), fillDemoSchedule(db, NOW)]);
      const count = (await rows()).length;
      expect(a.written + b.written).toBe(count);
      await db.execute(sql`truncate tv_programmes restart identity`);
      expect((await fillDemoSchedule(db, NOW)).written).toBe(count);
    });

    it('adds only the new day on the next day', async () => {
      const { db, rows } = setup();
      await fillDemoSchedule(db, NOW);
      const before = await rows();
      const next = await fillDemoSchedule(db, new Date(NOW.getTime() + DAY_MS));
      expect(next).toMatchObject({ from: '2030-01-13', to: '2030-01-23' });
      const after = await rows();
      expect(after.length).toBe(before.length + next.written - next.pruned);
      // The day that left the window (2030-01-12) is gone but for a programme running into the 13th.
      const start13 = moscowDayStart('2030-01-13').getTime();
      expect(next.pruned).toBeGreaterThan(0);
      for (const r of after) expect(new Date(r.ends_at).getTime()).toBeGreaterThanOrEqual(start13);
      const start23 = moscowDayStart('2030-01-23').getTime();
      const added = after.filter((r) => !before.some((b) => b.id === r.id));
      for (const r of added) expect(new Date(r.ends_at).getTime()).toBeGreaterThan(start23);
    });

    it('does nothing when DEMO_SCHEDULE is off', async () => {
      const { db, rows } = setup();
      const handle = createDemoSchedule({ db, env: { demoSchedule: false }, log: silentLog });
      handle.start();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(handle.current).toBeUndefined();
      await handle.stop();
      expect(await rows()).toEqual([]);
    });

    it('fills in the background after start, then again a minute after Moscow midnight', async () => {
      const { db } = setup();
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const clock = new FakeClock();
      // 23:58 in Moscow.
      clock.advance((Date.parse('2030-01-15T20:58:00Z') - clock.now().getTime()) / 1000);
      const handle = createDemoSchedule({ db, env: { demoSchedule: true }, log: silentLog, clock });
      handle.start();
      expect(handle.current).toBeUndefined();
      await vi.advanceTimersByTimeAsync(FIRST_FILL_DELAY_MS - 1);
      expect(handle.current).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      const first = await handle.current;
      expect(first).toMatchObject({ from: '2030-01-12', to: '2030-01-22' });
      expect(first!.written).toBeGreaterThan(0);

      clock.advance(3 * 60);
      await vi.advanceTimersByTimeAsync(3 * 60_000);
      const second = await handle.current;
      expect(second).toMatchObject({ from: '2030-01-13', to: '2030-01-23' });
      expect(second!.written).toBeGreaterThan(0);
      await handle.stop();
    });

    it('tries a failed fill again a minute later, not the next day (the database was restarting)', async () => {
      const { db } = setup();
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let down = true;
      const restarting = new Proxy(db, {
        get(target, property, receiver) {
          if (down)
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
          return Reflect.get(target, property, receiver);
        },
      });
      const clock = new FakeClock();
      const handle = createDemoSchedule({
        db: restarting,
        env: { demoSchedule: true },
        log: silentLog,
        clock,
      });
      handle.start();
      await vi.advanceTimersByTimeAsync(FIRST_FILL_DELAY_MS);
      expect(await handle.current).toBeUndefined();
      down = false;
      await vi.advanceTimersByTimeAsync(FAILED_FILL_RETRY_MS);
      expect((await handle.current)?.written).toBeGreaterThan(0);
      await handle.stop();
    });
  });
}
