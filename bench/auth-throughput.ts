// Requests per second and p99 latency of anonymous auth and getProfile, beside a bare Fastify route
// measured in the same run on the same machine (goal: auth routes ≥ 50 % of the bare route).
// Run after `pnpm build`: node bench/auth-throughput.ts
import autocannon from 'autocannon';
import { freshPostgres } from '../e2e/support/postgres.ts';
import { startService } from '../e2e/support/service.ts';
import { withBareServer } from './lib/bare.ts';
import { cpuOf } from './lib/cpu-time.ts';
import { quantile, table, writeSection } from './lib/report.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
/** Rounds per service route: this shared machine's speed drifts, so one run can mislead. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server's CPU time (user + system) per answered request, µs. */
  cpuUs: number;
}

/** Anonymous auth rotates over this many devices: one device rarely signs up thousands of times a second. */
const DEVICES = 1000;
const DEVICE_UIDS = Array.from({ length: DEVICES }, (_, i) => `web_BENCH${String(i).padStart(11, '0')}`);

/**
 * Requests for `base` + the next device uid in turn: anonymous auth's load, and the matching baseline's
 * on the bare route. autocannon builds each such request anew (on the same 2 cores as the server), so
 * anonymous auth is compared with a bare route loaded the same way, not with one whose request is
 * built once.
 */
function rotatingRequests(url: string, base: string): autocannon.Options {
  let next = 0;
  return {
    url,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: `${base}${DEVICE_UIDS[next++ % DEVICES]}` }),
      },
    ],
  };
}

const anonymousRequests = (baseUrl: string) => rotatingRequests(baseUrl, '/web/1/auth/');

/** Loads the server (process `pid`) for DURATION_S and reads its throughput, latency and CPU cost. */
async function load(name: string, pid: number, options: autocannon.Options): Promise<Figures> {
  const cpuBefore = cpuOf(pid).self;
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
  const cpuS = cpuOf(pid).self - cpuBefore;
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    cpuUs: Math.round((cpuS * 1e6) / Math.max(1, result.requests.total)),
  };
}

/** The bare server for the whole run (it idles while a service route is measured) and its runs. */
type Bare = { origin: string; pid: number; runs: Map<BareLoad, Figures[]> };
/** How a bare run is loaded: one path built once, or anonymous auth's rotating paths. */
type BareLoad = 'fixed path' | 'rotating paths';

/** Measures the bare route once more, loaded the given way. */
async function bareRun(bare: Bare, how: BareLoad): Promise<Figures> {
  const options =
    how === 'fixed path' ? { url: `${bare.origin}/bare` } : rotatingRequests(bare.origin, '/bare/');
  const figures = await load(`bare Fastify route, ${how}`, bare.pid, options);
  bare.runs.set(how, [...(bare.runs.get(how) ?? []), figures]);
  return figures;
}

/** One run of a service route, with its share of the mean of the two bare runs around it. */
interface Bracketed extends Figures {
  share: number;
  /** Its share of the fixed-path bare runs measured in the same round. */
  fixedShare: number;
}

/** Measures a route between two bare runs loaded the same way as the route; answers that mean too. */
async function bracketed(bare: Bare, how: BareLoad, measure: () => Promise<Figures>) {
  const before = await bareRun(bare, how);
  const route = await measure();
  const after = await bareRun(bare, how);
  const mean = (before.rps + after.rps) / 2;
  return { route, mean };
}

const median = (values: number[]) => quantile(values, 0.5);

/** A route's row: the run with the median share, and the spread of the shares over the rounds. */
function summary(runs: Bracketed[]) {
  const sorted = [...runs].sort((x, y) => x.share - y.share);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return {
    ...middle,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    shares: sorted.map((run) => run.share),
    fixedShare: median(runs.map((run) => run.fixedShare)),
  };
}

