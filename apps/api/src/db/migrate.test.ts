import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths';
import { createDatabase, type Database } from './client';
import { migrateDatabase, migrationsAreCurrent, newestJournalEntry } from './migrate';

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('migrateDatabase (PGlite)', () => {
  let database: Database;
  const folders: string[] = [];
  /** A copy of the migrations folder, changed by `edit` (the real folder stays untouched). */
  const migrationsCopy = (edit: (folder: string, journal: Journal) => void) => {
    const folder = mkdtempSync(join(tmpdir(), 'kadr-migrations-'));
    folders.push(folder);
    cpSync(migrationsFolder, folder, { recursive: true });
    const copy = structuredClone(journal);
    edit(folder, copy);
    writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(copy));
    return folder;
  };

  beforeAll(async () => {
    database = await createDatabase({ databaseUrl: undefined, dataDir: '' }, { inMemory: true });
  });
  afterAll(async () => {
    await database.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('reads the newest entry of the journal', () => {
    expect(newestJournalEntry(migrationsFolder)).toBe(Math.max(...journal.entries.map((e) => e.when)));
  });

  it('finds a fresh database out of date, migrates it once, then finds it current', async () => {
    // No drizzle table yet (a first start), then an empty one (a first migration that failed).
    expect(await migrationsAreCurrent(database)).toBe(false);
    await database.db.execute(sql`create schema drizzle`);
    await database.db.execute(
      sql`create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    expect(await migrationsAreCurrent(database)).toBe(false);
    await migrateDatabase(database);
    expect(await migrationsAreCurrent(database)).toBe(true);
    await migrateDatabase(database);
    const applied = await rowsOf<{ n: number }>(
      database,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied).toEqual([{ n: journal.entries.length }]);
  });

  it('does no migration work on a current database (the SQL files are not even read)', async () => {
    await migrateDatabase(database);
    const folder = migrationsCopy((dir, copy) => {
      for (const entry of copy.entries) rmSync(join(dir, `${entry.tag}.sql`));
    });
    await expect(migrateDatabase(database, folder)).resolves.toBeUndefined();
  });

  it('applies a migration newer than the database and records it', async () => {
    await migrateDatabase(database);
    const when = newestJournalEntry(migrationsFolder) + 1000;
    const folder = migrationsCopy((dir, copy) => {
      copy.entries.push({
        idx: copy.entries.length,
        version: '7',
        when,
        tag: '9999_probe',
        breakpoints: true,
      });
      writeFileSync(join(dir, '9999_probe.sql'), 'CREATE TABLE "startup_probe" ("id" integer);');
    });
    expect(await migrationsAreCurrent(database, folder)).toBe(false);
    await migrateDatabase(database, folder);
    expect(await migrationsAreCurrent(database, folder)).toBe(true);
    const tables = await rowsOf<{ name: string | null }>(
      database,
      sql`select to_regclass('public.startup_probe')::text as name`,
    );
    expect(tables).toEqual([{ name: 'startup_probe' }]);
  });
});
