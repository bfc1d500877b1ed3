import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../paths';
import type { Database } from './client';

/** Advisory lock key of schema migrations ("kadr" in ASCII), shared by every instance. */
export const MIGRATION_LOCK_KEY = 0x6b616472;

/**
 * Applies the drizzle-kit migrations in code (drizzle-kit migrate cannot drive PGlite) under an
 * advisory lock, so several instances starting at once apply each migration exactly once: the others
 * wait, then find nothing left to do.
 */
export async function migrateDatabase(database: Database, folder = migrationsFolder): Promise<void> {
  await database.withAdvisoryLock(MIGRATION_LOCK_KEY, async () => {
    if (database.kind === 'pglite')
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    else await migratePostgres(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  });
}
