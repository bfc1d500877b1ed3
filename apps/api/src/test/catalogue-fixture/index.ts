import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { parse } from 'yaml';
import type { Db } from '../../db/client';
import {
  importManifestFile,
  importPrepared,
  LocalImageStore,
  validateManifest,
} from '../../modules/catalogue';

/** Folder of the test catalogue (image paths in it are relative to it). */
export const FIXTURE_DIR = fileURLToPath(new URL('.', import.meta.url));
/** The test catalogue: 6 titles (film, series, TV show, channel type), 2 channels, 5 collections. */
export const FIXTURE_MANIFEST = fileURLToPath(new URL('./catalogue.yaml', import.meta.url));

/** A fresh copy of the test catalogue as parsed data, for tests that change a field. */
export function fixtureData(): FixtureData {
  return parse(readFileSync(FIXTURE_MANIFEST, 'utf8')) as FixtureData;
}

/** The test catalogue's data, loosely typed so tests can break it on purpose. */
export type FixtureData = Record<string, unknown> & {
  titles: Array<
    Record<string, unknown> & {
      seasons?: Array<{ number: number; episodes: Array<Record<string, unknown>> }>;
    }
  >;
  channels: Array<Record<string, unknown>>;
  collections: Array<Record<string, unknown> & { items: string[] }>;
  genres: Array<Record<string, unknown>>;
};

/** Every catalogue table, children first. */
export const CATALOGUE_TABLES = [
  'collection_items',
  'collection_tabs',
  'collections',
  'episodes',
  'seasons',
  'content_countries',
  'content_genres',
  'channel_genres',
  'contents',
  'channels',
  'partner_labels',
  'package_children',
  'tariffs',
  'packages',
  'stickers',
  'countries',
  'genres',
] as const;

/** Empties the catalogue and restarts its ids. */
export async function truncateCatalogue(db: Db): Promise<void> {
  await db.execute(sql.raw(`truncate ${CATALOGUE_TABLES.join(', ')} restart identity cascade`));
}

/**
 * Empties the catalogue and imports the test catalogue, its images stored under `imagesDir`
 * (`now`: the import's clock, for what depends on the date).
 */
export async function loadFixtureCatalogue(db: Db, imagesDir: string, now?: Date): Promise<void> {
  await truncateCatalogue(db);
  await importManifestFile(db, FIXTURE_MANIFEST, { images: new LocalImageStore(imagesDir), now });
}

/**
 * Empties the catalogue and imports `data` (the test catalogue as a test changed it, fixtureData),
 * its images stored under `imagesDir`, at `now` (the import's clock).
 */
export async function loadFixtureData(
  db: Db,
  data: FixtureData,
  imagesDir: string,
  now?: Date,
): Promise<void> {
  await truncateCatalogue(db);
  await importPrepared(
    db,
    { manifest: validateManifest(data, FIXTURE_DIR), baseDir: FIXTURE_DIR },
    { images: new LocalImageStore(imagesDir), now },
  );
}
