import {
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
import { buildDbTemplate } from '../cli/db-templates';
import { createDatabase } from './client';
import { migrationsAreCurrent } from './migrate';
import { copyDbTemplate, pgliteVersion, TEMPLATE_STAMP } from './template';

describe('PGlite data directory template', () => {
  let root: string;
  let template: string;
  const dataDirOf = (name: string) => {
    const dir = join(root, name);
    mkdirSync(dir, { recursive: true });
    return dir;
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'kadr-template-'));
    template = join(root, 'template');
    await buildDbTemplate(template);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is a migrated database stamped with the PGlite that made it', () => {
    expect(existsSync(join(template, 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${template}.partial`)).toBe(false);
    const stamp = JSON.parse(readFileSync(join(template, TEMPLATE_STAMP), 'utf8'));
    expect(stamp).toEqual({ pglite: pgliteVersion(), migrations: expect.any(Number) });
  });

  it('gives an empty data folder a migrated database without initdb', async () => {
    const dataDir = dataDirOf('fresh');
    const database = await createDatabase({ databaseUrl: undefined, dataDir }, { template });
    try {
      // Current before any migrateDatabase call: the rows came with the copy.
      expect(await migrationsAreCurrent(database)).toBe(true);
    } finally {
      await database.close();
    }
    expect(existsSync(join(dataDir, 'db', TEMPLATE_STAMP))).toBe(false);
    expect(readdirSync(dataDir)).toEqual(['db']);
  });

  it('leaves an existing database alone', async () => {
    const dataDir = dataDirOf('existing');
    const database = await createDatabase({ databaseUrl: undefined, dataDir }, { template });
    await database.db.execute(sql`create table kept (id integer)`);
    await database.close();

    expect(copyDbTemplate(join(dataDir, 'db'), template)).toBe(false);
    const reopened = await createDatabase({ databaseUrl: undefined, dataDir }, { template });
    try {
      const rows = await reopened.db.execute(sql`select to_regclass('public.kept')::text as name`);
      expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ name: 'kept' }]);
    } finally {
      await reopened.close();
    }
  });

  it('replaces a folder an interrupted initdb left without PG_VERSION', () => {
    const dbDir = join(dataDirOf('interrupted'), 'db');
    mkdirSync(join(dbDir, 'base'), { recursive: true });
    writeFileSync(join(dbDir, 'half-written'), 'x');
    expect(copyDbTemplate(dbDir, template)).toBe(true);
    expect(existsSync(join(dbDir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dbDir, 'half-written'))).toBe(false);
  });

  it('is not used when it is missing, was made by another PGlite or has an unreadable stamp', () => {
    const dbDir = join(dataDirOf('refused'), 'db');
    expect(copyDbTemplate(dbDir, join(root, 'no-such-template'))).toBe(false);

    const foreign = join(root, 'foreign');
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'PG_VERSION'), '17\n');
    writeFileSync(join(foreign, TEMPLATE_STAMP), JSON.stringify({ pglite: '0.0.1', migrations: 1 }));
    expect(copyDbTemplate(dbDir, foreign)).toBe(false);

    writeFileSync(join(foreign, TEMPLATE_STAMP), '{"pglite":');
    expect(copyDbTemplate(dbDir, foreign)).toBe(false);
    expect(existsSync(dbDir)).toBe(false);
  });
});
