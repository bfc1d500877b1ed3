// Watch-progress reports (saveWatchProgress, docs/decisions/055) from many simulated viewers on
// PostgreSQL, each reporting every 10 s — an open-loop rate of viewers / 10 reports a second — with the
// acknowledged latency (issue 25's goal: p99 ≤ 50 ms) and writes a second, beside a bare upsert of the
// same rows (one INSERT … ON CONFLICT DO UPDATE over a pg pool, no HTTP, no checks) in the same run.
// Run after `pnpm --filter @kadr/api run build`:
//   node bench/viewing-progress.ts   (BENCH_VIEWERS=n viewers, 10 000 by default; BENCH_DURATION=s, 20)
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { freshPostgres } from '../e2e/support/postgres.ts';
import { startService } from '../e2e/support/service.ts';
import { cpuOf } from './lib/cpu-time.ts';
import { quantile, table, writeSection } from './lib/report.ts';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 10_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const REPORT_EVERY_S = 10;
const RATE = Math.round(VIEWERS / REPORT_EVERY_S);
const CONNECTIONS = 100;
const GOAL_P99_MS = 50;
const LOAD_BEFORE = loadavg()[0]?.toFixed(1);

interface Viewer {
  token: string;
  profileId: number;
  playback: string;
  seq: number;
  position: number;
}

interface Row {
  name: string;
  sent: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  cpuUs: string;
}

/** The viewers' anonymous sessions, made through the api (its new-visit limits raised for the bench). */
async function viewersOf(baseUrl: string): Promise<Viewer[]> {
  const viewers: Viewer[] = [];
  for (let start = 0; start < VIEWERS; start += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, VIEWERS - start) }, async (_, i) => {
        const uid = `web_VIEW${String(start + i).padStart(12, '0')}`;
        const res = await fetch(`${baseUrl}/web/1/auth/${uid}`);
        const { response } = (await res.json()) as { response: { access_token: string; profile_id: number } };
        return { token: response.access_token, profileId: response.profile_id };
      }),
    );
    for (const { token, profileId } of batch)
      viewers.push({ token, profileId, playback: randomUUID(), seq: 0, position: 60 });
  }
  return viewers;
}

/**
 * Open-loop load: RATE reports a second, each the next viewer's next report of the film — or, as the
 * reference (`profileOnly`), the same viewers' getProfile at the same rate: HTTP, the session check
 * (every viewer's token comes back after 10 s, past SESSION_CACHE_TTL's 5 s on PostgreSQL) and the
 * envelope, without the report's work.
 */
