import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../paths';
import type { Database } from './client';

/** Advisory lock key of schema migrations ("kadr" in ASCII), shared by every instance. */
export const MIGRATION_LOCK_KEY = 0x6b616472;

/** `when` (ms) of the newest migration drizzle-kit listed in the folder's journal. */
export function newestJournalEntry(folder = migrationsFolder): number {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Whether the database already holds every migration of the journal, by drizzle's own rule (a
 * migration is applied when its `when` is not newer than the newest recorded `created_at`). One
 * query; a database without drizzle's table (a first start) is simply not up to date.
 */
export async function migrationsAreCurrent(database: Database, folder = migrationsFolder): Promise<boolean> {
  const newest = newestJournalEntry(folder);
  try {
    const result = (await database.db.execute(
      sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { newest: string | number | bigint | null }[] };
    const applied = result.rows[0]?.newest;
    return applied !== null && applied !== undefined && Number(applied) >= newest;
  } catch {
    return false;
  }
}

/**
 * Applies the drizzle-kit migrations in code (drizzle-kit migrate cannot drive PGlite) under an
 * advisory lock, so several instances starting at once apply each migration exactly once: the others
 * wait, then find nothing left to do. A restart on a current database costs one query, not the
 * migrator's reading and hashing of every file plus its four statements under the lock.
 */
export async function migrateDatabase(database: Database, folder = migrationsFolder): Promise<void> {
  if (await migrationsAreCurrent(database, folder)) return;
  await database.withAdvisoryLock(MIGRATION_LOCK_KEY, async () => {
    if (database.kind === 'pglite')
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    else await migratePostgres(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  });
}
