import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_MANIFEST } from '../test/catalogue-fixture';
import { postgresAvailable, throwawayDatabases } from '../test/harness';
import { runCatalogueImport, USAGE } from './run-catalogue-import';

const temps: string[] = [];
const databases = throwawayDatabases('kadr_test_cli');

/** A throw-away PostgreSQL database when one answers (fast); else the embedded database in DATA_DIR. */
async function databaseEnv(): Promise<Record<string, string>> {
  if (!postgresAvailable) return {};
  return { DATABASE_URL: await databases.create() };
}

function setup(extraEnv: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'kadr-cli-'));
  temps.push(dir);
  const out: string[] = [];
  const err: string[] = [];
  const run = (...argv: string[]) =>
    runCatalogueImport(argv, {
      env: { DATA_DIR: 'data', INIT_CWD: dir, ...extraEnv },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
  return { dir, out, err, run };
}

afterEach(async () => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
  await databases.dropAll();
});

describe('catalogue-import command', () => {
  it('exits 2 with the usage for missing or extra arguments and unknown options', async () => {
    const t = setup();
    expect(await t.run()).toBe(2);
    expect(await t.run('a.yaml', 'b.yaml')).toBe(2);
    expect(await t.run('a.yaml', '--purge')).toBe(2);
    expect(t.err.join('\n')).toContain(USAGE);
  });

  it('exits 1 listing every problem of an invalid manifest, without creating a database', async () => {
    const t = setup();
    writeFileSync(
      join(t.dir, 'bad.yaml'),
      'version: 1\ngenres: [{ key: drama, name: Драма }]\ntitles:\n  - { key: x, type: film, title: X, description: Y, genres: [horror] }\n',
    );
    expect(await t.run('bad.yaml')).toBe(1);
    expect(t.err).toEqual([
      'bad.yaml: not imported, 1 problem(s):',
      '  titles[0] (key "x"): genres[0]: unknown genre "horror"',
    ]);
    expect(await t.run('missing.json')).toBe(1);
    expect(t.err.slice(-2)).toEqual([
      'missing.json: not imported, 1 problem(s):',
      `  (manifest): file not found: ${join(t.dir, 'missing.json')}`,
    ]);
  });

  it('imports, resolving paths against the folder the command was typed in, and prints the counts', async () => {
    const t = setup(await databaseEnv());
    // A path relative to INIT_CWD, as `pnpm --filter @kadr/api catalogue:import …` gives it.
    const manifest = relative(t.dir, FIXTURE_MANIFEST);
    expect(await t.run(manifest)).toBe(0);
    expect(t.out[0]).toMatch(/^Imported .*catalogue\.yaml in \d+ ms$/);
    expect(t.out).toContain('  titles: 6 new, 0 updated, 0 unchanged');
    expect(await t.run(manifest, '--prune')).toBe(0);
    expect(t.out).toContain('  titles: 0 new, 0 updated, 6 unchanged');
    expect(existsSync(join(t.dir, 'data', 'media', 'images', 'titles'))).toBe(true);
  }, 120_000);
});
