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

/** The bare route, warmed up, then measured like the service's routes. */
function bare(label: string): Promise<Figures> {
  return withBareServer(async (url) => {
    await load('warm-up', { url, duration: 2 });
    return load(label, { url });
  });
}

async function kadr(label: string, env: Record<string, string>): Promise<Figures[]> {
  const service = await startService({ ...env, LOG_LEVEL: 'error' });
  try {
    const first = await fetch(`${service.baseUrl}/web/1/auth/${DEVICE_UIDS[0]}`);
    const { response } = (await first.json()) as { response: { access_token: string } };
    const headers = { authorization: `Bearer ${response.access_token}`, 'content-type': 'application/json' };
    // The warm-up also makes every device known, so the measured run is repeat visits.
    await load('warm-up', { ...anonymousRequests(service.baseUrl), duration: 2 });
    const anonymous = await load(`anonymous auth, ${label}`, anonymousRequests(service.baseUrl));
    const profile = await load(`getProfile, ${label}`, {
      url: `${service.baseUrl}/v1/agregator/getProfile`,
      method: 'POST',
      headers,
      body: '{}',
    });
    return [anonymous, profile];
  } finally {
    await service.stop();
  }
}

// The baseline is measured before and after the service; their mean is the 100 %, and the spread
// between the two shows how steady the machine was during the run.
const before = await bare('bare Fastify route (baseline, before)');
const rows: Figures[] = [before, ...(await kadr('PGlite', {}))];
const postgres = await freshPostgres('kadr_bench');
if (postgres) {
  try {
    rows.push(...(await kadr('PostgreSQL', { DATABASE_URL: postgres.url })));
  } finally {
    await postgres.drop();
  }
}
const after = await bare('bare Fastify route (baseline, after)');
rows.push(after);
const baseline = { rps: (before.rps + after.rps) / 2 };

const body = [
  `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per route, server and load generator on the same 2 cores.`,
  `Anonymous auth rotates over ${DEVICES} device uids (all known after the warm-up); getProfile repeats one token.`,
  '',
  table(
    ['route', 'requests/s', 'p50 ms', 'p99 ms', 'errors', '% of baseline'],
    rows.map((r) => [r.name, r.rps, r.p50, r.p99, r.errors, `${Math.round((r.rps / baseline.rps) * 100)} %`]),
  ),
  '',
  'The 100 % is the mean of the two baseline rows. Goal: auth routes at least 50 % of the bare route.',
].join('\n');
writeSection('auth', 'Auth throughput (bench/auth-throughput.ts)', body);
console.log(body);
