import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { buildDbTemplate, buildSeededTemplate } from '../cli/db-templates';
import { importManifestFile, LocalImageStore } from '../modules/catalogue';
import { CATALOGUE_TABLES, FIXTURE_DIR, FIXTURE_MANIFEST } from '../test/catalogue-fixture';
import { PG_ADMIN_URL, postgresAvailable, testEnv } from '../test/harness';
import { createDatabase, type Database } from './client';
import { migrationsAreCurrent } from './migrate';
import { seedFingerprint } from './seed-fingerprint';
import { copySeededTemplate } from './seeded-template';
import { TEMPLATE_STAMP } from './template';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** When the seeded template was built: its catalogue rows carry this time. */
const BUILT_AT = new Date('2026-01-02T03:04:05.000Z');

describe('PGlite template seeded with a catalogue', () => {
  let root: string;
  let plain: string;
  let seeded: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'kadr-seeded-template-'));
    plain = join(root, 'template');
    seeded = join(root, 'template-seeded');
    await buildDbTemplate(plain);
    await buildSeededTemplate(seeded, { template: plain, manifest: FIXTURE_MANIFEST, now: BUILT_AT });
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  let folders = 0;
  /** A fresh data folder, and a copy of the test catalogue's folder (manifest and images) elsewhere. */
  function setup() {
    const dir = join(root, `case-${++folders}`);
    const manifestDir = join(dir, 'manifest');
    cpSync(FIXTURE_DIR, manifestDir, { recursive: true });
    const dataDir = join(dir, 'data');
    mkdirSync(dataDir, { recursive: true });
    const manifest = join(manifestDir, 'catalogue.yaml');
    const mediaDir = join(dataDir, 'media');
    const seed = { manifest, mediaDir, template: seeded };
    const open = (options: { seed?: typeof seed } = { seed }) =>
      createDatabase({ databaseUrl: undefined, dataDir }, { template: plain, ...options });
    return { dataDir, manifest, mediaDir, seed, open };
  }

  const titleCount = async (database: Database) =>
    rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from contents`))[0]!.n;

  /** Every catalogue row without its time stamps, by table: what an import decides. */
  async function catalogueOf(database: Database) {
    const tables: Record<string, string[]> = {};
    for (const table of CATALOGUE_TABLES) {
      const result = await database.db.execute(
        sql.raw(`select (to_jsonb(t) - 'created_at' - 'updated_at')::text as row from ${table} t order by 1`),
      );
      tables[table] = rowsOf<{ row: string }>(result).map((r) => r.row);
    }
    return tables;
  }

  /** The files under `dir`, by path below it, with their bytes. */
  const filesOf = (dir: string) =>
    Object.fromEntries(
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => {
          const file = join(entry.parentPath, entry.name);
          return [file.slice(dir.length), readFileSync(file).toString('base64')];
        }),
    );

  it('is the plain template with the manifest imported and its images beside, stamped with its fingerprint', () => {
    const stamp = JSON.parse(readFileSync(join(seeded, 'db', TEMPLATE_STAMP), 'utf8'));
    expect(stamp.seed).toEqual(seedFingerprint(FIXTURE_MANIFEST, ['images/tikhiy-dom-poster.png']));
    expect(Object.keys(stamp.seed.images)).toEqual(['images/tikhiy-dom-poster.png']);
    expect(existsSync(join(seeded, 'db', 'PG_VERSION'))).toBe(true);
    expect(readdirSync(join(seeded, 'images')).sort()).toEqual([
      'channels',
      'packages',
      'stickers',
      'titles',
    ]);
    expect(existsSync(`${seeded}.partial`)).toBe(false);
  });

  it('fills an empty data folder with the same catalogue and images an import makes, importing nothing', async () => {
    const t = setup();
    const copied = await t.open();
    const imported = setup();
    const fresh = await imported.open({});
    try {
      expect(copied.fromSeededTemplate).toBe(true);
      expect(await migrationsAreCurrent(copied)).toBe(true);
      expect(await titleCount(copied)).toBe(6);
      // What a first start would import into the copy: nothing, the catalogue is there.
      const again = await importManifestFile(copied.db, t.manifest, {
        images: new LocalImageStore(join(t.mediaDir, 'images')),
        onlyIfEmpty: true,
      });
      expect(again.skipped).toBe(true);

      expect(fresh.fromSeededTemplate).toBe(false);
      await importManifestFile(fresh.db, imported.manifest, {
        images: new LocalImageStore(join(imported.mediaDir, 'images')),
        onlyIfEmpty: true,
      });
      expect(await catalogueOf(copied)).toEqual(await catalogueOf(fresh));
      expect(filesOf(join(t.mediaDir, 'images'))).toEqual(filesOf(join(imported.mediaDir, 'images')));
      // The rows' time stamps are the build's (docs/decisions/028-first-start-template.md).
      const [stamps] = rowsOf<{ created_at: string }>(
        await copied.db.execute(sql`select min(created_at)::text as created_at from contents`),
      );
      expect(new Date(stamps!.created_at)).toEqual(BUILT_AT);
    } finally {
      await copied.close();
      await fresh.close();
    }
    expect(existsSync(join(t.dataDir, 'db', TEMPLATE_STAMP))).toBe(false);
    expect(readdirSync(t.mediaDir)).toEqual(['images']);
  });

  it('is not used when the manifest differs by a byte: the plain template, and the import then runs', async () => {
    const t = setup();
    appendFileSync(t.manifest, '# changed\n');
    const database = await t.open();
    try {
      expect(database.fromSeededTemplate).toBe(false);
      expect(await migrationsAreCurrent(database)).toBe(true);
      expect(await titleCount(database)).toBe(0);
      expect(existsSync(t.mediaDir)).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('is not used when an image file the manifest names differs', async () => {
    const t = setup();
    appendFileSync(join(t.manifest, '..', 'images', 'tikhiy-dom-poster.png'), Buffer.from([0]));
    const database = await t.open();
    try {
      expect(database.fromSeededTemplate).toBe(false);
      expect(await titleCount(database)).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('is not used without a seed (CATALOGUE_SEED=off)', async () => {
    const t = setup();
    const database = await t.open({});
    try {
      expect(database.fromSeededTemplate).toBe(false);
      expect(await titleCount(database)).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('leaves a data folder alone that holds a database, or images (a copy cut short before the database)', async () => {
    const t = setup();
    const database = await t.open({});
    await database.close();
    expect(copySeededTemplate(join(t.dataDir, 'db'), t.seed, seeded)).toBe(false);
    expect(existsSync(t.mediaDir)).toBe(false);

    const cut = setup();
    mkdirSync(join(cut.mediaDir, 'images'), { recursive: true });
    expect(copySeededTemplate(join(cut.dataDir, 'db'), cut.seed, seeded)).toBe(false);
    expect(existsSync(join(cut.dataDir, 'db'))).toBe(false);
  });

  it('is not used when made before the newest migration, by another PGlite, or with a broken stamp', () => {
    const t = setup();
    const stale = join(root, 'stale');
    cpSync(seeded, stale, { recursive: true });
    const stampFile = join(stale, 'db', TEMPLATE_STAMP);
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    const refused = (changed: unknown) => {
      writeFileSync(stampFile, JSON.stringify(changed));
      return !copySeededTemplate(join(t.dataDir, 'db'), t.seed, stale);
    };
    expect(refused({ ...stamp, migrations: stamp.migrations - 1 })).toBe(true);
    expect(refused({ ...stamp, pglite: '0.0.1' })).toBe(true);
    expect(refused({ ...stamp, seed: { manifest: stamp.seed.manifest } })).toBe(true);
    expect(refused({ ...stamp, seed: undefined })).toBe(true);
    expect(existsSync(t.mediaDir)).toBe(false);
    expect(refused(stamp)).toBe(false);
  });

  it('gives the app its catalogue at first start: the app says so and imports nothing', async () => {
    const t = setup();
    const database = await t.open();
    const logs: string[] = [];
    const app = await buildApp({
      env: testEnv({ DATA_DIR: t.dataDir, CATALOGUE_SEED: t.manifest, LOG_LEVEL: 'info' }),
      db: database,
      seedCatalogue: true,
      logStream: { write: (line: string) => logs.push(line) },
    });
    try {
      expect(logs.some((l) => l.includes('catalogue copied on first start from the seeded template'))).toBe(
        true,
      );
      expect(logs.some((l) => l.includes('catalogue imported on first start'))).toBe(false);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it.skipIf(!postgresAvailable)('is not used with PostgreSQL', async () => {
    const t = setup();
    const database = await createDatabase(
      { databaseUrl: PG_ADMIN_URL, dataDir: t.dataDir },
      { seed: t.seed },
    );
    try {
      expect(database.kind).toBe('postgres');
      expect(database.fromSeededTemplate).toBeUndefined();
      expect(readdirSync(t.dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
