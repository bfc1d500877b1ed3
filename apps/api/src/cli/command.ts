import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { createDatabase, type Database } from '../db/client';
import { EmbeddedDatabaseBusyError, lockEmbeddedDatabase } from '../db/embedded-lock';
import { migrateDatabase } from '../db/migrate';
import { EnvError, type EnvSource, loadStorageEnv, type StorageEnv } from '../env';

/** Where an operator command reads its configuration and writes its lines (tests capture both). */
export interface CliIo {
  /** The environment (DATA_DIR, DATABASE_URL, INIT_CWD, …); process.env by default, read by env.ts. */
  env?: EnvSource;
  out(line: string): void;
  err(line: string): void;
  /**
   * All of standard input as text, or null when it is a terminal (nothing piped). Only commands that
   * take a secret read it (`partners:set --password-stdin`), so it stays out of argv, `ps` and history.
   */
  stdin?(): Promise<string | null>;
}

/** The process's standard input, whole; null for a terminal (a prompt would echo the secret). */
async function readProcessStdin(): Promise<string | null> {
  if (process.stdin.isTTY) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Runs a command as the process's entry: its lines to stdout/stderr, its answer as the exit status,
 * and an unexpected failure printed with exit status 1.
 */
export function runAsProcess(command: (argv: string[], io: CliIo) => Promise<number>): void {
  command(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    stdin: readProcessStdin,
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}

/** The storage settings, or undefined after telling the operator what is wrong with them. */
export function storageOrReport(io: CliIo): ReturnType<typeof loadStorageEnv> | undefined {
  try {
    return loadStorageEnv(io.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    io.err(error.message);
    return undefined;
  }
}

/** What a command prints for wrong usage: the problem, then the usage text; its exit status, 2. */
export const usageProblem = (usage: string, io: CliIo) => (problem: string) => {
  io.err(`${problem}\n\n${usage}`);
  return 2;
};

/** The `--help` (`-h`) option every command takes. */
const HELP = { type: 'boolean', short: 'h' } as const;

/** What parseArgs makes of a command's arguments with `options` and --help. */
type CommandArgs<O extends ParseArgsOptionsConfig, P extends boolean> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O & { help: typeof HELP }; allowPositionals: P }>
>;

/**
 * A command's arguments parsed with its `options` (--help is added), or its exit status once usage was
 * printed: 2 with what was wrong (an unknown option, a missing value, a positional it does not take), 0
 * for --help.
 */
export function parsedOrUsage<O extends ParseArgsOptionsConfig, P extends boolean = false>(
  command: { argv: string[]; options: O; allowPositionals?: P },
  usage: string,
  io: CliIo,
): CommandArgs<O, P> | number {
  let parsed: CommandArgs<O, P>;
  try {
    parsed = parseArgs({
      args: command.argv,
      options: { ...command.options, help: HELP },
      allowPositionals: command.allowPositionals ?? false,
    }) as CommandArgs<O, P>;
  } catch (error) {
    return usageProblem(usage, io)((error as Error).message);
  }
  if ((parsed.values as { help?: boolean }).help) {
    io.out(usage);
    return 0;
  }
  return parsed;
}

/**
 * Opens a command's database: DATABASE_URL as it is, or the embedded database in DATA_DIR once the
 * command holds its lock (db/client.ts), released when the database is closed. Throws
 * EmbeddedDatabaseBusyError, naming the pid, while the server (or another command) has it open.
 */
export async function openCommandDatabase(storage: StorageEnv, holder: string): Promise<Database> {
  if (storage.databaseUrl) return createDatabase(storage);
  const lock = lockEmbeddedDatabase(storage.dataDir, holder);
  let database: Database;
  try {
    database = await createDatabase(storage);
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    ...database,
    async close() {
      try {
        await database.close();
      } finally {
        lock.release();
      }
    },
  };
}

/** Options of {@link withCommandDatabase}. */
export interface CommandDatabaseOptions {
  /** The storage settings when the command read them already (to check its input first). */
  storage?: StorageEnv;
  /** How the refusal while the database is busy begins (default `<holder> failed`). */
  refusal?: string;
}

/**
 * A command's work on its migrated database (`holder` names it in the lock and the messages): exit 2
 * without a usable configuration, 1 while the embedded database is busy, else the work's own status;
 * the database is closed (the lock released) whatever happens.
 */
export async function withCommandDatabase(
  io: CliIo,
  holder: string,
  work: (database: Database) => Promise<number>,
  options: CommandDatabaseOptions = {},
): Promise<number> {
  const storage = options.storage ?? storageOrReport(io);
  if (!storage) return 2;
  let database: Database;
  try {
    database = await openCommandDatabase(storage, holder);
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseBusyError)) throw error;
    io.err(`${options.refusal ?? `${holder} failed`}: ${error.message}`);
    return 1;
  }
  try {
    await migrateDatabase(database);
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * The arguments of an import command, `<file> [--prune]`, and the storage settings; or its exit status
 * once usage or a configuration problem was printed (2; 0 for --help).
 */
export function fileImportArgs(
  argv: string[],
  usage: string,
  io: CliIo,
): { file: string; prune: boolean; storage: NonNullable<ReturnType<typeof storageOrReport>> } | number {
  const options = parsedOrUsage(
    { argv, allowPositionals: true, options: { prune: { type: 'boolean' } } },
    usage,
    io,
  );
  if (typeof options === 'number') return options;
  const [file, ...extra] = options.positionals;
  if (!file || extra.length > 0) {
    io.err(usage);
    return 2;
  }
  const storage = storageOrReport(io);
  if (!storage) return 2;
  return { file, prune: options.values.prune ?? false, storage };
}
