// searchHint latency at 50 concurrent connections over a rotating list of realistic queries (prefixes,
// whole titles, typos, wrong keyboard layout, transliteration, misses), on the demo catalogue and on a
// generated 100 000-title catalogue, with GET /web/1/collections?tab_id=Main2 measured alone and while
// the search load runs; beside a bare Fastify route measured in the same run (goal: search p99 < 50 ms).
// The bench process (autocannon) and each server run on cores of their own (bench/lib/cores.ts).
// Run after `pnpm build`: node bench/search.ts   (BENCH_DURATION=s, BENCH_SEARCH_TITLES=n,
// BENCH_SEARCH_PGLITE_LARGE=1 also loads the large catalogue into PGlite, BENCH_PIN=0 leaves the
// processes to the scheduler and writes its own section)
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freshPostgres } from '../e2e/support/postgres.ts';
import { type RunningService, startService } from '../e2e/support/service.ts';
import { withBareServer } from './lib/bare.ts';
import { GENERATOR_CORE, pinningWanted, pinProcess, SERVER_CORE } from './lib/cores.ts';
import { type Execute, generateCatalogue, queriesFrom } from './lib/generate-catalogue.ts';
import { table, writeSection } from './lib/report.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
/** Connections of the collections load running beside the search load. */
const COLLECTION_CONNECTIONS = 5;
const LARGE = Number(process.env.BENCH_SEARCH_TITLES ?? 100_000);
const PGLITE_LARGE = process.env.BENCH_SEARCH_PGLITE_LARGE === '1';
const GOAL_P99_MS = 50;
/**
 * The service builds its in-process search index off the request path after its first search (and
 * after every catalogue change), answering from the database meanwhile: the rows wait for it, so they
 * measure the steady state (the build takes well under a second on 100 000 titles; see
 * docs/decisions/003-catalogue-and-search.md).
 */
const INDEX_BUILD_WAIT_MS = Number(process.env.BENCH_INDEX_WAIT_MS ?? 5000);
/** Tabs measured alone at 50 connections: home, TV and the search page's recommendations. */
const TABS = ['Main2', 'tv_channels_tab', 'search'];
/** Distinct queries sent before the measured cold row (their own, never measured). */
const COLD_WARM_UP = 10_000;
/**
 * Titles sampled for the query lists: the first 300 give the rotating list, the rest the distinct one.
 * 60 000 titles give some 60 000 distinct queries (the generated titles repeat word combinations),
 * 50 000 after the warm-up: room for 10 s at 5 000 cold searches per second, so no query of the cold
 * row repeats (a repeat is answered from the cache and would flatter the row; the notes say if one did).
 */
const SAMPLED_TITLES = 60_000;
const PINNED = pinningWanted();

/** Moves a server just started (on the bench's core, which children inherit) to the server core. */
function serverCore(pid: number): void {
  if (PINNED) pinProcess(pid, SERVER_CORE);
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function figures(name: string, result: autocannon.Result): Figures {
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function bare(): Promise<Figures> {
  return withBareServer(async (url, pid) => {
    serverCore(pid);
    await autocannon({ url, connections: CONNECTIONS, duration: 2 });
    return figures(
      'bare Fastify route (baseline)',
      await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S }),
    );
  });
}

async function tokenOf(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/web/1/auth/web_BENCHsearch00001`);
  const { response } = (await res.json()) as { response: { access_token: string } };
  return response.access_token;
}

async function demoTitles(baseUrl: string, token: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}/web/1/collections?tab_id=Main2`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as {
    response: { collections: Array<{ EKs: Array<{ EK_title: string }> }> };
  };
  return [...new Set(body.response.collections.flatMap((c) => c.EKs.map((ek) => ek.EK_title)))];
}

async function probe(baseUrl: string, token: string): Promise<void> {
  const res = await fetch(`${baseUrl}/v2/agregator/searchHint`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ search_query: 'тих' }),
  });
  if (res.status !== 200) {
    throw new Error(`searchHint answered ${res.status}: is searchRoutes registered in apps/api/src/app.ts?`);
  }
}

/**
 * searchHint over `queries` (a rotating list: repeats are answered from the service's cache, as
 * viewers typing the same prefixes are) with the collections load beside it, and over `coldQueries`
 * when given (every query distinct: each one a cache miss); the collections route alone for reference.
 */
