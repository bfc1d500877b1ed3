import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase } from './client';
import { migrateDatabase } from './migrate';
import { writeTemplateStamp } from './template';

/**
 * Creates (or replaces) the PGlite data directory template at `target` (see template.ts): a fresh
 * database with every migration, built beside the target and renamed into place.
 */
export async function buildDbTemplate(target: string, migrationsFolder?: string): Promise<void> {
  const partial = `${target}.partial`;
  rmSync(partial, { recursive: true, force: true });
  // createDatabase opens DATA_DIR/db: build in `${partial}/db`, then keep only that folder.
  const database = await createDatabase({ databaseUrl: undefined, dataDir: partial }, { template: false });
  try {
    await migrateDatabase(database, migrationsFolder);
  } finally {
    await database.close();
  }
  writeTemplateStamp(join(partial, 'db'), migrationsFolder);
  rmSync(target, { recursive: true, force: true });
  renameSync(join(partial, 'db'), target);
  rmSync(partial, { recursive: true, force: true });
}
