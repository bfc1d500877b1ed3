import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient, createMemoryTokenStore } from '@kadr/api-client';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app';
import type { Clock } from '../clock';
import { createDatabase, type Database } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { type EnvSource, loadEnv, loadStorageEnv, type StorageEnv } from '../env';
import { authAppBody, latestCode, sendAuthBody, smsOutboxPath } from './sign-in';

// Test-only settings: the local services of DEVELOPERS' machines and CI, overridable for other setups.
const testSettings = process.env;
/** Admin connection used to create and drop a database per test file. */
export const PG_ADMIN_URL = testSettings.KADR_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Redis for the Redis rate limiter suites. */
export const REDIS_TEST_URL = testSettings.KADR_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 1500 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function redisReachable(): Promise<boolean> {
  const redis = new Redis(REDIS_TEST_URL, {
    lazyConnect: true,
    connectTimeout: 1500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Whether PostgreSQL at PG_ADMIN_URL answers; PostgreSQL suites are skipped (not failed) without it. */
export const postgresAvailable = await postgresReachable();
/** Whether Redis at REDIS_TEST_URL answers. */
export const redisAvailable = await redisReachable();

/** A database engine the suites run against. */
export interface Backend {
  name: 'PGlite' | 'PostgreSQL';
  available: boolean;
  /** A fresh, migrated database, its URL (PostgreSQL: for more connection pools) and how to dispose of it. */
  open(): Promise<{ database: Database; url?: string; dispose(): Promise<void> }>;
}

/** In-memory PGlite: always available. */
export const pgliteBackend: Backend = {
  name: 'PGlite',
  available: true,
  async open() {
    const database = await createDatabase({ databaseUrl: undefined, dataDir: '' }, { inMemory: true });
    await migrateDatabase(database);
    return { database, dispose: () => database.close() };
  },
};

/** Runs one statement as the local PostgreSQL's admin (creating and dropping throw-away databases). */
export async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * Throw-away databases on the local PostgreSQL for tests that hand a URL to the code under test (the
 * operator commands open their own): `create()` makes one and answers its URL, `dropAll()` drops them.
 */
export function throwawayDatabases(prefix: string): { create(): Promise<string>; dropAll(): Promise<void> } {
  const names: string[] = [];
  return {
    async create() {
      const name = `${prefix}_${randomBytes(6).toString('hex')}`;
      await adminQuery(`create database ${name}`);
      names.push(name);
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async dropAll() {
      for (const name of names.splice(0)) await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** The engines an operator command's suite runs on: the embedded database, and the local PostgreSQL. */
export const commandEngines = [
  { name: 'PGlite', available: true },
  { name: 'PostgreSQL', available: postgresAvailable },
] as const;

/** Where a suite runs an operator command, as an operator would (INIT_CWD, DATA_DIR, DATABASE_URL). */
export interface CommandWorkspace {
  /** The working folder (INIT_CWD); DATA_DIR is its `data`. */
  dir: string;
  /** The command's environment. */
  env: Record<string, string>;
  storage: StorageEnv;
  /** Opens the workspace's database, runs `work` on it and closes it (as a separate command would). */
  withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T>;
}

/**
 * Workspaces for an operator command's suite: each a temporary folder, with a throw-away PostgreSQL
 * database on that engine; `seed` writes to it, migrated, before the test runs the command. Folders and
 * databases go after each test.
 */
export function commandWorkspaces(prefix: string) {
  const dirs: string[] = [];
  const databases = throwawayDatabases(`kadr_test_${prefix}`);
  afterEach(async () => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    await databases.dropAll();
  });
  return async (
    engine: (typeof commandEngines)[number],
    {
      env: extra = {},
      seed,
    }: { env?: Record<string, string>; seed?: (db: Database['db']) => Promise<unknown> } = {},
  ): Promise<CommandWorkspace> => {
    const dir = mkdtempSync(join(tmpdir(), `kadr-${prefix}-cli-`));
    dirs.push(dir);
    const env: Record<string, string> = { DATA_DIR: 'data', INIT_CWD: dir, ...extra };
    if (engine.name === 'PostgreSQL') env.DATABASE_URL = await databases.create();
    const storage = loadStorageEnv(env);
    const withDatabase = async <T>(work: (database: Database) => Promise<T>): Promise<T> => {
      const database = await createDatabase(storage);
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    };
    if (seed)
      await withDatabase(async (database) => {
        await migrateDatabase(database);
        await seed(database.db);
      });
    return { dir, env, storage, withDatabase };
  };
}

/** A throw-away database on the local PostgreSQL, created per test file and dropped after it. */
export const postgresBackend: Backend = {
  name: 'PostgreSQL',
  available: postgresAvailable,
  async open() {
    const name = `kadr_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const database = await createDatabase({ databaseUrl: url.toString(), dataDir: '' }, { poolSize: 20 });
    await migrateDatabase(database);
    return {
      database,
      url: url.toString(),
      async dispose() {
        await database.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  },
};

/** Both engines; suites loop over them and skip the unavailable one. */
export const backends: readonly Backend[] = [pgliteBackend, postgresBackend];

/** A clock tests move by hand. Starts at a round hour so fixed rate-limit windows do not split a test. */
export class FakeClock implements Clock {
  private ms = Date.parse('2030-01-15T10:00:00Z');

  now(): Date {
    return new Date(this.ms);
  }

  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

/** A JSON answer of the api. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** The envelope as tests read it. */
export interface Envelope<R = Record<string, unknown>> {
  code: number;
  success: boolean;
  response: R;
}

/** Tokens as the auth calls answer them. */
export interface Tokens {
  access_token: string;
  refresh_token: string;
  profile_id: number;
  expires_in: number;
  token_type: string;
}

/** What a test may change of the client listeningClient builds. */
export interface ClientOptions {
  /** The client's fetch (e.g. one that loses an answer, to see the client's retry). */
  fetch?: typeof fetch;
}

/**
 * Makes `app` listen on a free loopback port and returns @kadr/api-client over it (SPEC headers,
 * envelope, no retry waits) with its token store and the base URL: the integration tests drive the server as the web does.
 */
export async function listeningClient(app: FastifyInstance, deviceUid: string, options: ClientOptions = {}) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const tokens = createMemoryTokenStore();
  const client = createApiClient({
    baseUrl,
    tokens,
    deviceUid: () => deviceUid,
    mode: 'development',
    sleep: async () => {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return { client, tokens, baseUrl };
}

/** {@link listeningClient} with the device's anonymous session already stored. */
export async function anonymousClient(app: FastifyInstance, deviceUid: string, options: ClientOptions = {}) {
  const listening = await listeningClient(app, deviceUid, options);
  const { client, tokens } = listening;
  tokens.setTokens(await client.call('anonymousAuth', { params: { device_uid: deviceUid } }));
  return listening;
}

/** A built app plus helpers that speak the contract. */
export interface TestApi {
  app: FastifyInstance;
  database: Database;
  clock: FakeClock;
  /** POST/GET with optional JSON body, bearer token and client address. */
  call<R = Record<string, unknown>>(
    method: 'GET' | 'POST',
    url: string,
    options?: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> },
  ): Promise<Answer<Envelope<R>>>;
  /** GET /web/1/auth/{device_uid}. */
  anonymous(deviceUid?: string): Promise<Tokens>;
  /** sendAuth for a phone with the given session. */
  sendAuth(phone: string, token: string, ip?: string): Promise<Answer<Envelope>>;
  /** The code of the newest sandbox SMS to a phone. */
  lastCode(phone: string): Promise<string>;
  /** authApp with the SMS code. */
  authApp(
    phone: string,
    code: string,
    token?: string,
    extra?: Record<string, unknown>,
    ip?: string,
  ): Promise<Answer<Envelope>>;
  /** The whole SMS sign-in from an anonymous session; returns the phone session's tokens. */
  signIn(phone: string, deviceUid?: string): Promise<Tokens>;
}

/** The partner-account key of test apps (32 bytes, base64): fixed, so tests can seal rows themselves. */
export const TEST_PARTNER_KEY = Buffer.alloc(32, 7).toString('base64');

/** Settings every test app gets: silent logs, a fixed secret, no web build, no machine environment. */
export function testEnv(overrides: EnvSource = {}) {
  return loadEnv(
    {
      TOKEN_SECRET: 'test-secret-test-secret-test-secret-0123',
      PARTNER_ACCOUNTS_KEY: TEST_PARTNER_KEY,
      LOG_LEVEL: 'silent',
      DATA_DIR: join(tmpdir(), 'kadr-api-test-unused'),
      WEB_DIST: join(tmpdir(), 'kadr-api-test-no-web'),
      ...overrides,
    },
    {},
    false,
  );
}

const TABLES = [
  'sandbox_yookassa_notifications',
  'sandbox_yookassa_receipts',
  'sandbox_yookassa_payments',
  'sandbox_yookassa_payment_methods',
  'sandbox_yookassa_idempotence',
  'sandbox_push',
  'sandbox_sms',
  'rate_limit_counters',
  'sign_in_attempts',
  'sign_in_links',
  'partner_accounts',
  'refresh_tokens',
  'sessions',
  'devices',
  'profiles',
];

/**
 * Registers the hooks of a suite on one backend: one database per suite, emptied before each test,
 * apps closed after each. Call `setup()` in a test for a fresh app on that database.
 */
export function useApi(backend: Backend) {
  let opened: Awaited<ReturnType<Backend['open']>> | undefined;
  const apps: FastifyInstance[] = [];
  const temps: string[] = [];

  beforeAll(async () => {
    if (backend.available) opened = await backend.open();
  });
  afterAll(async () => {
    await opened?.dispose();
  });
  beforeEach(async () => {
    await opened?.database.db.execute(sql.raw(`truncate ${TABLES.join(', ')} restart identity cascade`));
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  return {
    /** The suite's database (after beforeAll). */
    get database(): Database {
      if (!opened) throw new Error(`${backend.name} is not available`);
      return opened.database;
    },
    /** The suite's PostgreSQL URL, for tests that open more pools ("instances"); undefined on PGlite. */
    get databaseUrl(): string | undefined {
      return opened?.url;
    },
    /** A temporary folder removed after the test. */
    tempDir(): string {
      const dir = mkdtempSync(join(tmpdir(), 'kadr-api-'));
      temps.push(dir);
      return dir;
    },
    async setup(
      env: EnvSource = {},
      options: Partial<Omit<BuildAppOptions, 'env' | 'db'>> = {},
    ): Promise<TestApi> {
      const database = this.database;
      const clock = (options.clock as FakeClock | undefined) ?? new FakeClock();
      const app = await buildApp({ env: testEnv(env), db: database, clock, ...options });
      apps.push(app);
      return testApi(app, database, clock);
    },
  };
}

function testApi(app: FastifyInstance, database: Database, clock: FakeClock): TestApi {
  const call: TestApi['call'] = async (method, url, options = {}) => {
    const request: InjectOptions = {
      method,
      url,
      remoteAddress: options.ip ?? '10.0.0.1',
      headers: { ...options.headers },
    };
    if (options.token) request.headers = { ...request.headers, authorization: `Bearer ${options.token}` };
    if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
    const res = await app.inject(request);
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  const api: TestApi = {
    app,
    database,
    clock,
    call,
    async anonymous(deviceUid = `web_${randomBytes(8).toString('hex')}`) {
      const res = await call<Tokens>('GET', `/web/1/auth/${deviceUid}`);
      if (res.status !== 200) throw new Error(`anonymousAuth failed: ${JSON.stringify(res.body)}`);
      return res.body.response;
    },
    sendAuth: (phone, token, ip) =>
      call('POST', '/v1/agregator/sendAuth', { body: sendAuthBody(phone), token, ip }),
    async lastCode(phone) {
      const res = await app.inject({ method: 'GET', url: smsOutboxPath(phone) });
      const code = latestCode(res.json());
      if (!code) throw new Error(`no SMS for ${phone}`);
      return code;
    },
    authApp: (phone, code, token, extra = {}, ip) =>
      call('POST', '/v1/agregator/authApp', { token, ip, body: { ...authAppBody(phone, code), ...extra } }),
    async signIn(phone, deviceUid) {
      const anon = await api.anonymous(deviceUid);
      const sent = await api.sendAuth(phone, anon.access_token);
      if (sent.status !== 200) throw new Error(`sendAuth failed: ${JSON.stringify(sent.body)}`);
      const res = await api.authApp(phone, await api.lastCode(phone), anon.access_token);
      if (res.status !== 200) throw new Error(`authApp failed: ${JSON.stringify(res.body)}`);
      return res.body.response as unknown as Tokens;
    },
  };
  return api;
}
