import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedFingerprint } from '../db/seed-fingerprint';
import { writeTemplateStamp } from '../db/template';
import { imageFileRefs, importPrepared, LocalImageStore, prepareManifestFile } from '../modules/catalogue';

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

/**
 * Creates (or replaces) the seeded template at `target` (see seeded-template.ts): a copy of the plain
 * `template` with `manifest` imported as a first start would import it, in `db/`, the images it wrote
 * in `images/`, stamped with the manifest's fingerprint. Built beside the target and renamed into place.
 */
export async function buildSeededTemplate(
  target: string,
  options: { template: string; manifest: string; now?: Date },
): Promise<void> {
  const partial = `${target}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const before = seedFingerprint(options.manifest, []);
  // createDatabase opens `${partial}/db`, copied from the plain template.
  const database = await createDatabase(
    { databaseUrl: undefined, dataDir: partial },
    { template: options.template },
  );
  let imageRefs: string[];
  try {
    await migrateDatabase(database);
    const prepared = await prepareManifestFile(options.manifest);
    await importPrepared(database.db, prepared, {
      images: new LocalImageStore(join(partial, 'images')),
      now: options.now,
    });
    imageRefs = imageFileRefs(prepared.manifest);
  } finally {
    await database.close();
  }
  const seed = seedFingerprint(options.manifest, imageRefs);
  // The stamp must describe what was imported: a manifest saved during the build is not it.
  if (!seed || seed.manifest !== before?.manifest)
    throw new Error(
      `the seed manifest changed or vanished while the template was built: ${options.manifest}`,
    );
  writeTemplateStamp(join(partial, 'db'), undefined, seed);
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
}
