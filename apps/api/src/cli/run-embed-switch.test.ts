import { describe, expect, it } from 'vitest';
import { switchState } from '../modules/embed';
import { commandEngines, commandWorkspaces } from '../test/harness';
import { EMBED_SWITCH_USAGE, runEmbedSwitch } from './run-embed-switch';

const workspace = commandWorkspaces('embed');
const NOW = new Date('2030-01-15T10:00:00Z');
const RESERVE = 'https://reserve.kadr.example/embed/v1/config/film/42.json';

for (const engine of commandEngines) {
  // The embedded database takes seconds to open from disk on a busy machine, and each run opens it.
  describe.skipIf(!engine.available)(`embed:switch (${engine.name})`, { timeout: 120_000 }, () => {
    async function setup() {
      const { env, withDatabase } = await workspace(engine);
      const out: string[] = [];
      const err: string[] = [];
      const run = (...argv: string[]) =>
        runEmbedSwitch(argv, { env, out: (l) => out.push(l), err: (l) => err.push(l) }, NOW);
      /** What the status and flag calls answer for `content`, read through a fresh connection. */
      const state = (content?: string) => withDatabase((database) => switchState(database.db, content));
      return { run, out, err, state };
    }

    it('locks, unlocks, names and clears a reserve, globally and per content, each idempotent', async () => {
      const t = await setup();
      expect(await t.run('lock')).toBe(0);
      expect(await t.run('lock')).toBe(0);
      expect(await t.run('reserve', RESERVE, '--content', 'film-42')).toBe(0);
      expect(await t.run('reserve', RESERVE, '--content', 'film-42')).toBe(0);
      expect(await t.run('unlock', '--content', 'film-42')).toBe(0);
      expect(t.out).toEqual([
        'Set: all content (global) locked',
        'Already so: all content (global) locked',
        `Set: reserve config of film-42: ${RESERVE}`,
        `Already so: reserve config of film-42: ${RESERVE}`,
        'Set: film-42 unlocked',
      ]);
      expect(await t.state()).toEqual({ lock: true, reserveUrl: null });
      expect(await t.state('film-42')).toEqual({ lock: false, reserveUrl: RESERVE });
      expect(await t.state('channel-3')).toEqual({ lock: true, reserveUrl: null });

      t.out.length = 0;
      expect(await t.run('clear', '--content', 'film-42')).toBe(0);
      expect(await t.run('clear', '--content', 'film-42')).toBe(0);
      expect(await t.run('unlock')).toBe(0);
      expect(t.out).toEqual([
        `Cleared the embed switches of film-42 (they were unlocked, reserve ${RESERVE})`,
        'film-42 had no embed switches: nothing to clear',
        'Set: all content (global) unlocked',
      ]);
      expect(await t.state('film-42')).toEqual({ lock: false, reserveUrl: null });
      expect(t.err).toEqual([]);
    });
  });
}

describe('embed:switch usage', () => {
  const run = async (...argv: string[]) => {
    const err: string[] = [];
    const code = await runEmbedSwitch(argv, { env: {}, out: () => {}, err: (l) => err.push(l) });
    return { code, err: err.join('\n') };
  };

  it('exits 2 with the usage for wrong arguments and reserve URLs that are not http(s), before any database', async () => {
    const cases: Array<[string[], string]> = [
      [[], 'expected lock, unlock, reserve <url> or clear'],
      [['toggle'], 'expected lock, unlock, reserve <url> or clear'],
      [['lock', 'now'], 'expected lock, unlock, reserve <url> or clear'],
      [['reserve'], 'reserve takes one URL'],
      [['reserve', RESERVE, RESERVE], 'reserve takes one URL'],
      [['reserve', 'reserve.kadr.example/x.json'], 'is not an absolute URL'],
      [['reserve', '/embed/v1/config/film/1.json'], 'is not an absolute URL'],
      [['reserve', 'ftp://reserve.kadr.example/x.json'], 'is not an http or https URL'],
      [['reserve', 'javascript:alert(1)'], 'is not an http or https URL'],
      [
        ['lock', '--content', 'movie-42'],
        '--content movie-42: expected film-{id}, series-{id} or channel-{id}',
      ],
      [['lock', '--content', 'film-0'], 'expected film-{id}'],
      [['lock', '--content', 'global'], 'expected film-{id}'],
      [['lock', '--content'], "Option '--content <value>' argument missing"],
      [['lock', '--force'], "Unknown option '--force'"],
    ];
    for (const [argv, problem] of cases) {
      const res = await run(...argv);
      expect({ argv, code: res.code }).toEqual({ argv, code: 2 });
      expect(res.err).toContain(problem);
      expect(res.err).toContain(EMBED_SWITCH_USAGE);
    }
  });

  it('prints the usage for --help', async () => {
    const out: string[] = [];
    expect(await runEmbedSwitch(['--help'], { env: {}, out: (l) => out.push(l), err: () => {} })).toBe(0);
    expect(out).toEqual([EMBED_SWITCH_USAGE]);
  });
});
