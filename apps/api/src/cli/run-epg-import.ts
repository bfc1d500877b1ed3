import { resolve } from 'node:path';
import { formatGuideSummary, importGuideFile, XmltvError } from '../modules/live';
import { type CliIo, fileImportArgs, withCommandDatabase } from './command';

/** Usage text of the guide import command. */
export const USAGE = `Usage: epg-import <guide.xml|guide.xml.gz> [--prune]

Imports an XMLTV guide (docs/epg-import.md) into DATABASE_URL, or the embedded database in DATA_DIR
(not while the server runs on it). Programmes go to the catalogue channel whose xmltv_id is their
channel (docs/catalogue-manifest.md); other channels are reported and skipped. Per channel, the span
the file covers is replaced; the same file again changes nothing. An invalid file is refused, every
problem named by line and element, and nothing is written.
  --prune   also delete, on the file's channels, the programmes after the file's span and those
            that ended before the channel's catch-up archive (archive_days)`;

/**
 * The guide import command. Exit codes: 0 imported, 1 invalid file or no channel of it in the
 * catalogue (every problem listed, nothing written), embedded database in use by another process,
 * or failed import (rolled back), 2 wrong usage or configuration.
 */
export async function runEpgImport(argv: string[], io: CliIo): Promise<number> {
  const args = fileImportArgs(argv, USAGE, io);
  if (typeof args === 'number') return args;
  const { file, prune, storage } = args;

  // The catalogue's channels are read first: the file is then read as a stream keeping only their
  // programmes (docs/decisions/030-xmltv-import.md), and checked whole before anything is written.
  return withCommandDatabase(
    io,
    'epg:import',
    async (database) => {
      try {
        const summary = await importGuideFile(database.db, resolve(storage.cwd, file), {
          prune: prune,
        });
        io.out(`Imported ${file} in ${Math.round(summary.durationMs)} ms`);
        for (const line of formatGuideSummary(summary)) io.out(`  ${line}`);
        return 0;
      } catch (error) {
        if (error instanceof XmltvError) {
          io.err(`${file}: not imported, ${error.problems.length} problem(s):`);
          for (const problem of error.problems) io.err(`  ${problem}`);
          return 1;
        }
        io.err(
          `${file}: import failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}`,
        );
        return 1;
      }
    },
    { storage, refusal: `${file}: not imported` },
  );
}
