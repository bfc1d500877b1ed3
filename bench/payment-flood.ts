// One anonymous session flooding createPayment while another viewer's getProfile is measured (issue
// 24, item 4), on the embedded database — the default single instance, PGlite in the api's process.
// The built service (apps/api/dist/server.js) with the demo catalogue, sandbox providers on (the
// sandbox YooKassa in the same process and database), payment jobs off. The flooder keeps
// FLOOD_CONNECTIONS createPayment calls in flight for one package, each sent again as soon as it is
// answered (whatever the answer); the viewer asks getProfile at a steady pace (every VIEWER_EVERY_MS,
// not waiting for the previous answer), as a page would. Baseline: the same viewer's getProfile on the
// same service with no flood, measured run by run beside the flood (quiet and flood phases alternate
// which goes first), and the ratio of the two. The flood runs in a worker thread, so handling its
// answers never delays the viewer's in the bench's event loop.
// Services: this build with its default limits, this build with the createPayment limits lifted
// (what the heavy writes' turns alone do), and — with BENCH_BASELINE_ROOT=<another checkout,
// its api built; BENCH_BASELINE_COMMIT names it when it is no git checkout> — that build, started the
// same way, each run's phases on each service in turn.
// Run after `pnpm --filter @kadr/api run build`: node bench/payment-flood.ts   (BENCH_RUNS, BENCH_PHASE_MS)
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { type RunningService, startService } from '../e2e/support/service.ts';
import { quantile, table, writeSection } from './lib/report.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 6000);
const FLOOD_CONNECTIONS = 64;
const VIEWER_EVERY_MS = 20;
/** A getProfile or createPayment with no answer after this long counts as timed out. */
const TIMEOUT_MS = 10_000;

interface Target {
  name: string;
  env: Record<string, string>;
  root?: string;
  service?: RunningService;
  flooder?: { token: string; device: string };
  viewerToken?: string;
  packageId?: number;
  quiet: number[];
  flood: number[];
  /** Per run: flood p99 / quiet p99 of the viewer. */
  ratios: number[];
  viewerErrors: { quiet: number; flood: number };
  floodAnswers: Map<string, number>;
  floodLatencies: number[];
  floodSeconds: number;
}

const COMMON = {
  SANDBOX_PROVIDERS: 'on',
  PAYMENT_JOBS: 'off',
  LOG_LEVEL: 'error',
  // The bench's sessions are made from its one address.
  RATE_LIMIT_ANONYMOUS_IP_HOUR: '1000000',
};

async function post(url: string, token: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

async function anonymous(base: string, device: string): Promise<string> {
  const res = await fetch(`${base}/web/1/auth/${device}`);
  return ((await res.json()) as { response: { access_token: string } }).response.access_token;
}

/** Sessions and a package the web sells (createPayment answers 200 for a probe session). */
async function prepare(target: Target): Promise<void> {
  const base = target.service!.baseUrl;
  const flooder = 'web_FLOOD0000000001';
  target.flooder = { token: await anonymous(base, flooder), device: flooder };
  target.viewerToken = await anonymous(base, 'web_VIEWER000000001');
  const probe = 'web_PROBE0000000001';
  const probeToken = await anonymous(base, probe);
  const packages = (await (await post(`${base}/v1/agregator/getEkPackages`, probeToken, {})).json()) as {
    response: { ek_packages: Record<string, unknown> };
  };
  for (const id of Object.keys(packages.response.ek_packages).map(Number)) {
    const res = await post(`${base}/v1/agregator/createPayment`, probeToken, {
      type: 'widget_yookassa',
      package_id: id,
      device_uid: probe,
    });
    await res.arrayBuffer();
    if (res.status === 200) {
      target.packageId = id;
      return;
    }
  }
  throw new Error(`${target.name}: no package createPayment sells`);
}

/** The viewer's getProfile every VIEWER_EVERY_MS for PHASE_MS: latencies, and failures. */
async function viewer(target: Target): Promise<{ latencies: number[]; errors: number }> {
  const url = `${target.service!.baseUrl}/v1/agregator/getProfile`;
  const latencies: number[] = [];
  let errors = 0;
  const calls: Promise<void>[] = [];
  const end = performance.now() + PHASE_MS;
  for (let next = performance.now(); next < end; next += VIEWER_EVERY_MS) {
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const started = performance.now();
    calls.push(
      post(url, target.viewerToken!, {})
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status !== 200) errors++;
          else latencies.push(performance.now() - started);
        })
        .catch(() => {
          errors++;
        }),
    );
  }
  await Promise.all(calls);
  return { latencies, errors };
}

