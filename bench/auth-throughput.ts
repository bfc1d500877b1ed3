// Requests per second and p99 latency of anonymous auth and getProfile, beside a bare Fastify route
// measured in the same run on the same machine (goal: auth routes ≥ 50 % of the bare route).
// Run after `pnpm build`: node bench/auth-throughput.ts
import autocannon from 'autocannon';
import { startService } from '../e2e/support/service.ts';
import { withBareServer } from './lib/bare.ts';
import { freshPostgres } from './lib/postgres.ts';
import { table, writeSection } from './lib/report.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Anonymous auth rotates over this many devices: one device rarely signs up thousands of times a second. */
const DEVICES = 1000;
const DEVICE_UIDS = Array.from({ length: DEVICES }, (_, i) => `web_BENCH${String(i).padStart(11, '0')}`);

/** Anonymous auth requests, each for the next device uid in turn. */
function anonymousRequests(baseUrl: string): autocannon.Options {
  let next = 0;
  return {
    url: baseUrl,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path: `/web/1/auth/${DEVICE_UIDS[next++ % DEVICES]}`,
        }),
      },
    ],
  };
}

async function load(name: string, options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
  };
}

/** The bare route's URL for the whole run (its server idles while a service route is measured). */
type Bare = { url: string; rows: Figures[] };

/** Measures the bare route once more; every service route is measured between two such runs. */
async function bareRun(bare: Bare): Promise<Figures> {
  const figures = await load(`bare Fastify route (baseline ${bare.rows.length + 1})`, { url: bare.url });
  bare.rows.push(figures);
  return figures;
}

/** A service route's figures, with the share of the mean of the two bare runs around it. */
interface Bracketed extends Figures {
  share: number;
}

async function bracketed(
  bare: Bare,
  measure: () => Promise<Figures>,
  before: Figures,
): Promise<[Bracketed, Figures]> {
  const route = await measure();
  const after = await bareRun(bare);
  return [{ ...route, share: route.rps / ((before.rps + after.rps) / 2) }, after];
}

async function kadr(bare: Bare, label: string, env: Record<string, string>, before: Figures) {
  // The production default: at `info` a request is logged only when it fails or is slow (decision 9).
  const service = await startService({ ...env, LOG_LEVEL: 'info' });
  try {
    const first = await fetch(`${service.baseUrl}/web/1/auth/${DEVICE_UIDS[0]}`);
    const { response } = (await first.json()) as { response: { access_token: string } };
    const headers = { authorization: `Bearer ${response.access_token}`, 'content-type': 'application/json' };
    // The warm-up also makes every device known, so the measured run is repeat visits.
    await load('warm-up', { ...anonymousRequests(service.baseUrl), duration: 2 });
    const [anonymous, middle] = await bracketed(
      bare,
      () => load(`anonymous auth, ${label}`, anonymousRequests(service.baseUrl)),
      before,
    );
    const [profile, last] = await bracketed(
      bare,
      () =>
        load(`getProfile, ${label}`, {
          url: `${service.baseUrl}/v1/agregator/getProfile`,
          method: 'POST',
          headers,
          body: '{}',
        }),
      middle,
    );
    return { rows: [anonymous, profile], last };
  } finally {
    await service.stop();
  }
}

// The machine is shared and its speed drifts within a minute, so every service route is measured
// between two runs of the bare route and compared with their mean: a drift shows as a spread between
// neighbouring baseline rows instead of skewing the share.
const rows: Bracketed[] = [];
const bare: Bare = { url: '', rows: [] };
await withBareServer(async (url) => {
  bare.url = url;
  await load('warm-up', { url, duration: 2 });
  let before = await bareRun(bare);
  const pglite = await kadr(bare, 'PGlite', {}, before);
  rows.push(...pglite.rows);
  before = pglite.last;
  const postgres = await freshPostgres('kadr_bench');
  if (postgres) {
    try {
      rows.push(...(await kadr(bare, 'PostgreSQL', { DATABASE_URL: postgres.url }, before)).rows);
    } finally {
      await postgres.drop();
    }
  }
});

const percent = (share: number) => `${Math.round(share * 100)} %`;
const body = [
  `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per route, server and load generator on the same 2 cores.`,
  `Anonymous auth rotates over ${DEVICES} device uids (all known after the warm-up); getProfile repeats one token.`,
  '',
  table(
    ['route', 'requests/s', 'p50 ms', 'p99 ms', 'errors', '% of the bare route'],
    [
      ...rows.map((r) => [r.name, r.rps, r.p50, r.p99, r.errors, percent(r.share)]),
      ...bare.rows.map((r) => [r.name, r.rps, r.p50, r.p99, r.errors, '']),
    ],
  ),
  '',
  'Each service route is measured between two bare-route runs (baselines 1–5, in order); its share is of',
  'their mean. Goal: auth routes at least 50 % of the bare route.',
].join('\n');
writeSection('auth', 'Auth throughput (bench/auth-throughput.ts)', body);
console.log(body);
