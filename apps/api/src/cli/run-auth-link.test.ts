import { describe, expect, it } from 'vitest';
import { profiles, signInLinks } from '../db/schema';
import { hashSignInLinkValue } from '../modules/auth';
import { commandEngines, commandWorkspaces } from '../test/harness';
import { AUTH_LINK_USAGE, runAuthLink } from './run-auth-link';

const workspace = commandWorkspaces('link');
const NOW = new Date('2030-01-15T10:00:00Z');

for (const engine of commandEngines) {
  describe.skipIf(!engine.available)(`auth:link (${engine.name})`, { timeout: 90_000 }, () => {
    async function setup() {
      const { env, withDatabase } = await workspace(engine, {
        seed: (db) => db.insert(profiles).values({ phone: '79991234567' }),
      });
      const out: string[] = [];
      const err: string[] = [];
      const run = (argv: string[]) =>
        runAuthLink(argv, { env, out: (l) => out.push(l), err: (l) => err.push(l) }, NOW);
      const links = () => withDatabase((database) => database.db.select().from(signInLinks));
      return { run, out, err, links };
    }

    it('prints a one-time link to the web app and stores only its hash', async () => {
      const t = await setup();
      expect(await t.run(['--profile', '1', '--device', 'web_tvdevice00000001'])).toBe(0);
      const url = new URL(t.out.at(-1) as string);
      expect(`${url.origin}${url.pathname}`).toBe('http://localhost:8080/promo/web/');
      const value = url.searchParams.get('auth') as string;
      expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await t.links()).toEqual([
        {
          hash: hashSignInLinkValue(value),
          profileId: 1,
          deviceUid: 'web_tvdevice00000001',
          createdAt: NOW,
          expiresAt: new Date('2030-01-15T10:10:00Z'),
          usedAt: null,
        },
      ]);
      expect(t.err.at(-1)).toBe(
        'One-time sign-in link for profile 1 (79991234567) on device web_tvdevice00000001, valid until 2030-01-15T10:10:00.000Z',
      );
    });

    it('takes the path, origin and lifetime, and makes a web device id when none is given', async () => {
      const t = await setup();
      expect(
        await t.run([
          '--profile',
          '1',
          '--ttl-minutes',
          '30',
          '--path',
          '/promo/web/movie/42/?from=tv',
          '--origin',
          'https://kadr.example',
        ]),
      ).toBe(0);
      const url = new URL(t.out.at(-1) as string);
      expect(`${url.origin}${url.pathname}`).toBe('https://kadr.example/promo/web/movie/42/');
      expect(url.searchParams.get('from')).toBe('tv');
      const [link] = await t.links();
      expect(link?.expiresAt).toEqual(new Date('2030-01-15T10:30:00Z'));
      expect(link?.deviceUid).toMatch(/^web_[a-z0-9]{16}$/);
    });

    it('refuses an unknown profile with exit code 1', async () => {
      const t = await setup();
      expect(await t.run(['--profile', '42'])).toBe(1);
      expect(t.err.at(-1)).toBe('auth:link failed: profile 42 does not exist');
      expect(await t.links()).toEqual([]);
    });
  });
}

describe('auth:link usage', () => {
  const run = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAuthLink(argv, { env: {}, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err };
  };

  it('prints the usage for --help', async () => {
    expect(await run(['--help'])).toEqual({ code: 0, out: [AUTH_LINK_USAGE], err: [] });
  });

  it.each([
    [[], 'give --profile'],
    [['--profile', 'x'], '--profile x: expected a profile id'],
    [['--profile', '1', '--ttl-minutes', '0'], '--ttl-minutes 0: expected whole minutes from 1 to 1440'],
    [
      ['--profile', '1', '--ttl-minutes', '1441'],
      '--ttl-minutes 1441: expected whole minutes from 1 to 1440',
    ],
    [
      ['--profile', '1', '--path', 'movie/1'],
      '--path movie/1: expected a path on the service, starting with one /',
    ],
    [
      ['--profile', '1', '--origin', 'https://a.example/x'],
      '--origin https://a.example/x: expected an origin like https://kadr.example (no path)',
    ],
    [['--profile', '1', '--device', 'a/b'], '--device a/b: expected 8 to 64 letters, digits, _ or -'],
  ])('refuses %j with exit code 2', async (argv, problem) => {
    const answer = await run(argv);
    expect(answer.code).toBe(2);
    expect(answer.err).toEqual([`${problem}\n\n${AUTH_LINK_USAGE}`]);
  });
});