/** What the flooding thread is given. */
interface FloodOrder {
  url: string;
  token: string;
  body: unknown;
}

/** What it answers once stopped: every call's latency and status. */
interface FloodResult {
  latencies: number[];
  answers: Array<[string, number]>;
  seconds: number;
}

/**
 * The flooding thread: createPayment with FLOOD_CONNECTIONS in flight until the main thread says
 * stop. A thread of its own, so handling the flood's answers never delays the viewer's in the main
 * thread's event loop (the cores are still shared, as a real flood's would be on one machine).
 */
async function floodThread(order: FloodOrder): Promise<void> {
  let stop = false;
  parentPort!.once('message', () => {
    stop = true;
  });
  const latencies: number[] = [];
  const answers = new Map<string, number>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: FLOOD_CONNECTIONS }, async () => {
      while (!stop) {
        const sent = performance.now();
        let label: string;
        try {
          const res = await post(order.url, order.token, order.body);
          await res.arrayBuffer();
          label = String(res.status);
        } catch {
          label = 'no answer';
        }
        latencies.push(performance.now() - sent);
        answers.set(label, (answers.get(label) ?? 0) + 1);
      }
    }),
  );
  const result: FloodResult = {
    latencies,
    answers: [...answers],
    seconds: (performance.now() - started) / 1000,
  };
  parentPort!.postMessage(result);
}

/** Starts the flood in its own thread; the function it answers stops it and adds its figures. */
function flood(target: Target): () => Promise<void> {
  const { token, device } = target.flooder!;
  const order: FloodOrder = {
    url: `${target.service!.baseUrl}/v1/agregator/createPayment`,
    token,
    body: { type: 'widget_yookassa', package_id: target.packageId, device_uid: device },
  };
  const worker = new Worker(new URL(import.meta.url), { workerData: order });
  const done = new Promise<FloodResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return async () => {
    worker.postMessage('stop');
    const result = await done;
    await worker.terminate();
    target.floodLatencies.push(...result.latencies);
    for (const [label, n] of result.answers)
      target.floodAnswers.set(label, (target.floodAnswers.get(label) ?? 0) + n);
    target.floodSeconds += result.seconds;
  };
}

async function quietPhase(target: Target): Promise<number[]> {
  const { latencies, errors } = await viewer(target);
  target.quiet.push(...latencies);
  target.viewerErrors.quiet += errors;
  return latencies;
}

async function floodPhase(target: Target): Promise<number[]> {
  const stopFlood = flood(target);
  // The flood gets going before the viewer is measured.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { latencies, errors } = await viewer(target);
  await stopFlood();
  target.flood.push(...latencies);
  target.viewerErrors.flood += errors;
  return latencies;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));
const ms = (n: number) => (n < 10 ? n.toFixed(1) : String(Math.round(n)));

