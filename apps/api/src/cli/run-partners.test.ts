import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { partnerAccounts, profiles } from '../db/schema';
import { loadEnv } from '../env';
import { insertLink } from '../modules/identity';
import { keyIdOf, PartnerAccounts, PartnerKeyring } from '../modules/partners';
import { commandEngines, commandWorkspaces } from '../test/harness';
import { PARTNERS_USAGE, runPartners } from './run-partners';

const workspace = commandWorkspaces('partners');
const NOW = new Date('2030-01-15T10:00:00Z');
const KEY = Buffer.alloc(32, 9).toString('base64');
const PASSWORD = 'Kz-пароль 1';

/** Runs the command with `stdin` piped in (null: a terminal); its exit code and every line it printed. */
async function run(env: Record<string, string>, argv: string[], stdin: string | null = null, now = NOW) {
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    env,
    out: (l: string) => out.push(l),
    err: (l: string) => err.push(l),
    stdin: async () => stdin,
  };
  const code = await runPartners(argv, io, now);
  return { code, out, err };
}

for (const engine of commandEngines) {
  describe.skipIf(!engine.available)(`partners:set|list|remove (${engine.name})`, { timeout: 90_000 }, () => {
    /** A database with a signed-in profile (1) and an anonymous one (2); `key`: PARTNER_ACCOUNTS_KEY. */
    async function setup(key: string | undefined = KEY) {
      const { dir, env, withDatabase } = await workspace(engine, {
        env: key ? { PARTNER_ACCOUNTS_KEY: key } : {},
        seed: (db) => db.insert(profiles).values([{ phone: '79991234567' }, { phone: null }]),
      });
      const withDb = <T>(work: (db: Database['db']) => Promise<T>) =>
        withDatabase((database) => work(database.db));
      const rows = () => withDb((db) => db.select().from(partnerAccounts));
      return {
        env,
        dir,
        withDb,
        rows,
        run: (argv: string[], stdin: string | null = null) => run(env, argv, stdin),
      };
    }

    const set = (title: string, email: string) => [
      'set',
      '--profile',
      '1',
      '--title',
      title,
      '--email',
      email,
      '--password-stdin',
    ];

    it('adds an account sealed at rest, and lists it without the password unless asked', async () => {
      const t = await setup();
      const added = await t.run(set('Кинозал', 'viewer@kinozal.example'), `${PASSWORD}\n`);
      expect(added).toEqual({
        code: 0,
        out: ['Added the partner-site account «Кинозал» (viewer@kinozal.example) of profile 1'],
        err: [],
      });
      const rows = await t.rows();
      expect(rows).toMatchObject([
        { profileId: 1, title: 'Кинозал', keyId: keyIdOf(Buffer.from(KEY, 'base64')) },
      ]);
      expect(JSON.stringify(rows)).not.toContain(PASSWORD);
      expect(JSON.stringify(rows)).not.toContain('viewer@kinozal.example');

      expect(await t.run(['list', '--profile', '1'])).toEqual({
        code: 0,
        out: ['Кинозал\tviewer@kinozal.example\t********'],
        err: ['1 partner-site account(s) of profile 1'],
      });
      expect((await t.run(['list', '--profile', '1', '--show-passwords'])).out).toEqual([
        `Кинозал\tviewer@kinozal.example\t${PASSWORD}`,
      ]);
    });

    it('replaces the account of the same title: running set again changes it, never doubles it', async () => {
      const t = await setup();
      await t.run(set('Кинозал', 'old@kinozal.example'), 'old password');
      const again = await t.run(set('Кинозал', 'new@kinozal.example'), 'new password\r\n');
      expect(again.code).toBe(0);
      expect(again.out).toEqual([
        'Replaced the partner-site account «Кинозал» (new@kinozal.example) of profile 1',
      ]);
      expect(await t.rows()).toHaveLength(1);
      expect((await t.run(['list', '--profile', '1', '--show-passwords'])).out).toEqual([
        'Кинозал\tnew@kinozal.example\tnew password',
      ]);
      expect((await t.run(set('Кинозал', 'new@kinozal.example'), 'new password')).code).toBe(0);
      expect(await t.rows()).toHaveLength(1);
    });

    it('removes an account by title, and says so when there is none', async () => {
      const t = await setup();
      await t.run(set('Кинозал', 'viewer@kinozal.example'), PASSWORD);
      await t.run(set('Музбокс', 'viewer@muzbox.example'), PASSWORD);
      expect(await t.run(['remove', '--profile', '1', '--title', 'Кинозал'])).toEqual({
        code: 0,
        out: ['Removed the partner-site account «Кинозал» of profile 1'],
        err: [],
      });
      expect((await t.rows()).map((row) => row.title)).toEqual(['Музбокс']);
      expect(await t.run(['remove', '--profile', '1', '--title', 'Кинозал'])).toEqual({
        code: 1,
        out: [],
        err: ['partners:remove failed: profile 1 has no partner-site account «Кинозал»'],
      });
    });

    it('refuses an unknown profile and an anonymous one with exit code 1', async () => {
      const t = await setup();
      expect(
        await t.run(
          ['set', '--profile', '42', '--title', 'Кинозал', '--email', 'a@b.example', '--password-stdin'],
          PASSWORD,
        ),
      ).toEqual({
        code: 1,
        out: [],
        err: ['partners:set failed: profile 42 does not exist'],
      });
      expect((await t.run(['list', '--profile', '42'])).err).toEqual([
        'partners:list failed: profile 42 does not exist',
      ]);
      const anonymous = await t.run(
        ['set', '--profile', '2', '--title', 'Кинозал', '--email', 'a@b.example', '--password-stdin'],
        PASSWORD,
      );
      expect(anonymous).toEqual({
        code: 1,
        out: [],
        err: [
          'partners:set failed: profile 2 is anonymous (no phone, no identity provider): partner accounts need a signed-in profile',
        ],
      });
      expect(await t.rows()).toEqual([]);
    });

    it('accepts a profile signed in through an identity provider (no phone, a linked subject)', async () => {
      const t = await setup();
      await t.withDb((db) =>
        insertLink(db, { issuer: 'https://id.example', subject: 'alice', profileId: 2, now: NOW }),
      );
      const added = await t.run(
        ['set', '--profile', '2', '--title', 'Кинозал', '--email', 'a@b.example', '--password-stdin'],
        PASSWORD,
      );
      expect(added).toEqual({
        code: 0,
        out: ['Added the partner-site account «Кинозал» (a@b.example) of profile 2'],
        err: [],
      });
    });

    it('lists an account that does not decrypt under this key as left out, with exit code 1 and no value', async () => {
      const t = await setup();
      await t.run(set('Кинозал', 'viewer@kinozal.example'), PASSWORD);
      const other = Buffer.alloc(32, 10);
      const listed = await run({ ...t.env, PARTNER_ACCOUNTS_KEY: other.toString('base64') }, [
        'list',
        '--profile',
        '1',
        '--show-passwords',
      ]);
      expect(listed.code).toBe(1);
      expect(listed.out).toEqual([]);
      expect(listed.err[0]).toMatch(
        /^account #\d+ does not decrypt \(key [0-9a-f]{16} is not configured\): left out$/,
      );
      expect(listed.err.join('\n')).not.toContain(PASSWORD);
      // The old key among PARTNER_ACCOUNTS_OLD_KEYS opens it again (a rotation).
      const rotated = await run(
        { ...t.env, PARTNER_ACCOUNTS_KEY: other.toString('base64'), PARTNER_ACCOUNTS_OLD_KEYS: KEY },
        ['list', '--profile', '1', '--show-passwords'],
      );
      expect(rotated.out).toEqual([`Кинозал\tviewer@kinozal.example\t${PASSWORD}`]);
    });

    it('re-encrypts under the new key what an old key sealed, after which the old key can go', async () => {
      const t = await setup();
      await t.run(set('Кинозал', 'viewer@kinozal.example'), PASSWORD);
      const fresh = Buffer.alloc(32, 11);
      const rotated = {
        ...t.env,
        PARTNER_ACCOUNTS_KEY: fresh.toString('base64'),
        PARTNER_ACCOUNTS_OLD_KEYS: KEY,
      };
      // An account set after the rotation is under the new key already.
      expect((await run(rotated, set('Музбокс', 'viewer@muzbox.example'), PASSWORD)).code).toBe(0);
      expect(await run(rotated, ['rekey'])).toEqual({
        code: 0,
        out: [`Re-encrypted 1 partner-site account(s) under key ${keyIdOf(fresh)}`],
        err: [],
      });
      expect((await t.rows()).map((row) => row.keyId)).toEqual([keyIdOf(fresh), keyIdOf(fresh)]);
      const newKeyOnly = { ...t.env, PARTNER_ACCOUNTS_KEY: fresh.toString('base64') };
      expect((await run(newKeyOnly, ['list', '--profile', '1', '--show-passwords'])).out).toEqual([
        `Кинозал\tviewer@kinozal.example\t${PASSWORD}`,
        `Музбокс\tviewer@muzbox.example\t${PASSWORD}`,
      ]);
      expect((await run(newKeyOnly, ['rekey'])).out).toEqual([
        `Re-encrypted 0 partner-site account(s) under key ${keyIdOf(fresh)}`,
      ]);
    });

    it('leaves an account it cannot open as it is when re-encrypting, with exit code 1', async () => {
      const t = await setup();
      await t.run(set('Кинозал', 'viewer@kinozal.example'), PASSWORD);
      const before = await t.rows();
      const answer = await run({ ...t.env, PARTNER_ACCOUNTS_KEY: Buffer.alloc(32, 12).toString('base64') }, [
        'rekey',
      ]);
      expect(answer.code).toBe(1);
      expect(answer.err).toEqual([
        `account #${before[0]?.id} does not decrypt (key ${keyIdOf(Buffer.from(KEY, 'base64'))} is not configured): left out`,
      ]);
      expect(await t.rows()).toEqual(before);
    });

    it('without PARTNER_ACCOUNTS_KEY uses the key it generates into DATA_DIR, which the server there reads too', async () => {
      const t = await setup(undefined);
      expect((await t.run(set('Кинозал', 'viewer@kinozal.example'), PASSWORD)).code).toBe(0);
      const env = loadEnv({ ...t.env, DATA_DIR: join(t.dir, 'data') }, {});
      const accounts = await t.withDb((db) =>
        new PartnerAccounts(db, new PartnerKeyring(env.partnerAccountKeys)).open(1, () => {
          throw new Error('an account did not decrypt');
        }),
      );
      expect(accounts).toEqual([{ title: 'Кинозал', email: 'viewer@kinozal.example', password: PASSWORD }]);
    });
  });
}

