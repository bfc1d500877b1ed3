import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { packageRoot } from '../paths';
import { newestJournalEntry } from './migrate';
import type { SeedFingerprint } from './seed-fingerprint';

/**
 * A PGlite data directory made at build time: initdb plus every migration, ready to be copied into
 * an empty DATA_DIR. initdb is most of a first start (about 2 s of WebAssembly); copying the folder
 * takes a tenth of that. The service still migrates after copying, so a stale template only costs
 * the newer migrations.
 */
export const DEFAULT_DB_TEMPLATE = join(packageRoot, 'dist', 'db-template');

/** Written into the template: what made it. A template from another PGlite is not used. */
export const TEMPLATE_STAMP = 'kadr-template.json';

export interface TemplateStamp {
  pglite: string;
  /** `when` of the newest migration it holds. */
  migrations: number;
  /** A seeded template's: what its catalogue was imported from (seeded-template.ts). */
  seed?: SeedFingerprint;
}

/** The installed PGlite's version: its data directory format follows it. */
export function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@electric-sql/pglite');
  const manifest = join(dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Marks `folder` (a closed, migrated PGlite data directory) as a template; `seed` for a seeded one. */
export function writeTemplateStamp(folder: string, migrationsFolder?: string, seed?: SeedFingerprint): void {
  const stamp: TemplateStamp = {
    pglite: pgliteVersion(),
    migrations: newestJournalEntry(migrationsFolder),
    seed,
  };
  writeFileSync(join(folder, TEMPLATE_STAMP), JSON.stringify(stamp));
}

/** The template's stamp; undefined when there is no template or its stamp is unreadable. */
export function readTemplateStamp(template: string): TemplateStamp | undefined {
  try {
    return JSON.parse(readFileSync(join(template, TEMPLATE_STAMP), 'utf8')) as TemplateStamp;
  } catch {
    return undefined;
  }
}

/**
 * Fills an empty PGlite data directory from the template. Answers whether it did: false when the
 * directory already holds a database, or the template is missing or from another PGlite (PGlite
 * then runs initdb itself). The copy goes to a side folder and is renamed into place, so a crash
 * midway never leaves a half-copied database behind.
 */
export function copyDbTemplate(dataDir: string, template = DEFAULT_DB_TEMPLATE): boolean {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return false;
  if (readTemplateStamp(template)?.pglite !== pgliteVersion()) return false;

  const partial = `${dataDir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(template, partial, { recursive: true });
  rmSync(join(partial, TEMPLATE_STAMP));
  // A folder without PG_VERSION is what an interrupted initdb leaves: not a database.
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(partial, dataDir);
  return true;
}
