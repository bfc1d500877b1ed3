import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths';
import { adminQuery, PG_ADMIN_URL, postgresAvailable } from '../test/harness';
import { createDatabase } from './client';
import { migrateDatabase } from './migrate';

// drizzle/0009_subscriptions_from_holdings.sql (hand-written): the holdings of profile_packages become
// subscriptions, and packages imported before tariffs get their main tariff.
interface Journal {
  entries: { tag: string }[];
}
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;

/** An empty database of each engine, and how to drop it. */
const engines = [
  {
    name: 'PGlite',
    available: true,
    open: async () => {
      const database = await createDatabase({ databaseUrl: undefined, dataDir: '' }, { inMemory: true });
      return { database, dispose: () => database.close() };
    },
  },
  {
    name: 'PostgreSQL',
    available: postgresAvailable,
    open: async () => {
      const name = `kadr_test_mig_${randomBytes(6).toString('hex')}`;
      await adminQuery(`create database ${name}`);
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${name}`;
      const database = await createDatabase({ databaseUrl: url.toString(), dataDir: '' });
      return {
        database,
        dispose: async () => {
          await database.close();
          await adminQuery(`drop database if exists ${name} with (force)`);
        },
      };
    },
  },
];

for (const engine of engines)
  describe.skipIf(!engine.available)(`migration of holdings to subscriptions (${engine.name})`, () => {
    const folders: string[] = [];
    afterAll(() => {
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    });

    it('makes the longest current holding live, the rest history, operator grants store hand', async () => {
      const before = mkdtempSync(join(tmpdir(), 'kadr-migrations-'));
      folders.push(before);
      cpSync(migrationsFolder, before, { recursive: true });
      const upTo = journal.entries.findIndex((e) => e.tag === '0006_tv_programmes');
      writeFileSync(
        join(before, 'meta', '_journal.json'),
        JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo + 1) }),
      );
      const { database, dispose } = await engine.open();
      try {
        await migrateDatabase(database, before);
        await database.db.execute(sql`insert into profiles (phone) values ('79990000001'), ('79990000002')`);
        await database.db.execute(
          sql`insert into packages (key, name, pay_text, cost) values ('kadr', 'Подписка Кадр', 'Оформить подписку', 299)`,
        );
        await database.db.execute(sql`
        insert into profile_packages (profile_id, package_id, valid_from, valid_until, source) values
          (1, 1, '2020-01-01T00:00:00Z', '2020-02-01T00:00:00Z', 'operator'),
          (1, 1, '2020-03-01T00:00:00Z', null, 'operator'),
          (2, 1, '2020-01-01T00:00:00Z', '2021-01-01T00:00:00Z', 'operator');
      `);
        await migrateDatabase(database);
        const rows = (
          (await database.db.execute(sql`
          select profile_id, status, store_name, source, period_start, period_end, ended_at is null as live
          from subscriptions order by id`)) as unknown as { rows: Record<string, unknown>[] }
        ).rows.map((r) => ({
          ...r,
          period_start: new Date(r.period_start as string).toISOString(),
          period_end: r.period_end === null ? null : new Date(r.period_end as string).toISOString(),
        }));
        const hand = { status: 'confirmed', store_name: 'hand', source: 'operator' };
        expect(rows).toEqual([
          {
            profile_id: 1,
            ...hand,
            period_start: '2020-01-01T00:00:00.000Z',
            period_end: '2020-02-01T00:00:00.000Z',
            live: false,
          },
          { profile_id: 1, ...hand, period_start: '2020-03-01T00:00:00.000Z', period_end: null, live: true },
          {
            profile_id: 2,
            ...hand,
            period_start: '2020-01-01T00:00:00.000Z',
            period_end: '2021-01-01T00:00:00.000Z',
            live: false,
          },
        ]);
        const tariffs = (
          (await database.db.execute(
            sql`select package_id, position, amount, period_months, trial_days, pay_text from tariffs`,
          )) as unknown as { rows: unknown[] }
        ).rows;
        expect(tariffs).toEqual([
          {
            package_id: 1,
            position: 0,
            amount: 29900,
            period_months: 1,
            trial_days: 0,
            pay_text: 'Оформить подписку',
          },
        ]);
        const left = (
          (await database.db.execute(
            sql`select count(*)::int as n from information_schema.tables where table_name = 'profile_packages'`,
          )) as unknown as { rows: Array<{ n: number }> }
        ).rows[0]?.n;
        expect(left).toBe(0);
      } finally {
        await dispose();
      }
    });
  });