describe('partners usage', () => {
  const env = { PARTNER_ACCOUNTS_KEY: KEY };
  const base = [
    'set',
    '--profile',
    '1',
    '--title',
    'Кинозал',
    '--email',
    'a@kinozal.example',
    '--password-stdin',
  ];

  it('prints the usage for --help', async () => {
    expect(await run(env, ['--help'])).toEqual({ code: 0, out: [PARTNERS_USAGE], err: [] });
  });

  it.each([
    [[], null, 'expected set, list, remove or rekey'],
    [['add', '--profile', '1'], null, 'expected set, list, remove or rekey'],
    [['list'], null, 'give --profile'],
    [['list', '--profile', 'x'], null, '--profile x: expected a profile id'],
    [['list', '--profile', '2147483648'], null, '--profile 2147483648: expected a profile id'],
    [['list', '--profile', '1', '--title', 'a'], null, 'list does not take --title'],
    [['rekey', '--profile', '1'], null, 'rekey does not take --profile'],
    [['remove', '--profile', '1'], null, 'give --title'],
    [['set', '--profile', '1', '--title', 'a', '--password-stdin'], 'p', 'give --email'],
    [base.slice(0, -1), 'p', 'give --password-stdin and the password on standard input'],
    [base, null, '--password-stdin: nothing piped (standard input is a terminal); pipe the password in'],
    [base, '', 'the password is empty'],
    [base, '\n', 'the password is empty'],
    [base, 'two\nlines', 'the password holds control characters or more than one line'],
    [base, 'x'.repeat(257), 'the password is longer than 256 characters'],
    [[...base.slice(0, 4), '', ...base.slice(5)], 'p', 'the title is empty'],
    [[...base.slice(0, 4), ' Кинозал', ...base.slice(5)], 'p', 'the title starts or ends with spaces'],
    [
      [...base.slice(0, 4), 'x'.repeat(101), ...base.slice(5)],
      'p',
      'the title is longer than 100 characters',
    ],
    [
      [...base.slice(0, 4), 'Кино\u202eзал', ...base.slice(5)],
      'p',
      'the title holds control or invisible characters',
    ],
    [
      [...base.slice(0, 4), 'Кино\tзал', ...base.slice(5)],
      'p',
      'the title holds control or invisible characters',
    ],
    [[...base.slice(0, 6), 'not-an-email', ...base.slice(7)], 'p', '"not-an-email" is not an e-mail address'],
    [[...base.slice(0, 6), 'a@b', ...base.slice(7)], 'p', '"a@b" is not an e-mail address'],
  ])('refuses %j (stdin %j) with exit code 2', async (argv, stdin, problem) => {
    expect(await run(env, argv, stdin)).toEqual({
      code: 2,
      out: [],
      err: [`${problem}\n\n${PARTNERS_USAGE}`],
    });
  });

  it('refuses a password given as an argument without repeating it', async () => {
    for (const argv of [
      [...base.slice(0, -1), '--password', 'hunter2'],
      [...base.slice(0, -1), '--password=hunter2'],
    ]) {
      const answer = await run(env, argv, null);
      expect(answer.code).toBe(2);
      expect(answer.err).toEqual([
        `the password is read from standard input only (--password-stdin), never from arguments\n\n${PARTNERS_USAGE}`,
      ]);
    }
  });

  it('refuses to run in production without PARTNER_ACCOUNTS_KEY, with exit code 2', async () => {
    const answer = await run({ NODE_ENV: 'production' }, base, 'hunter2');
    expect(answer).toEqual({
      code: 2,
      out: [],
      err: [
        'Invalid configuration:\n  PARTNER_ACCOUNTS_KEY: required in production (openssl rand -base64 32)',
      ],
    });
  });
});
