// Recovery after a PostgreSQL restart and after a Redis restart under load (issue 12), beside a
// baseline of the same load with no restart, in the same run. The built service
// (apps/api/dist/server.js) on a PostgreSQL and a redis-server of the bench's own (a temp folder, free
// ports: the machine's shared ones are never touched), the demo catalogue, sandbox providers and the
// payment jobs on. The load (apps/api/src/test/load.ts) is viewers signing in by SMS, buying a package
// in the sandbox checkout and cancelling it, each step retried as a client would. In each restart
// phase the dependency is stopped the hard way (PostgreSQL: immediate shutdown, every backend killed;
// Redis: SIGKILL, back empty) for OUTAGE_MS, then started again. Measured: the error window (first to
// last failed request), the time from the dependency being back to the first request that succeeded,
// the slowest answer, and every acknowledged write looked up in the database afterwards.
// Run after `pnpm --filter @kadr/api run build`: node bench/recovery.ts   (BENCH_PHASE_MS, BENCH_OUTAGE_MS)
import { loadavg } from 'node:os';
import pg from 'pg';
import {
  type DependencyProcess,
  postgresBinariesAvailable,
  redisServerAvailable,
  startPostgres,
  startRedis,
} from '../apps/api/src/test/dependency-processes.ts';
import {
  type Acknowledged,
  type Exchange,
  isAlreadyDone,
  recoveryEnv,
  startLoad,
} from '../apps/api/src/test/load.ts';
import { startService } from '../e2e/support/service.ts';
import { quantile, table, writeSection } from './lib/report.ts';

const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 12_000);
const OUTAGE_MS = Number(process.env.BENCH_OUTAGE_MS ?? 3000);
/** The outage begins this long into a phase. */
const OUTAGE_AT_MS = 3000;
const SIGNERS = 4;
const BUYERS = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Phase {
  name: string;
  exchanges: Exchange[];
  acknowledged: Acknowledged;
  seconds: number;
  /** performance.now() when the dependency was stopped and when it was back. */
  down?: number;
  back?: number;
  lost: number;
}

const ok = (e: Exchange) => e.status >= 200 && e.status < 300;

async function lostWrites(url: string, acked: Acknowledged, packageId: number): Promise<number> {
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  try {
    const phones = await sql.query('select phone, id from profiles where phone = any($1)', [
      acked.signIns.map((s) => s.phone),
    ]);
    const profileOf = new Map(phones.rows.map((r) => [r.phone as string, r.id as number]));
    let lost = acked.signIns.filter((s) => profileOf.get(s.phone) !== s.profileId).length;
    const payments = await sql.query(
      'select provider_payment_id, status from payments where provider_payment_id = any($1)',
      [acked.paymentsCreated.map((p) => p.paymentId)],
    );
    const status = new Map(payments.rows.map((r) => [r.provider_payment_id as string, r.status as string]));
    lost += acked.paymentsCreated.filter((p) => !status.has(p.paymentId)).length;
    lost += acked.paymentsConfirmed.filter((p) => status.get(p.paymentId) !== 'succeeded').length;
    const cancelled = await sql.query(
      'select profile_id from subscriptions where package_id = $1 and cancelled_at is not null and profile_id = any($2)',
      [packageId, acked.cancellations.map((c) => c.profileId)],
    );
    const ids = new Set(cancelled.rows.map((r) => r.profile_id as number));
    lost += acked.cancellations.filter((c) => !ids.has(c.profileId)).length;
    return lost;
  } finally {
    await sql.end();
  }
}

async function phase(
  name: string,
  baseUrl: string,
  packageId: number,
  databaseUrl: string,
  dependency?: DependencyProcess,
): Promise<Phase> {
  const started = performance.now();
  const load = startLoad({ baseUrl, packageId, signers: SIGNERS, buyers: BUYERS, retryMs: 200 });
  let down: number | undefined;
  let back: number | undefined;
  if (dependency) {
    await sleep(OUTAGE_AT_MS);
    down = performance.now();
    await dependency.stop('crash');
    await sleep(OUTAGE_MS - (performance.now() - down));
    await dependency.start();
    back = performance.now();
  }
  await sleep(PHASE_MS - (performance.now() - started));
  await load.stop();
  const seconds = (performance.now() - started) / 1000;
  const lost = await lostWrites(databaseUrl, load.acknowledged, packageId);
  return { name, exchanges: load.exchanges, acknowledged: load.acknowledged, seconds, down, back, lost };
}

function row(p: Phase): (string | number)[] {
  const ms = (n: number | undefined) =>
    n === undefined || !Number.isFinite(n) ? '—' : String(Math.round(n));
  const failed = p.exchanges.filter((e) => !ok(e));
  const unavailable = failed.filter((e) => e.status === 503).length;
  const alreadyDone = failed.filter(isAlreadyDone).length;
  const other = failed.length - unavailable - alreadyDone;
  const window =
    failed.length > 0
      ? Math.max(...failed.map((e) => e.ended)) - Math.min(...failed.map((e) => e.started))
      : undefined;
  const firstOk =
    p.back === undefined
      ? undefined
      : p.exchanges.filter((e) => ok(e) && e.started >= p.back!).sort((a, b) => a.ended - b.ended)[0];
  const latencies = p.exchanges.filter(ok).map((e) => e.ended - e.started);
  const a = p.acknowledged;
  return [
    p.name,
    p.exchanges.length,
    Math.round(p.exchanges.filter(ok).length / p.seconds),
    unavailable,
    alreadyDone,
    other,
    ms(window),
    ms(firstOk && p.back !== undefined ? firstOk.ended - p.back : undefined),
    ms(quantile(latencies, 0.5)),
    ms(quantile(latencies, 0.99)),
    ms(Math.max(...p.exchanges.map((e) => e.ended - e.started))),
    `${a.signIns.length} / ${a.paymentsConfirmed.length} / ${a.cancellations.length}`,
    p.lost,
  ];
}

