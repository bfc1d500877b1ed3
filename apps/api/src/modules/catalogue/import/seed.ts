import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { LocalImageStore } from './images';
import { type ImportSummary, importManifestFile } from './import';
import { ManifestError } from './validate';
import { catalogueIsEmpty } from './write-queries';

/**
 * First start: imports `manifest` when the catalogue has no titles and no channels (checked again
 * under the import lock, so instances starting together import once). A missing or invalid manifest
 * is logged and the server starts with an empty catalogue: sign-in and the rest still work.
 */
export async function seedCatalogue(
  db: Db,
  options: { manifest: string; mediaDir: string; log: FastifyBaseLogger; now?: Date },
): Promise<ImportSummary | undefined> {
  const { manifest, log } = options;
  if (!(await catalogueIsEmpty(db))) return undefined;
  if (!existsSync(manifest)) {
    log.warn({ manifest }, 'catalogue is empty and the seed manifest is missing');
    return undefined;
  }
  try {
    const summary = await importManifestFile(db, manifest, {
      images: new LocalImageStore(join(options.mediaDir, 'images')),
      onlyIfEmpty: true,
      now: options.now,
    });
    if (!summary.skipped) {
      log.info(
        {
          manifest,
          ms: Math.round(summary.durationMs),
          titles: summary.counts.titles.created,
          channels: summary.counts.channels.created,
          collections: summary.counts.collections.created,
        },
        'catalogue imported on first start',
      );
    }
    return summary;
  } catch (error) {
    if (error instanceof ManifestError)
      log.error({ manifest, problems: error.problems }, 'seed manifest is invalid');
    else log.error({ err: error, manifest }, 'seed import failed');
    return undefined;
  }
}
