import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../paths';
import { newestJournalEntry } from './migrate';
import { matchesFingerprint } from './seed-fingerprint';
import { copyDbTemplate, pgliteVersion, readTemplateStamp } from './template';

/**
 * The build's second template (docs/decisions/028-first-start-template.md): the PGlite template with
 * the demo catalogue imported, in `db/`, and the images that import wrote, in `images/`. A first
 * start whose seed manifest is the one it was made from copies it instead of importing (YAML, artwork
 * and writes, about a second). tsup's clean deletes every file of dist/, so it only exists beside
 * the code of the build that made it.
 */
export const DEFAULT_SEEDED_TEMPLATE = join(packageRoot, 'dist', 'db-template-seeded');

/**
 * Fills an empty data folder from the seeded template: its database into `dataDir` (DATA_DIR/db) and
 * its images into `mediaDir/images`. Answers whether it did: only when `dataDir` holds no database,
 * `mediaDir` no images folder, and the template was made by this PGlite, with every migration, from
 * a manifest with the fingerprint `manifest` has now; otherwise the caller goes on as without it
 * (the plain template, then the import). The images are renamed into place before the database: a
 * crash in between leaves images without a database, and the next start imports (keeping them).
 */
export function copySeededTemplate(
  dataDir: string,
  seed: { manifest: string; mediaDir: string },
  template = DEFAULT_SEEDED_TEMPLATE,
): boolean {
  const images = join(seed.mediaDir, 'images');
  if (existsSync(join(dataDir, 'PG_VERSION')) || existsSync(images)) return false;
  const stamp = readTemplateStamp(join(template, 'db'));
  if (!stamp?.seed || stamp.pglite !== pgliteVersion()) return false;
  // A migration may change what an import writes: a template behind the code's migrations is not it.
  if (stamp.migrations !== newestJournalEntry()) return false;
  if (!matchesFingerprint(stamp.seed, seed.manifest)) return false;

  const templateImages = join(template, 'images');
  if (existsSync(templateImages)) {
    const partial = `${images}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(seed.mediaDir, { recursive: true });
    cpSync(templateImages, partial, { recursive: true });
    renameSync(partial, images);
  }
  return copyDbTemplate(dataDir, join(template, 'db'));
}
