import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Env } from '../env';
import * as schema from './schema';
import { copySeededTemplate } from './seeded-template';
import { copyDbTemplate, DEFAULT_DB_TEMPLATE } from './template';

/** The drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The database or a transaction in it: what a query function runs on. */
export type Queryable = Db | Tx;

/** The rows of a raw statement (`db.execute`); both drivers answer `{rows}`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** An open database: drizzle handle, how to close it, and which engine it is. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite: this start filled an empty data folder from the seeded template, catalogue included. */
  fromSeededTemplate?: boolean;
  /**
   * Calls `lost` when a connection to PostgreSQL breaks (the server stopped, crashed or restarts) and
   * `made` when a new one is made; the app logs an outage once from these (none with PGlite).
   */
  watchConnections(handlers: { lost(error: unknown): void; made(): void }): void;
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
  /**
   * The catalogue seed of this start (env.catalogueSeed, when the app seeds): an empty data folder is
   * then filled from the seeded template (`template`: the build's by default) instead when it was
   * made from the same manifest, images into `mediaDir` too (seeded-template.ts).
   */
  seed?: { manifest: string; mediaDir: string; template?: string };
}

/**
 * Opens PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR/db
 * (`inMemory` for tests). Migrations are applied separately (see migrate.ts).
 */
export async function createDatabase(
  env: Pick<Env, 'databaseUrl' | 'dataDir'> & Partial<Pick<Env, 'databaseTimeouts'>>,
  options: DatabaseOptions = {},
): Promise<Database> {
  if (env.databaseUrl)
    return openPostgres(env.databaseUrl, options.poolSize ?? 10, env.databaseTimeouts ?? DATABASE_TIMEOUTS);
  // Contrib extensions must be registered when PGlite is created; the migrations then CREATE EXTENSION them.
  const extensions = { pg_trgm };
  let client: PGlite;
  let fromSeededTemplate = false;
  if (options.inMemory) {
    client = new PGlite({ extensions });
  } else {
    const dataDir = join(env.dataDir, 'db');
    // PGlite's own mkdir is not recursive: the parent must exist.
    mkdirSync(dirname(dataDir), { recursive: true });
    const { seed } = options;
    fromSeededTemplate = seed !== undefined && copySeededTemplate(dataDir, seed, seed.template);
    const template = options.template ?? DEFAULT_DB_TEMPLATE;
    if (template && !fromSeededTemplate) copyDbTemplate(dataDir, template);
    client = new PGlite(dataDir, { extensions });
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    fromSeededTemplate,
    // In-process: no connection to lose.
    watchConnections() {},
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

/** The defaults of DATABASE_CONNECT_TIMEOUT_MS and DATABASE_STATEMENT_TIMEOUT_MS (env.ts). */
export const DATABASE_TIMEOUTS: Env['databaseTimeouts'] = { connectMs: 2000, statementMs: 30_000 };

async function openPostgres(url: string, max: number, timeouts: Env['databaseTimeouts']): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // A server that does not answer (down behind a balancer, a lost network) fails a request in this
    // long instead of holding it; it also bounds the wait for a free connection of the pool.
    connectionTimeoutMillis: timeouts.connectMs,
    // No statement holds a connection (and a request) longer than this; 0: no bound.
    statement_timeout: timeouts.statementMs,
    // A server gone without closing the connection is noticed by TCP keep-alive.
    keepAlive: true,
  });
  let watcher: { lost(error: unknown): void; made(): void } | undefined;
  const lost = (error: unknown) => watcher?.lost(error);
  // A connection's network error must not crash the process (an 'error' event nobody listens to is
  // thrown): the pool reports idle ones here; a checked-out one, between the queries of a
  // transaction, reports on the client itself. Its next query fails, and the pool drops it.
  pool.on('error', lost);
  pool.on('connect', (client) => {
    client.on('error', lost);
    releaseOnFailedBegin(client);
    watcher?.made();
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    watchConnections(handlers) {
      watcher = handlers;
    },
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

/**
 * drizzle's node-postgres `transaction()` (0.45) sends BEGIN before its try/finally, so a BEGIN that
 * fails — the connection broken by a PostgreSQL restart just as it was checked out — never releases
 * the connection: the pool loses it for good, `pool.end()` (shutdown) waits for it for ever, and
 * after `max` such failures every request waits for a connection that never comes. Here a failed
 * BEGIN releases its connection with the error (the pool then drops it); drizzle, having thrown
 * before its `finally`, does not release it again. Found by src/recovery.test.ts.
 */
function releaseOnFailedBegin(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    const [config] = args;
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | undefined)?.text;
    if (typeof text === 'string' && /^\s*begin\b/i.test(text) && result instanceof Promise) {
      result.catch((error: unknown) => client.release(error instanceof Error ? error : true));
    }
    return result;
  };
}