async function main() {
  if (!postgresBinariesAvailable || !redisServerAvailable)
    throw new Error('needs /usr/lib/postgresql/15/bin (initdb, postgres) and redis-server');
  const loadBefore = loadavg()[0]!.toFixed(2);
  const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  const phases: Phase[] = [];
  let outageLines = 0;
  let unhandled = 0;
  try {
    const service = await startService(recoveryEnv(postgres.url, redis.url));
    try {
      const sql = new pg.Client({ connectionString: postgres.url });
      await sql.connect();
      const found = await sql.query(`
        select p.id from packages p join tariffs t on t.package_id = p.id and t.position = 0
         where p.store = 'web' and not p.hidden and t.trial_days = 0 order by p.id limit 1`);
      await sql.end();
      const packageId = found.rows[0]?.id as number | undefined;
      if (!packageId) throw new Error('the demo catalogue has no web package without a trial');
      // Warm-up: connections, compiled code, the catalogue's caches.
      await phase('warm-up', service.baseUrl, packageId, postgres.url);
      phases.push(await phase('no restart (baseline)', service.baseUrl, packageId, postgres.url));
      phases.push(await phase('PostgreSQL restarted', service.baseUrl, packageId, postgres.url, postgres));
      phases.push(await phase('Redis restarted (empty)', service.baseUrl, packageId, postgres.url, redis));
      const output = service.output.join('');
      outageLines = output.split('\n').filter((l) => / is (unavailable|back)/.test(l)).length;
      unhandled = (output.match(/Unhandled|uncaught/gi) ?? []).length;
    } finally {
      await service.stop();
    }
  } finally {
    await Promise.all([postgres.dispose(), redis.dispose()]);
  }
  const loadAfter = loadavg()[0]!.toFixed(2);
  const rows = phases.map(row);
  console.table(rows);
  const body = `
Method: \`node bench/recovery.ts\` (after \`pnpm --filter @kadr/api run build\`). The built service
(\`apps/api/dist/server.js\`, one instance) on a PostgreSQL 15 and a redis-server of the bench's own
(initdb in a temp folder, free ports, fsync off; Redis without persistence), the demo catalogue,
sandbox providers and payment jobs on. Load: ${SIGNERS} viewers signing in by SMS (anonymous session,
sendAuth, the sandbox outbox, authApp) and ${BUYERS} buying a package (createPayment, the sandbox checkout
paying with a test card, checkPayment until confirmed, unsubscribePackage), back to back, each step
retried every 200 ms as a client would (a retry is a new request). Each phase ${PHASE_MS / 1000} s; in a
restart phase the dependency is stopped ${OUTAGE_AT_MS / 1000} s in — PostgreSQL by an immediate shutdown
(every backend killed, WAL replayed at start), Redis by SIGKILL (back empty) — and started again
${OUTAGE_MS / 1000} s later. The baseline is the same load with no restart, in the same run, after a warm-up
phase. *Retry: already done*: a retry refused because the first try's write was made after all (its
503 answer notwithstanding): sendAuth's \`resend_too_early\` (unsubscribePackage's retry is answered as
its first try was, decision 018). *Error window*: first failed request's start to last failed request's end. *Back → first 2xx*:
from the dependency accepting connections again to the end of the first successful request sent after
it. Latencies are of successful requests, measured by the client (Node's fetch, in the bench process,
on the same cores). *Acknowledged*: sign-ins / payments confirmed / cancellations answered 2xx during
the phase; *lost*: those not found in the database afterwards (also every createPayment acknowledged).
Processes not pinned; load average (1 min) ${loadBefore} before, ${loadAfter} after. The service logged
${outageLines} outage lines (one each way per Redis connection and for PostgreSQL) and ${unhandled}
unhandled errors.

${table(
  [
    'phase',
    'requests',
    '2xx/s',
    '503',
    'retry: already done',
    'other failures',
    'error window, ms',
    'back → first 2xx, ms',
    'p50, ms',
    'p99, ms',
    'slowest, ms',
    'acknowledged',
    'lost',
  ],
  rows,
)}

While PostgreSQL is down every request that needs it answers 503 \`service_unavailable\` in the
envelope at once (a refused connection; a server that does not answer at all is bounded by
DATABASE_CONNECT_TIMEOUT_MS, 2 s); the pool makes new connections on the next request after it is
back. While Redis is down nothing is refused: rate limits count in the database and the session
channel resubscribes when Redis is back (docs/decisions/025-dependency-recovery.md).
`;
  writeSection('recovery', 'Recovery after a PostgreSQL and a Redis restart', body);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
