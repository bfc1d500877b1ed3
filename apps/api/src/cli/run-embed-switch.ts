import type { Database } from '../db/client';
import {
  clearSwitch,
  GLOBAL_SCOPE,
  isContentName,
  reserveUrlProblem,
  type SwitchRow,
  setSwitch,
  switchRow,
} from '../modules/embed';
import { type CliIo, parsedOrUsage, usageProblem, withCommandDatabase } from './command';

/** Usage text of the embed switch command. */
export const EMBED_SWITCH_USAGE = `Usage: embed:switch lock|unlock|reserve <url>|clear [--content film-42]

Sets what the embed light service tells partner players (docs/decisions/033-embed-configs.md), for all
(no --content: the global row) or for one content: film-{EK_id}, series-{EK_id} or channel-{tv_channel_id}.
  lock           players stay on (or go back to) their main config: GET /embed/v1/status answers lock
  unlock         no lock here (for a content: even while the global row locks)
  reserve <url>  players switch to the reserve config at <url> (http or https): GET /embed/v1/flag
  clear          removes the scope's settings: a content follows the global row again
Players see a change within about 90 s (30 s of caching, then their 60 s period). Writes DATABASE_URL, or
the embedded database in DATA_DIR: not while the server runs on it (the command refuses while another
process holds DATA_DIR/db.lock).`;

type Action =
  | { action: 'lock' | 'unlock'; scope: string }
  | { action: 'reserve'; scope: string; url: string }
  | { action: 'clear'; scope: string };

function parseCommand(argv: string[], io: CliIo): Action | number {
  const parsed = parsedOrUsage(
    { argv, allowPositionals: true, options: { content: { type: 'string' } } },
    EMBED_SWITCH_USAGE,
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const problem = usageProblem(EMBED_SWITCH_USAGE, io);
  const { content } = parsed.values;
  if (content !== undefined && !isContentName(content))
    return problem(`--content ${content}: expected film-{id}, series-{id} or channel-{id}`);
  const scope = content ?? GLOBAL_SCOPE;
  const [action, ...rest] = parsed.positionals;
  if (action === 'reserve') {
    if (rest.length !== 1) return problem('reserve takes one URL');
    const url = rest[0] as string;
    const wrong = reserveUrlProblem(url);
    return wrong ? problem(`reserve: ${wrong}`) : { action, scope, url };
  }
  if ((action === 'lock' || action === 'unlock' || action === 'clear') && rest.length === 0)
    return { action, scope };
  return problem('expected lock, unlock, reserve <url> or clear');
}

const describe = (scope: string) => (scope === GLOBAL_SCOPE ? 'all content (global)' : scope);

/** Sets the action's setting unless it is already so; the line to print. */
async function apply(database: Database, command: Action, now: Date): Promise<string> {
  const { db } = database;
  const { scope } = command;
  const row = await switchRow(db, scope);
  if (command.action === 'clear') {
    return (await clearSwitch(db, scope))
      ? `Cleared the embed switches of ${describe(scope)} (they were ${settings(row)})`
      : `${describe(scope)} had no embed switches: nothing to clear`;
  }
  const change: Partial<SwitchRow> =
    command.action === 'reserve' ? { reserveUrl: command.url } : { locked: command.action === 'lock' };
  const [field, value] = Object.entries(change)[0] as [keyof SwitchRow, SwitchRow[keyof SwitchRow]];
  const done =
    command.action === 'reserve'
      ? `reserve config of ${describe(scope)}: ${command.url}`
      : `${describe(scope)} ${command.action === 'lock' ? 'locked' : 'unlocked'}`;
  if (row && row[field] === value) return `Already so: ${done}`;
  await setSwitch(db, scope, change, now);
  return `Set: ${done}`;
}

/** A row's settings in words. */
function settings(row: SwitchRow | null): string {
  const lock =
    row?.locked === null || row?.locked === undefined ? 'lock not set' : row.locked ? 'locked' : 'unlocked';
  return `${lock}, ${row?.reserveUrl ? `reserve ${row.reserveUrl}` : 'no reserve'}`;
}

/**
 * The embed switch command (`lock|unlock|reserve <url>|clear [--content …]`). Idempotent: a setting
 * already in force is left as it is and said so. Exit codes: 0 done, 1 the embedded database in use by
 * another process, 2 wrong usage or configuration.
 */
export async function runEmbedSwitch(argv: string[], io: CliIo, now = new Date()): Promise<number> {
  const command = parseCommand(argv, io);
  if (typeof command === 'number') return command;
  return withCommandDatabase(io, 'embed:switch', async (database) => {
    io.out(await apply(database, command, now));
    return 0;
  });
}
