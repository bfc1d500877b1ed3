import { join, resolve } from 'node:path';
import {
  formatSummary,
  importPrepared,
  LocalImageStore,
  ManifestError,
  type PreparedManifest,
  prepareManifestFile,
} from '../modules/catalogue';
import { type CliIo, fileImportArgs, withCommandDatabase } from './command';

/** Usage text of the catalogue import command. */
export const USAGE = `Usage: catalogue-import <manifest.yaml|.yml|.json> [--prune]

Imports a catalogue manifest (docs/catalogue-manifest.md) into DATABASE_URL, or the embedded
database in DATA_DIR (not while the server runs on it: the embedded database takes one process at a
time, and the command refuses while another process holds DATA_DIR/db.lock).
  --prune   also delete titles, channels, collections and lookups the manifest no longer lists`;

/**
 * The catalogue import command. Exit codes: 0 imported, 1 invalid manifest (every problem listed,
 * nothing written), embedded database in use by another process, or failed import (rolled back),
 * 2 wrong usage or configuration.
 */
export async function runCatalogueImport(argv: string[], io: CliIo): Promise<number> {
  const args = fileImportArgs(argv, USAGE, io);
  if (typeof args === 'number') return args;
  const { file, prune, storage } = args;

  // Validate before opening the database: a bad manifest never touches it.
  let prepared: PreparedManifest;
  try {
    prepared = await prepareManifestFile(resolve(storage.cwd, file));
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    io.err(`${file}: not imported, ${error.problems.length} problem(s):`);
    for (const problem of error.problems) io.err(`  ${problem}`);
    return 1;
  }

  return withCommandDatabase(
    io,
    'catalogue:import',
    async (database) => {
      try {
        const summary = await importPrepared(database.db, prepared, {
          images: new LocalImageStore(join(storage.mediaDir, 'images')),
          prune,
        });
        io.out(`Imported ${file} in ${Math.round(summary.durationMs)} ms`);
        for (const line of formatSummary(summary)) io.out(`  ${line}`);
        return 0;
      } catch (error) {
        io.err(
          `${file}: import failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}`,
        );
        return 1;
      }
    },
    { storage, refusal: `${file}: not imported` },
  );
}
