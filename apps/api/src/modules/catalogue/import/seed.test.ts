import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../../paths';
import { FIXTURE_MANIFEST, truncateCatalogue } from '../../../test/catalogue-fixture';
import { pgliteBackend, testEnv, useApi } from '../../../test/harness';
import { prepareManifestFile } from './import';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('first start (PGlite)', () => {
  const api = useApi(pgliteBackend);
  const dataDir = mkdtempSync(join(tmpdir(), 'kadr-seed-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  beforeEach(async () => {
    await truncateCatalogue(api.database.db);
  });

  function setup(seed: string, logs: string[] = []) {
    return api.setup(
      { DATA_DIR: dataDir, CATALOGUE_SEED: seed, LOG_LEVEL: 'info' },
      { seedCatalogue: true, logStream: { write: (line: string) => logs.push(line) } },
    );
  }
  const titles = async () =>
    rowsOf<{ title: string }>(await api.database.db.execute(sql`select title from contents order by id`)).map(
      (r) => r.title,
    );

  it('imports the seed manifest into an empty catalogue before the app is ready', async () => {
    const logs: string[] = [];
    const t = await setup(FIXTURE_MANIFEST, logs);
    const { access_token } = await t.anonymous();
    const home = await t.call<{ collections: unknown[] }>('GET', '/web/1/collections?tab_id=Main2', {
      token: access_token,
    });
    expect(home.body.response.collections).toHaveLength(2);
    expect(existsSync(join(dataDir, 'media', 'images', 'titles'))).toBe(true);
    const line = JSON.parse(logs.find((l) => l.includes('catalogue imported on first start'))!);
    expect(line).toMatchObject({ titles: 6, channels: 2, collections: 5, ms: expect.any(Number) });
  });

  it('leaves a catalogue that is already there alone on the next start', async () => {
    await setup(FIXTURE_MANIFEST);
    await api.database.db.execute(sql`update contents set title = 'Изменено вручную' where id = 1`);
    await setup(FIXTURE_MANIFEST);
    expect((await titles())[0]).toBe('Изменено вручную');
  });

  it('starts with an empty catalogue, and says why, when the seed is missing or invalid', async () => {
    const logs: string[] = [];
    await setup(join(dataDir, 'nope.yaml'), logs);
    expect(logs.some((l) => l.includes('seed manifest is missing'))).toBe(true);
    const bad = join(dataDir, 'bad.yaml');
    writeFileSync(bad, 'version: 1\ntitles: [{ key: x }]\n');
    await setup(bad, logs);
    const invalid = JSON.parse(logs.find((l) => l.includes('seed manifest is invalid'))!);
    expect(invalid.problems).toContain('titles[0] (key "x"): type: required');
    expect(await titles()).toEqual([]);
  });

  it('is off with CATALOGUE_SEED=off and points at the demo catalogue by default', () => {
    expect(testEnv({ CATALOGUE_SEED: 'off' }).catalogueSeed).toBeUndefined();
    expect(testEnv().catalogueSeed).toBe(demoCatalogue);
  });
});

describe.skipIf(!existsSync(demoCatalogue))('the demo catalogue', () => {
  it('is a valid manifest', async () => {
    const { manifest } = await prepareManifestFile(demoCatalogue);
    expect(manifest.titles.length).toBeGreaterThan(0);
    expect(manifest.collections.some((c) => c.tabs.includes('Main2'))).toBe(true);
  });
});