async function kadr(bare: Bare, label: string, env: Record<string, string>) {
  // The production default: at `info` a request is logged only when it fails or is slow (decision 9).
  // The bench's one address stands for many viewers: its 1000 first sign-ups must not be limited as one client's.
  const service = await startService({
    ...env,
    LOG_LEVEL: 'info',
    RATE_LIMIT_ANONYMOUS_IP_HOUR: '1000000',
    RATE_LIMIT_ANONYMOUS_SUBNET_HOUR: '1000000',
    RATE_LIMIT_ANONYMOUS_HOUR: '1000000',
  });
  try {
    const first = await fetch(`${service.baseUrl}/web/1/auth/${DEVICE_UIDS[0]}`);
    const { response } = (await first.json()) as { response: { access_token: string } };
    const headers = { authorization: `Bearer ${response.access_token}`, 'content-type': 'application/json' };
    // The warm-up also makes every device known, so the measured runs are repeat visits.
    await load('warm-up', service.pid, { ...anonymousRequests(service.baseUrl), duration: 2 });
    const anonymousRuns: Bracketed[] = [];
    const profileRuns: Bracketed[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const anonymous = await bracketed(bare, 'rotating paths', () =>
        load(`anonymous auth, ${label}`, service.pid, anonymousRequests(service.baseUrl)),
      );
      const profile = await bracketed(bare, 'fixed path', () =>
        load(`getProfile, ${label}`, service.pid, {
          url: `${service.baseUrl}/v1/agregator/getProfile`,
          method: 'POST',
          headers,
          body: '{}',
        }),
      );
      anonymousRuns.push({
        ...anonymous.route,
        share: anonymous.route.rps / anonymous.mean,
        fixedShare: anonymous.route.rps / profile.mean,
      });
      const profileShare = profile.route.rps / profile.mean;
      profileRuns.push({ ...profile.route, share: profileShare, fixedShare: profileShare });
    }
    return [summary(anonymousRuns), summary(profileRuns)];
  } finally {
    await service.stop();
  }
}

// The machine is shared and its speed drifts within a minute, so every service route is measured
// between two runs of the bare route and compared with their mean, in several rounds: a drift shows as
// a spread of shares instead of skewing one.
const rows: ReturnType<typeof summary>[] = [];
const bare: Bare = { origin: '', pid: 0, runs: new Map() };
await withBareServer(async (url, pid) => {
  bare.origin = new URL(url).origin;
  bare.pid = pid;
  await load('warm-up', pid, { url, duration: 2 });
  await load('warm-up', pid, { ...rotatingRequests(bare.origin, '/bare/'), duration: 2 });
  rows.push(...(await kadr(bare, 'PGlite', {})));
  const postgres = await freshPostgres('kadr_bench');
  if (postgres) {
    try {
      rows.push(...(await kadr(bare, 'PostgreSQL', { DATABASE_URL: postgres.url })));
    } finally {
      await postgres.drop();
    }
  }
});

const percent = (share: number) => `${Math.round(share * 100)} %`;
const bareRows = [...bare.runs].map(([how, runs]) => {
  const rps = runs.map((run) => run.rps);
  return [
    `bare Fastify route, ${how} (${runs.length} runs)`,
    `${median(rps)} (${Math.min(...rps)}–${Math.max(...rps)})`,
    median(runs.map((run) => run.p50)),
    median(runs.map((run) => run.p99)),
    runs.reduce((sum, run) => sum + run.errors, 0),
    median(runs.map((run) => run.cpuUs)),
    '',
    '',
  ];
});
const body = [
  `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per run, ${ROUNDS} rounds, server and load generator on the same 2 cores.`,
  `Anonymous auth rotates over ${DEVICES} device uids (all known after the warm-up); getProfile repeats one token.`,
  '',
  table(
    [
      'route',
      'requests/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'server CPU µs/request',
      '% of the bare route: median (rounds)',
      '% of the fixed-path bare route',
    ],
    [
      ...rows.map((r) => [
        r.name,
        r.rps,
        r.p50,
        r.p99,
        r.errors,
        r.cpuUs,
        `**${percent(r.share)}** (${r.shares.map(percent).join(', ')})`,
        percent(r.fixedShare),
      ]),
      ...bareRows,
    ],
  ),
  '',
  'Each run of a service route is measured between two bare-route runs loaded the same way, and its',
  'share is of their mean: anonymous auth, whose every request has another path, between runs that',
  'rotate the bare route’s path over the same device uids (`/bare/:id`; autocannon then builds every',
  'request, on the cores the server uses); getProfile, one request repeated, between runs of `/bare`.',
  'A route’s row is its round with the median share (its requests/s, latency and CPU), the shares of',
  'every round in brackets. The last column compares with the fixed-path runs of the same round.',
  'Server CPU: user + system time of the server process per answered request. Bare rows: median',
  '(min–max) over all runs. Goal: auth routes at least 50 % of the bare route.',
].join('\n');
writeSection('auth', 'Auth throughput (bench/auth-throughput.ts)', body);
console.log(body);
