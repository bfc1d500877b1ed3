import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Env } from '../env';
import * as schema from './schema';
import { copyDbTemplate, DEFAULT_DB_TEMPLATE } from './template';

/** The drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An open database: drizzle handle, how to close it, and which engine it is. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` while holding a PostgreSQL session-level advisory lock (one connection holds it). */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** How createDatabase opens the database. */
export interface DatabaseOptions {
  /** PGlite in memory instead of DATA_DIR/db (tests). */
  inMemory?: boolean;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /**
   * PGlite data directory copied into an empty DATA_DIR/db before opening it (template.ts): the
   * build's template by default; false runs PGlite's own initdb.
   */
  template?: string | false;
}

/**
 * Opens PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR/db
 * (`inMemory` for tests). Migrations are applied separately (see migrate.ts).
 */
export async function createDatabase(
  env: Pick<Env, 'databaseUrl' | 'dataDir'>,
  options: DatabaseOptions = {},
): Promise<Database> {
  if (env.databaseUrl) return openPostgres(env.databaseUrl, options.poolSize ?? 10);
  // Contrib extensions must be registered when PGlite is created; the migrations then CREATE EXTENSION them.
  const extensions = { pg_trgm };
  let client: PGlite;
  if (options.inMemory) {
    client = new PGlite({ extensions });
  } else {
    const dataDir = join(env.dataDir, 'db');
    // PGlite's own mkdir is not recursive: the parent must exist.
    mkdirSync(dirname(dataDir), { recursive: true });
    const template = options.template ?? DEFAULT_DB_TEMPLATE;
    if (template) copyDbTemplate(dataDir, template);
    client = new PGlite(dataDir, { extensions });
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite is one connection in one process: the lock is taken for symmetry, nothing else can race.
    async withAdvisoryLock(key, fn) {
      await client.query('select pg_advisory_lock($1)', [key]);
      try {
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]);
      }
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client's network error must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async withAdvisoryLock(key, fn) {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await lockClient.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        lockClient.release();
      }
    },
    close: () => pool.end(),
  };
}

/** The file in DATA_DIR naming the process that has the embedded database open (see lockEmbeddedDatabase). */
export const EMBEDDED_LOCK_FILE = 'db.lock';

/** Who holds the embedded database: a process id and what it is (`server`, `catalogue:import`…). */
export interface EmbeddedLockOwner {
  pid: number;
  holder: string;
  /** When it took the lock, ISO 8601. */
  since: string;
}

/** The embedded database is open in another live process; PGlite serves one process at a time. */
export class EmbeddedDatabaseBusyError extends Error {
  override name = 'EmbeddedDatabaseBusyError';
  readonly owner: EmbeddedLockOwner;

  constructor(dataDir: string, owner: EmbeddedLockOwner) {
    super(
      `the embedded database in ${dataDir} is in use by ${owner.holder} (pid ${owner.pid}, since ${owner.since}): ` +
        `stop it first, or set DATABASE_URL to use PostgreSQL`,
    );
    this.owner = owner;
  }
}

/** A held lock on the embedded database; release() is idempotent. */
export interface EmbeddedDatabaseLock {
  readonly file: string;
  release(): void;
}

function readLockOwner(file: string): EmbeddedLockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<EmbeddedLockOwner>;
    if (typeof owner.pid !== 'number' || !Number.isInteger(owner.pid) || owner.pid <= 0) return undefined;
    return {
      pid: owner.pid,
      holder: String(owner.holder ?? 'another process'),
      since: String(owner.since ?? '?'),
    };
  } catch {
    return undefined;
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock on the embedded database in `dataDir` for this process: DATA_DIR/db.lock holding
 * its pid and `holder`, so the server and the operator commands never open the same PGlite data
 * directory at once (a second process would corrupt it). A lock left by a process that is gone (a
 * crash, kill -9) is stale and taken over. Throws EmbeddedDatabaseBusyError while a live process
 * holds it, this one included. Not needed with DATABASE_URL: PostgreSQL takes concurrent writers.
 */
export function lockEmbeddedDatabase(dataDir: string, holder: string): EmbeddedDatabaseLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, EMBEDDED_LOCK_FILE);
  const owner: EmbeddedLockOwner = { pid: process.pid, holder, since: new Date().toISOString() };
  // Written aside and linked into place: link() fails if the lock exists, and a reader never sees a
  // half-written lock.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(owner));
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(temp, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const current = readLockOwner(file);
      if (current && processIsAlive(current.pid)) throw new EmbeddedDatabaseBusyError(dataDir, current);
      if (attempt > 0) throw new Error(`cannot take the lock ${file}: remove it if no Kadr process runs`);
      // Stale (its process is gone) or unreadable: take it over. (Two processes taking over the same
      // stale lock in the same millisecond could both win; that needs a crash first, then a race.)
      rmSync(file, { force: true });
    }
  } finally {
    rmSync(temp, { force: true });
  }
  let held = true;
  return {
    file,
    release() {
      if (!held) return;
      held = false;
      // Only our own lock: never one another process took over meanwhile.
      if (readLockOwner(file)?.pid === process.pid) rmSync(file, { force: true });
    },
  };
}
