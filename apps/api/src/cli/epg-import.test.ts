import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_MANIFEST } from '../test/catalogue-fixture';
import { postgresAvailable, throwawayDatabases } from '../test/harness';
import { runCatalogueImport } from './run-catalogue-import';
import { runEpgImport, USAGE } from './run-epg-import';

const SAMPLE = fileURLToPath(new URL('../modules/live/xmltv/fixtures/guide.xml', import.meta.url));
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
  const io = {
    env: { DATA_DIR: 'data', INIT_CWD: dir, ...extraEnv },
    out: (line: string) => out.push(line),
    err: (line: string) => err.push(line),
  };
  const run = (...argv: string[]) => runEpgImport(argv, io);
  const catalogue = () => runCatalogueImport([FIXTURE_MANIFEST], { ...io, out: () => {} });
  return { dir, out, err, run, catalogue };
}

afterEach(async () => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
  await databases.dropAll();
});

describe('epg-import command', () => {
  it('exits 2 with the usage for missing or extra arguments and unknown options, 0 for --help', async () => {
    const t = setup();
    expect(await t.run()).toBe(2);
    expect(await t.run('a.xml', 'b.xml')).toBe(2);
    expect(await t.run('a.xml', '--purge')).toBe(2);
    expect(t.err.join('\n')).toContain(USAGE);
    expect(await t.run('--help')).toBe(0);
    expect(t.out).toEqual([USAGE]);
  });

  it('imports a guide, relative to the folder the command was typed in; again: nothing changes', async () => {
    const t = setup(await databaseEnv());
    expect(await t.catalogue()).toBe(0);
    const guide = relative(t.dir, SAMPLE);
    expect(await t.run(guide)).toBe(0);
    expect(t.out[0]).toMatch(/^Imported .*guide\.xml in \d+ ms$/);
    expect(t.out.slice(1)).toEqual([
      '  channels: novosti.kadr.tv → kadr-novosti (6), kino.kadr.tv → kadr-kino (1)',
      '  programmes: 7 new, 0 updated, 0 unchanged, 0 deleted',
      '  not in the catalogue, skipped: sport.example.ru «Спорт Плюс» (1)',
      '  left out: 1 programme(s) without stop (the last of a channel, or before a gap of over 24 h)',
    ]);
    t.out.length = 0;
    expect(await t.run(guide, '--prune')).toBe(0);
    expect(t.out[2]).toBe('  programmes: 0 new, 0 updated, 7 unchanged, 0 deleted');
    expect(t.err).toEqual([]);
  }, 120_000);

  it('exits 1 listing the problems of an invalid file, with their lines', async () => {
    const t = setup(await databaseEnv());
    expect(await t.catalogue()).toBe(0);
    writeFileSync(
      join(t.dir, 'bad.xml'),
      readFileSync(SAMPLE, 'utf8')
        .replace(
          'stop="20300115090000 +0300" channel="novosti.kadr.tv">',
          'stop="20300115050000 +0300" channel="novosti.kadr.tv">',
        )
        .replace('start="20300115120000 +0000"', 'start="20300115120000 CET"'),
    );
    expect(await t.run('bad.xml')).toBe(1);
    expect(t.err).toEqual([
      'bad.xml: not imported, 2 problem(s):',
      '  line 27: programme[2] (channel "novosti.kadr.tv", start "20300115060000 +0300"): stop "20300115050000 +0300" is before start',
      '  line 72: programme[9] (channel "sport.example.ru", start "20300115120000 CET"): start: time zone "CET" is not supported: give the offset (+0300)',
    ]);
    expect(t.out).toEqual([]);
  }, 120_000);
});
