import type { Database } from '../db/client';
import { EnvError, loadPartnerAccountsEnv } from '../env';
import {
  accountProblems,
  type PartnerAccount,
  PartnerAccounts,
  PartnerKeyring,
  profileOf,
  type SkippedAccount,
} from '../modules/partners';
import { type CliIo, parsedOrUsage, usageProblem, withCommandDatabase } from './command';

/** Usage text of the partner-site accounts commands. */
export const PARTNERS_USAGE = `Usage: partners:set --profile 12 --title Кинозал --email user@example.ru --password-stdin
       partners:list --profile 12 [--show-passwords]
       partners:remove --profile 12 --title Кинозал
       partners:rekey

Partner-site accounts a signed-in profile sees under «Сайты-партнёры» (docs/decisions/042-partner-accounts.md).
  set     adds the account, or replaces the profile's account of the same title; the password is read
          from standard input (one line; a final line break is dropped), never from the command line:
          printf '%s' "$PASSWORD" | pnpm --filter @kadr/api partners:set … --password-stdin
  list    the profile's accounts, one a line: title, e-mail, and the password only with --show-passwords
  remove  deletes the profile's account of that title
  rekey   re-encrypts under PARTNER_ACCOUNTS_KEY every account still under a key of
          PARTNER_ACCOUNTS_OLD_KEYS, after which that old key can be dropped
E-mails and passwords are stored encrypted (AES-256-GCM) under PARTNER_ACCOUNTS_KEY (required in
production; otherwise a key generated into DATA_DIR/partner-accounts.key). Writes DATABASE_URL, or the
embedded database in DATA_DIR: not while the server runs on it (the command refuses while another
process holds DATA_DIR/db.lock).`;

type Command =
  | { action: 'set'; profileId: number; account: PartnerAccount }
  | { action: 'list'; profileId: number; showPasswords: boolean }
  | { action: 'remove'; profileId: number; title: string }
  | { action: 'rekey' };

/** The largest profile id (profiles.id is a PostgreSQL integer). */
const MAX_PROFILE_ID = 2_147_483_647;

async function parseCommand(argv: string[], io: CliIo): Promise<Command | number> {
  const problem = usageProblem(PARTNERS_USAGE, io);
  // Checked before parsing: the parser's own message would repeat the value, the password itself.
  if (argv.some((arg) => arg === '--password' || arg.startsWith('--password=')))
    return problem('the password is read from standard input only (--password-stdin), never from arguments');
  const parsed = parsedOrUsage(
    {
      argv,
      allowPositionals: true,
      options: {
        profile: { type: 'string' },
        title: { type: 'string' },
        email: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        'show-passwords': { type: 'boolean' },
      },
    },
    PARTNERS_USAGE,
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const [action, ...rest] = positionals;
  if ((action !== 'set' && action !== 'list' && action !== 'remove' && action !== 'rekey') || rest.length > 0)
    return problem('expected set, list, remove or rekey');
  const allowed: string[] = {
    set: ['profile', 'title', 'email', 'password-stdin'],
    list: ['profile', 'show-passwords'],
    remove: ['profile', 'title'],
    rekey: [],
  }[action];
  const extra = Object.keys(values).find((name) => !allowed.includes(name));
  if (extra) return problem(`${action} does not take --${extra}`);
  if (action === 'rekey') return { action };
  if (values.profile === undefined) return problem('give --profile');
  if (!/^[1-9]\d{0,9}$/.test(values.profile) || Number(values.profile) > MAX_PROFILE_ID)
    return problem(`--profile ${values.profile}: expected a profile id`);
  const profileId = Number(values.profile);
  if (action === 'list') return { action, profileId, showPasswords: values['show-passwords'] === true };
  if (values.title === undefined) return problem('give --title');
  if (action === 'remove') return { action, profileId, title: values.title };
  if (values.email === undefined) return problem('give --email');
  if (!values['password-stdin']) return problem('give --password-stdin and the password on standard input');
  const input = io.stdin ? await io.stdin() : null;
  if (input === null)
    return problem('--password-stdin: nothing piped (standard input is a terminal); pipe the password in');
  // One line: a final line break (echo, a file) is not part of the password.
  const password = input.replace(/\r?\n$/, '');
  const account = { title: values.title, email: values.email.trim(), password };
  const problems = accountProblems(account);
  if (problems.length > 0) return problem(problems.join('\n'));
  return { action, profileId, account };
}

/** The storage settings and keys, or the exit status once what is wrong was printed. */
function settingsOrReport(io: CliIo): ReturnType<typeof loadPartnerAccountsEnv> | number {
  try {
    return loadPartnerAccountsEnv(io.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    io.err(error.message);
    return 2;
  }
}

/**
 * The partner-site accounts command (`set|list|remove --profile …`, `rekey`). Exit codes: 0 done, 1 the
 * profile is unknown or anonymous, no account of that title to remove, an account that does not decrypt, or
 * the embedded database in use by another process; 2 wrong usage, input or configuration. No line it
 * prints holds a password, except `list --show-passwords` on stdout.
 */
export async function runPartners(argv: string[], io: CliIo, now = new Date()): Promise<number> {
  const command = await parseCommand(argv, io);
  if (typeof command === 'number') return command;
  const settings = settingsOrReport(io);
  if (typeof settings === 'number') return settings;
  const holder = `partners:${command.action}`;
  const work = async ({ db }: Database): Promise<number> => {
    const failed = (text: string) => {
      io.err(`${holder} failed: ${text}`);
      return 1;
    };
    const keyring = new PartnerKeyring(settings.partnerAccountKeys);
    const partners = new PartnerAccounts(db, keyring);
    let skipped = 0;
    const reportSkipped = (account: SkippedAccount) => {
      skipped += 1;
      io.err(
        `account #${account.accountId} does not decrypt (${account.reason === 'unknown_key' ? `key ${account.keyId} is not configured` : 'altered, or a wrong key'}): left out`,
      );
    };
    if (command.action === 'rekey') {
      const resealed = await partners.reseal(now, reportSkipped);
      io.out(`Re-encrypted ${resealed} partner-site account(s) under key ${keyring.currentId}`);
      return skipped > 0 ? 1 : 0;
    }
    const profile = await profileOf(db, command.profileId);
    if (!profile) return failed(`profile ${command.profileId} does not exist`);
    if (command.action === 'set') {
      // Anonymous profiles are a device's until sign-in, then merged or pruned: accounts go to a person
      // (signed in by phone or through an identity provider, decision 041).
      if (!profile.signedIn)
        return failed(
          `profile ${command.profileId} is anonymous (no phone, no identity provider): partner accounts need a signed-in profile`,
        );
      const done = await partners.set(command.profileId, command.account, now);
      io.out(
        `${done === 'added' ? 'Added' : 'Replaced'} the partner-site account «${command.account.title}» (${command.account.email}) of profile ${command.profileId}`,
      );
      return 0;
    }
    if (command.action === 'remove') {
      if (!(await partners.remove(command.profileId, command.title)))
        return failed(`profile ${command.profileId} has no partner-site account «${command.title}»`);
      io.out(`Removed the partner-site account «${command.title}» of profile ${command.profileId}`);
      return 0;
    }
    const accounts = await partners.open(command.profileId, reportSkipped);
    for (const account of accounts)
      io.out(
        [account.title, account.email, command.showPasswords ? account.password : '********'].join('\t'),
      );
    io.err(`${accounts.length} partner-site account(s) of profile ${command.profileId}`);
    return skipped > 0 ? 1 : 0;
  };
  return withCommandDatabase(io, holder, work, { storage: settings });
}
