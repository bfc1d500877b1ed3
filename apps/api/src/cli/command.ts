import { createDatabase, type Database } from '../db/client';
import { lockEmbeddedDatabase } from '../db/embedded-lock';
import { EnvError, type EnvSource, loadStorageEnv, type StorageEnv } from '../env';

/** Where an operator command reads its configuration and writes its lines (tests capture both). */
export interface CliIo {
  /** The environment (DATA_DIR, DATABASE_URL, INIT_CWD, …); process.env by default, read by env.ts. */
  env?: EnvSource;
  out(line: string): void;
  err(line: string): void;
}

/**
 * Runs a command as the process's entry: its lines to stdout/stderr, its answer as the exit status,
 * and an unexpected failure printed with exit status 1.
 */
export function runAsProcess(command: (argv: string[], io: CliIo) => Promise<number>): void {
  command(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
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

/**
 * A command's parsed arguments, or its exit status once usage was printed: 2 with what was wrong
 * (an unknown option, a missing value), 0 for --help.
 */
export function parsedOrUsage<T extends { values: { help?: boolean } }>(
  parse: () => T,
  usage: string,
  io: CliIo,
): T | number {
  let parsed: T;
  try {
    parsed = parse();
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if (parsed.values.help) {
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