async function main() {
  const baselineRoot = process.env.BENCH_BASELINE_ROOT;
  // BENCH_BASELINE_COMMIT names a baseline that is not a git checkout (an exported tree).
  const baselineName =
    baselineRoot &&
    `commit ${process.env.BENCH_BASELINE_COMMIT ?? execFileSync('git', ['-C', baselineRoot, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()}`;
  const blank = () => ({
    quiet: [],
    flood: [],
    ratios: [],
    viewerErrors: { quiet: 0, flood: 0 },
    floodAnswers: new Map<string, number>(),
    floodLatencies: [],
    floodSeconds: 0,
  });
  const targets: Target[] = [
    { name: 'this build, default limits', env: {}, ...blank() },
    {
      name: 'this build, createPayment limits lifted',
      env: { PAYMENT_CREATES_PER_PROFILE_HOUR: '100000000', PAYMENT_CREATES_PER_NETWORK_HOUR: '100000000' },
      ...blank(),
    },
    ...(baselineRoot
      ? [{ name: `the build of ${baselineName} (before)`, env: {}, root: baselineRoot, ...blank() }]
      : []),
  ];
  const loadBefore = loadavg().map((l) => l.toFixed(1));
  const loads: number[] = [];
  try {
    for (const target of targets) {
      target.service = await startService({ ...COMMON, ...target.env }, { root: target.root });
      await prepare(target);
      // Warm-up: the routes' first calls compile and fill caches.
      await quietPhase(target);
      target.quiet.length = 0;
    }
    for (let run = 0; run < RUNS; run++) {
      for (const target of targets) {
        let quiet: number[];
        let flooded: number[];
        if (run % 2 === 0) {
          quiet = await quietPhase(target);
          await settle();
          flooded = await floodPhase(target);
        } else {
          flooded = await floodPhase(target);
          await settle();
          quiet = await quietPhase(target);
        }
        await settle();
        target.ratios.push(quantile(flooded, 0.99) / quantile(quiet, 0.99));
        loads.push(loadavg()[0]!);
        console.log(
          `run ${run + 1} ${target.name}: getProfile p99 quiet ${ms(quantile(quiet, 0.99))} ms, flood ${ms(quantile(flooded, 0.99))} ms; flood answers ${JSON.stringify(Object.fromEntries(target.floodAnswers))}`,
        );
      }
    }
  } finally {
    for (const target of targets) await target.service?.stop();
  }
  const loadAfter = loadavg().map((l) => l.toFixed(1));
  const answers = (t: Target) =>
    [...t.floodAnswers]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${status}: ${n.toLocaleString('en')}`)
      .join(', ');
  const sortedRatios = (t: Target) => [...t.ratios].sort((a, b) => a - b);
  const body = `
Method: \`node bench/payment-flood.ts\` (after \`pnpm --filter @kadr/api run build\`${baselineRoot ? `; \`BENCH_BASELINE_ROOT\` a checkout of ${baselineName}, its api built` : ''}).
The built service on the embedded database (PGlite in its process, a fresh data folder), the demo
catalogue, sandbox providers on (the sandbox YooKassa in the same process and database), payment jobs
off. One anonymous session floods createPayment for one package: ${FLOOD_CONNECTIONS} calls in flight, each sent
again as soon as it is answered. Another anonymous viewer asks getProfile every ${VIEWER_EVERY_MS} ms (not waiting for
the previous answer) for ${PHASE_MS / 1000} s: with the flood (it starts 0.5 s before), and with none (the
baseline) — ${RUNS} runs, each run measuring both phases on each service in turn, the phases' order
alternating run by run. Viewer latencies pooled over the runs; *p99 flood / quiet*: the pooled p99s'
ratio, and in brackets each run's ratio, lowest to highest. Clients: Node's fetch in the bench process,
the flood in a thread of its own (its answers never hold up the viewer's), on the same 2 cores.
Processes not pinned; load average (1, 5, 15 min) ${loadBefore.join(', ')} before, ${loadAfter.join(', ')} after
(1 min during the runs ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}): the 2 cores are shared with other sessions.

${table(
  [
    'Service',
    'getProfile quiet p50 / p99, ms',
    'getProfile under flood p50 / p99, ms',
    'p99 flood / quiet',
    'viewer failures (quiet, flood)',
  ],
  targets.map((t) => [
    t.name,
    `${ms(quantile(t.quiet, 0.5))} / ${ms(quantile(t.quiet, 0.99))}`,
    `${ms(quantile(t.flood, 0.5))} / ${ms(quantile(t.flood, 0.99))}`,
    `**${(quantile(t.flood, 0.99) / quantile(t.quiet, 0.99)).toFixed(1)}×** (${sortedRatios(t)
      .map((r) => r.toFixed(1))
      .join(', ')})`,
    `${t.viewerErrors.quiet}, ${t.viewerErrors.flood}`,
  ]),
)}

The flood's own answers (all phases of all runs):

${table(
  ['Service', 'createPayment calls/s', 'p50 / p99, ms', 'answers by status'],
  targets.map((t) => [
    t.name,
    Math.round(t.floodLatencies.length / t.floodSeconds),
    `${ms(quantile(t.floodLatencies, 0.5))} / ${ms(quantile(t.floodLatencies, 0.99))}`,
    answers(t),
  ]),
)}
`;
  writeSection(
    'payment-flood',
    "One session flooding createPayment: another viewer's getProfile (bench/payment-flood.ts)",
    body,
  );
  console.log(body);
}

if (isMainThread) await main();
else await floodThread(workerData as FloodOrder);