async function measure(
  label: string,
  service: RunningService,
  queries: readonly string[],
  coldQueries?: readonly string[],
): Promise<Figures[]> {
  const token = await tokenOf(service.baseUrl);
  await probe(service.baseUrl, token);
  await sleep(INDEX_BUILD_WAIT_MS);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const searchOptions = (list: readonly string[], duration: number): autocannon.Options => {
    let next = 0;
    return {
      url: `${service.baseUrl}/v2/agregator/searchHint`,
      method: 'POST',
      connections: CONNECTIONS,
      duration,
      headers,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ search_query: list[next++ % list.length] }),
          }),
        },
      ],
    };
  };
  const tabOptions = (tab: string, connections: number): autocannon.Options => ({
    url: `${service.baseUrl}/web/1/collections?tab_id=${tab}`,
    connections,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${token}` },
  });
  const collectionsOptions = tabOptions('Main2', COLLECTION_CONNECTIONS);
  const rows: Figures[] = [];
  if (coldQueries) {
    // Warm-up on distinct queries of their own (never measured, never repeated below): a service
    // that has answered searches before, as in use, not the JIT's first seconds on this code.
    const warm = coldQueries.slice(0, COLD_WARM_UP);
    const measured = coldQueries.slice(COLD_WARM_UP);
    await autocannon({ ...searchOptions(warm, 1), amount: warm.length });
    const cold = await autocannon(searchOptions(measured, DURATION_S));
    const sent = cold.requests.total;
    rows.push(figures(`searchHint, ${measured.length} distinct queries (cache misses), ${label}`, cold));
    if (sent > measured.length) notes.push(`${label}: the distinct list ran out (${sent} requests).`);
  }
  // Warm-up: every rotating query once (viewers typed them before), so the rotating row measures
  // repeats; the distinct row above measures cold searches.
  await autocannon({ ...searchOptions(queries, 1), amount: queries.length });
  const alone = await autocannon(collectionsOptions);
  // Every tab the home page and the search page load, alone at the search load's concurrency.
  const tabs: Figures[] = [];
  for (const tab of TABS) {
    tabs.push(
      figures(
        `collections ${tab} alone (${CONNECTIONS} conn.), ${label}`,
        await autocannon(tabOptions(tab, CONNECTIONS)),
      ),
    );
  }
  const [search, collections] = await Promise.all([
    autocannon(searchOptions(queries, DURATION_S)),
    autocannon(collectionsOptions),
  ]);
  return [
    figures(`searchHint, ${queries.length} rotating queries, ${label}`, search),
    ...rows,
    figures(`collections Main2 under search load, ${label}`, collections),
    figures(`collections Main2 alone (${COLLECTION_CONNECTIONS} conn.), ${label}`, alone),
    ...tabs,
  ];
}

/** The queries without repeats (the service caches answers by query). */
function distinct(queries: readonly string[]): string[] {
  return [...new Set(queries.map((q) => q.trim().toLowerCase()))];
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, Math.round((performance.now() - start) / 100) / 10];
}

const notes: string[] = [];

async function demo(label: string, env: Record<string, string>): Promise<Figures[]> {
  const service = await startService({ ...env, LOG_LEVEL: 'error' });
  serverCore(service.pid);
  try {
    const titles = await demoTitles(service.baseUrl, await tokenOf(service.baseUrl));
    notes.push(`Demo catalogue (${label}): ${titles.length} titles in Main2 give the queries.`);
    return await measure(`demo catalogue, ${label}`, service, queriesFrom(titles));
  } finally {
    await service.stop();
  }
}

// 300 titles give the rotating list; the other SAMPLED_TITLES - 300 the distinct list.
async function largePostgres(url: string): Promise<Figures[]> {
  // The service migrates the empty database and imports the demo catalogue; the titles go in beside it.
  const first = await startService({ DATABASE_URL: url, LOG_LEVEL: 'error' });
  serverCore(first.pid);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const execute: Execute = (text, params) => client.query(text, params);
    const [, seconds] = await timed(() => generateCatalogue(execute, { titles: LARGE }));
    notes.push(
      `Generated ${LARGE.toLocaleString('en')} titles + 300 channels into PostgreSQL in ${seconds} s.`,
    );
    // As a database in use would be: the bulk insert's statistics gathered and its autovacuum done
    // before the measured rows, not running beside them on the same cores.
    await client.query('VACUUM ANALYZE');
    const { rows } = await client.query<{ title: string }>(
      "select title from contents where key like 'bench-%' order by md5(key) limit $1",
      [SAMPLED_TITLES],
    );
    const titles = rows.map((r) => r.title);
    return await measure(
      `${LARGE.toLocaleString('en')} titles, PostgreSQL`,
      first,
      queriesFrom(titles.slice(0, 300)),
      distinct(queriesFrom(titles.slice(300))),
    );
  } finally {
    await client.end();
    await first.stop();
  }
}

interface PGliteLike {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

/** PGlite comes from the api's dependencies (the bench package does not depend on it). */
async function openPGlite(dataDir: string): Promise<PGliteLike> {
  const require = createRequire(join(import.meta.dirname, '..', 'apps', 'api', 'package.json'));
  const load = (id: string) => import(pathToFileURL(require.resolve(id)).href);
  const { PGlite } = (await load('@electric-sql/pglite')) as {
    PGlite: new (dir: string, options: unknown) => PGliteLike & { waitReady: Promise<void> };
  };
  const { pg_trgm } = (await load('@electric-sql/pglite/contrib/pg_trgm')) as { pg_trgm: unknown };
  const db = new PGlite(dataDir, { extensions: { pg_trgm } });
  await db.waitReady;
  return db;
}

async function largePGlite(): Promise<Figures[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kadr-bench-search-'));
  try {
    // First start: migrations and the demo catalogue; then the titles go in while the service is down.
    await (await startService({ DATA_DIR: dataDir, LOG_LEVEL: 'error' })).stop();
    const db = await openPGlite(join(dataDir, 'db'));
    let titles: string[];
    try {
      const [, seconds] = await timed(() =>
        generateCatalogue((text, params) => db.query(text, params), { titles: LARGE }),
      );
      notes.push(`Generated ${LARGE.toLocaleString('en')} titles into PGlite in ${seconds} s.`);
      const { rows } = await db.query(
        "select title from contents where key like 'bench-%' order by md5(key) limit $1",
        [SAMPLED_TITLES],
      );
      titles = (rows as Array<{ title: string }>).map((r) => r.title);
    } finally {
      await db.close();
    }
    const service = await startService({ DATA_DIR: dataDir, LOG_LEVEL: 'error' });
    serverCore(service.pid);
    try {
      return await measure(
        `${LARGE.toLocaleString('en')} titles, PGlite`,
        service,
        queriesFrom(titles.slice(0, 300)),
        distinct(queriesFrom(titles.slice(300))),
      );
    } finally {
      await service.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (PINNED) pinProcess(process.pid, GENERATOR_CORE);
const loadBefore = loadavg();
const baseline = await bare();
const rows: Figures[] = [baseline, ...(await demo('PGlite', {}))];
const demoDb = await freshPostgres('kadr_bench_search');
if (demoDb) {
  try {
    rows.push(...(await demo('PostgreSQL', { DATABASE_URL: demoDb.url })));
  } finally {
    await demoDb.drop();
  }
  const largeDb = await freshPostgres('kadr_bench_search');
  if (largeDb) {
    try {
      rows.push(...(await largePostgres(largeDb.url)));
    } finally {
      await largeDb.drop();
    }
  }
} else {
  notes.push('PostgreSQL was not reachable: the large catalogue ran on PGlite only.');
}
if (PGLITE_LARGE || !demoDb) rows.push(...(await largePGlite()));

const loadAfter = loadavg();
const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
notes.push(
  `Load average (1 / 5 / 15 min) at the start ${load(loadBefore)}, at the end ${load(loadAfter)} (2 cores shared with other jobs).`,
);
const searchRows = rows.filter((r) => r.name.startsWith('searchHint,'));
const body = [
  `autocannon, ${CONNECTIONS} connections on searchHint (with ${COLLECTION_CONNECTIONS} on GET /web/1/collections?tab_id=Main2 at the same time for the rotating rows), ${DURATION_S} s per row; ${PINNED ? `the load generator (this process) pinned to core ${GENERATOR_CORE}, each server (the baseline too) to core ${SERVER_CORE} (bench/lib/cores.ts)` : 'server and load generator left to the scheduler on the same 2 cores (BENCH_PIN=0)'}. Queries come from catalogue titles: 3–6 letter prefixes, whole titles, a typo (two letters swapped), the wrong keyboard layout, transliteration, a few misses. Rotating lists are sent once before their row (a warm-up) and repeat, so their rows measure answers from the service's answer cache (kept until the catalogue version changes, 10 min at most); distinct lists never repeat (every request a cold search) and are measured after ${COLD_WARM_UP.toLocaleString('en')} other distinct queries (a warm-up: a service that has answered searches before, not the JIT's first seconds). Each service is given ${INDEX_BUILD_WAIT_MS / 1000} s after its first search to build its in-process search index (searches answer from the database until then). The tab rows measure GET /web/1/collections alone at 50 connections for the home tab, the TV tab and the search page's recommendations.`,
  '',
  table(
    ['route', 'requests/s', 'p50 ms', 'p99 ms', 'errors'],
    rows.map((r) => [r.name, r.rps, r.p50, r.p99, r.errors]),
  ),
  '',
  ...notes.map((n) => `- ${n}`),
  '',
  `Goal: searchHint p99 < ${GOAL_P99_MS} ms — ${searchRows.every((r) => r.p99 < GOAL_P99_MS) ? 'met' : 'not met'} (${searchRows.map((r) => `${r.p99} ms`).join(', ')}).`,
].join('\n');
if (PINNED) writeSection('search', 'Search latency (bench/search.ts)', body);
else
  writeSection(
    'search-unpinned',
    'Search latency, processes not pinned (BENCH_PIN=0 node bench/search.ts)',
    body,
  );
console.log(body);