async function reports(
  baseUrl: string,
  pid: number,
  viewers: Viewer[],
  film: number,
  profileOnly = false,
): Promise<Row> {
  let next = 0;
  const cpuBefore = cpuOf(pid).self;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    overallRate: RATE,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        path: profileOnly ? '/v1/agregator/getProfile' : '/v1/agregator/saveWatchProgress',
        setupRequest: (request) => {
          const viewer = viewers[next++ % viewers.length]!;
          if (profileOnly)
            return {
              ...request,
              headers: { authorization: `Bearer ${viewer.token}`, 'content-type': 'application/json' },
              body: '{}',
            };
          viewer.seq += 1;
          viewer.position = Math.min(5000, viewer.position + REPORT_EVERY_S);
          return {
            ...request,
            headers: { authorization: `Bearer ${viewer.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              EK_id: film,
              position: viewer.position,
              duration: 5000,
              playback_id: viewer.playback,
              seq: viewer.seq,
            }),
          };
        },
      },
    ],
  });
  const cpuS = cpuOf(pid).self - cpuBefore;
  return {
    name: profileOnly
      ? 'reference: getProfile of the same viewers at the same rate (HTTP, session check, envelope)'
      : 'saveWatchProgress through the api (HTTP, session, checks, one upsert)',
    sent: result.requests.total,
    perSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuUs: String(Math.round((cpuS * 1e6) / Math.max(1, result.requests.total))),
  };
}

/** The floor: the same rows upserted at the same rate straight over a pool, no HTTP and no checks. */
async function bareUpserts(url: string, viewers: Viewer[], film: number): Promise<Row> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const total = RATE * DURATION_S;
  const inFlight = new Set<Promise<void>>();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const viewer = viewers[i % viewers.length]!;
    viewer.seq += 1;
    const sentAt = performance.now();
    const done = pool
      .query(
        `insert into viewing_progress as v (profile_id, item, kind, content_id, position, duration, watched,
           playback_id, seq, updated_at)
         values ($1, $2, 'film', $3, $4, 5000, false, $5, $6, now())
         on conflict (profile_id, item) do update set position = excluded.position, seq = excluded.seq,
           updated_at = excluded.updated_at`,
        [viewer.profileId, `f${film}`, film, Math.min(5000, viewer.position), viewer.playback, viewer.seq],
      )
      .then(
        () => {
          latencies.push(performance.now() - sentAt);
        },
        () => {
          errors += 1;
        },
      )
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    name: 'bare upsert of the same rows (pg pool of 10, no HTTP)',
    sent: total,
    perSecond: Math.round(latencies.length / seconds),
    p50: round(quantile(latencies, 0.5)),
    p99: round(quantile(latencies, 0.99)),
    max: round(Math.max(...latencies)),
    errors,
    cpuUs: '—',
  };
}

const postgres = await freshPostgres('kadr_bench_viewing');
if (!postgres) {
  console.log('PostgreSQL is not reachable: nothing measured');
  process.exit(0);
}
const rows: Row[] = [];
try {
  const service = await startService({
    DATABASE_URL: postgres.url,
    LOG_LEVEL: 'error',
    RATE_LIMIT_ANONYMOUS_IP_HOUR: '1000000',
    RATE_LIMIT_ANONYMOUS_SUBNET_HOUR: '1000000',
    RATE_LIMIT_ANONYMOUS_HOUR: '1000000',
  });
  try {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const { rows: films } = await client.query(
      `select id from contents where type = 'film' and vendor_id is not null and (duration is null or duration >= 5000) order by id limit 1`,
    );
    await client.end();
    const film = films[0]?.id as number;
    const viewers = await viewersOf(service.baseUrl);
    // Warm-up: every viewer's row exists, so the measured run is updates, as a film's second minute on.
    const warm = await reports(service.baseUrl, service.pid, viewers, film);
    console.log(`warm-up: ${warm.sent} reports, p99 ${warm.p99} ms`);
    rows.push(await reports(service.baseUrl, service.pid, viewers, film));
    rows.push(await reports(service.baseUrl, service.pid, viewers, film, true));
    rows.push(await bareUpserts(postgres.url, viewers, film));
  } finally {
    await service.stop();
  }
} finally {
  await postgres.drop();
}

const verdict = (rows[0]?.p99 ?? Number.POSITIVE_INFINITY) <= GOAL_P99_MS ? 'met' : 'NOT met';
const body = [
  `Load average (1 min) of the shared machine: ${LOAD_BEFORE} before the run, ${loadavg()[0]?.toFixed(1)} after.`,
  '',
  `${VIEWERS} viewers reporting every ${REPORT_EVERY_S} s: ${RATE} reports/s open-loop for ${DURATION_S} s after a warm-up run of as long (every row then exists), autocannon with ${CONNECTIONS} connections; one api instance on PostgreSQL, server, database and load generator on the same 2 cores.`,
  '',
  table(
    ['what', 'sent', 'acknowledged/s', 'p50 ms', 'p99 ms', 'max ms', 'errors', 'server CPU µs/report'],
    rows.map((r) => [r.name, r.sent, r.perSecond, r.p50, r.p99, r.max, r.errors, r.cpuUs]),
  ),
  '',
  `Goal: acknowledged p99 ≤ ${GOAL_P99_MS} ms — ${verdict}. A saved report is one statement (the conditional upsert fed by its catalogue row); the bare row is the same rows' plain upsert, the floor of writing them.`,
].join('\n');
writeSection('viewing-progress', 'Watch-progress reports (bench/viewing-progress.ts)', body);
console.log(body);
