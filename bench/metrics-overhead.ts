// What the request metrics cost per request (docs/decisions/027-operations.md): the server CPU time
// per request of a bare Fastify route with and without the api's metrics hook (registerMetrics from
// the build), in interleaved rounds in the same run; and, in this process, one observation through
// ServiceMetrics.observeRequest.
// Run after `pnpm build`: nice -n 10 node bench/metrics-overhead.ts   (BENCH_DURATION=s, BENCH_ROUNDS=n)
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import type * as Api from '../apps/api/src/exports.ts';
import { withBareServer } from './lib/bare.ts';
import { cpuOf } from './lib/cpu-time.ts';
import { quantile, table, writeSection } from './lib/report.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;

const api = (await import(
  pathToFileURL(join(import.meta.dirname, '..', 'apps', 'api', 'dist', 'app.js')).href
)) as typeof Api;

interface Run {
  rps: number;
  p99: number;
  cpuUs: number;
}

async function load(url: string, pid: number, duration: number): Promise<Run> {
  const before = cpuOf(pid).self;
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  const cpuS = cpuOf(pid).self - before;
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    cpuUs: (cpuS * 1e6) / Math.max(1, result.requests.total),
  };
}

/** Nanoseconds per call of `observe` over `n` calls, after a warm-up. */
function nsPerCall(n: number, observe: (i: number) => void): number {
  for (let i = 0; i < n / 10; i++) observe(i);
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) observe(i);
  return Number(process.hrtime.bigint() - started) / n;
}

/** The observation alone: 40 routes × 2 methods × 3 status classes, as a service's mix. */
function observationCost(): number {
  const routes = Array.from({ length: 40 }, (_, i) => `/v1/agregator/call${i}/:id`);
  const statuses = [200, 404, 503];
  const metrics = new api.ServiceMetrics({ defaultMetrics: false });
  return nsPerCall(2_000_000, (i) =>
    metrics.observeRequest(i % 7 === 0 ? 'POST' : 'GET', routes[i % routes.length], statuses[i % 3]!, 0.004),
  );
}

const runs: Record<'bare' | 'metrics', Run[]> = { bare: [], metrics: [] };
await withBareServer(async (bareUrl, barePid) => {
  await withBareServer(
    async (metricsUrl, metricsPid) => {
      const targets = [
        { name: 'bare' as const, url: bareUrl, pid: barePid },
        { name: 'metrics' as const, url: metricsUrl, pid: metricsPid },
      ];
      for (const t of targets) await load(t.url, t.pid, 2);
      for (let round = 0; round < ROUNDS; round++)
        for (let i = 0; i < targets.length; i++) {
          const t = targets[(i + round) % targets.length]!;
          const run = await load(t.url, t.pid, DURATION_S);
          console.log(
            `round ${round + 1}: ${t.name}: ${run.rps}/s, ${run.cpuUs.toFixed(1)} µs CPU per request`,
          );
          runs[t.name].push(run);
        }
    },
    { BARE_METRICS: 'on' },
  );
});

const median = (values: number[]) => quantile(values, 0.5);
const row = (name: string, r: Run[]) => [
  name,
  median(r.map((x) => x.rps)),
  median(r.map((x) => x.p99)),
  `${median(r.map((x) => x.cpuUs)).toFixed(1)} (${r.map((x) => x.cpuUs.toFixed(1)).join(', ')})`,
];
const bareCpu = median(runs.bare.map((r) => r.cpuUs));
const metricsCpu = median(runs.metrics.map((r) => r.cpuUs));
const observation = observationCost();
// On a shared machine a run's CPU per request moves by microseconds: say when the difference is smaller.
const spread = (r: Run[]) => Math.max(...r.map((x) => x.cpuUs)) - Math.min(...r.map((x) => x.cpuUs));
const noiseUs = Math.max(spread(runs.bare), spread(runs.metrics));
const noise =
  Math.abs(metricsCpu - bareCpu) < noiseUs
    ? `: within this run's noise (the rounds of one server spread over ${noiseUs.toFixed(1)} µs)`
    : `, ${(((metricsCpu - bareCpu) / bareCpu) * 100).toFixed(0)} % of the bare route's, whose answer is a constant (the service's routes cost far more each, bench/auth-throughput.ts)`;
const body = `
Method: \`nice -n 10 node bench/metrics-overhead.ts\` (after \`pnpm build\`). Two bare Fastify servers
(bench/lib/bare-server.ts), one with the api's request metrics (\`registerMetrics\` from
\`apps/api/dist/app.js\`: the onResponse hook and its histogram, the default process metrics collected),
loaded in turn by autocannon (${CONNECTIONS} connections, ${DURATION_S} s a run, ${ROUNDS} interleaved rounds, on the same 2
cores as the servers; the machine shared with other sessions). Server CPU: user + system time of the
server process per answered request, median (rounds).

${table(['server', 'requests/s', 'p99 ms', 'server CPU µs/request'], [row('bare route', runs.bare), row('bare route + request metrics', runs.metrics)])}

Cost of the metrics per request: **${(metricsCpu - bareCpu).toFixed(1)} µs** of server CPU (median against median)${noise}.
In this process, one observation (\`ServiceMetrics.observeRequest\`: the labels, prom-client's histogram)
takes ${observation.toFixed(0)} ns; the rest is Fastify running one more hook.
`;
writeSection('metrics-overhead', 'Request metrics overhead (bench/metrics-overhead.ts)', body);
console.log(body);
