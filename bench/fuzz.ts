// The long run of the contract-driven fuzz suite (docs/decisions/026-contract-fuzzing.md): the same
// routes, requests and properties as apps/api/src/test/fuzz/api.fuzz.test.ts, many more of them, over
// HTTP against the built service (apps/api/dist/server.js), once on its embedded PGlite and once on
// PostgreSQL (where a server answers), with a random seed printed first so a failure can be replayed:
//   FUZZ_SEED=<seed> node bench/fuzz.ts
// Also counted as a failure: an `unexpected error` the service logged. The baseline, measured in the
// same run with the same client, is /healthz: what one request costs when nothing is fuzzed.
// Run after `pnpm build`: node bench/fuzz.ts   (FUZZ_RUNS=n requests per route and session kind)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_KINDS, type AuthKind, PARTNER_ORIGIN } from '../apps/api/src/test/fuzz/requests.ts';
import { knownRouteKeys, type RouteCase, routeCase } from '../apps/api/src/test/fuzz/routes.ts';
import {
  anonymousToken,
  checkRoute,
  type Send,
  signedInToken,
  type Tokens,
} from '../apps/api/src/test/fuzz/run.ts';
import { freshPostgres } from '../e2e/support/postgres.ts';
import { startService } from '../e2e/support/service.ts';
import { table, writeSection } from './lib/report.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const BASELINE_REQUESTS = 2000;

console.log(
  `fuzz: seed ${SEED} (replay: FUZZ_SEED=${SEED} node bench/fuzz.ts), ${RUNS} runs per route and session`,
);

/** Raw HTTP over one keep-alive agent: paths go out byte for byte (fetch would normalise them). */
function httpSender(baseUrl: string): { send: Send; requests: () => number; unsent: () => number } {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let requests = 0;
  let unsent = 0;
  const send: Send = (request) =>
    new Promise((resolve, reject) => {
      let outgoing: http.ClientRequest;
      try {
        outgoing = http.request(
          {
            host: hostname,
            port,
            method: request.method,
            path: request.url,
            headers: request.headers,
            agent,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                text: Buffer.concat(chunks).toString('utf8'),
              }),
            );
            res.on('error', reject);
          },
        );
      } catch (error) {
        // Node's client refuses to send some requests at all (a character it will not put in a
        // header): nothing reached the server, so there is nothing to judge.
        unsent += 1;
        resolve({ status: 0, headers: {}, text: String(error) });
        return;
      }
      requests += 1;
      outgoing.on('error', reject);
      outgoing.end(request.body === undefined ? undefined : Buffer.from(request.body));
    });
  return { send, requests: () => requests, unsent: () => unsent };
}

interface Failure {
  route: string;
  auth: AuthKind;
  message: string;
}

interface Outcome {
  backend: string;
  requests: number;
  unsent: number;
  seconds: number;
  baselineRps: number;
  failures: Failure[];
  loggedErrors: number;
}

/** A web build of its two pages and one asset, as the test suite uses: /promo/web/* serves files and its fallback. */
function tinyWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kadr-fuzz-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><head><title>Кадр</title></head>');
  writeFileSync(join(dir, 'embed.html'), '<!doctype html><head><title>Плеер Кадра</title></head>');
  writeFileSync(join(dir, 'assets', 'x.js'), 'export {};');
  return dir;
}

async function fuzzService(backend: string, env: Record<string, string>): Promise<Outcome> {
  const webDist = tinyWebBuild();
  const service = await startService({
    WEB_DIST: webDist,
    CORS_ORIGINS: PARTNER_ORIGIN,
    // The fuzzer is one client: limits per address would soon answer 429 to everything it sends.
    RATE_LIMIT_ANONYMOUS_IP_HOUR: '1000000',
    RATE_LIMIT_ANONYMOUS_SUBNET_HOUR: '1000000',
    RATE_LIMIT_ANONYMOUS_HOUR: '1000000',
    RATE_LIMIT_ANONYMOUS_DEVICE_DAY: '1000000',
    RATE_LIMIT_IP_HOUR: '1000000',
    RATE_LIMIT_SUBNET_HOUR: '1000000',
    RATE_LIMIT_PHONE_HOUR: '1000000',
    RATE_LIMIT_PHONE_DAY: '1000000',
    RATE_LIMIT_SMS_HOUR: '1000000',
    RATE_LIMIT_WRONG_CODES_IP_DAY: '1000000',
    RATE_LIMIT_WRONG_CODES_SUBNET_DAY: '1000000',
    LOG_LEVEL: 'error',
    ...env,
  });
  try {
    const { send, requests, unsent } = httpSender(service.baseUrl);
    const baselineStart = performance.now();
    for (let i = 0; i < BASELINE_REQUESTS; i += 1)
      await send({ method: 'GET', url: '/healthz', headers: {} });
    const baselineRps = BASELINE_REQUESTS / ((performance.now() - baselineStart) / 1000);

    const before = requests();
    const started = performance.now();
    const failures: Failure[] = [];
    let client = 0;
    for (const key of knownRouteKeys()) {
      const route = routeCase(key) as RouteCase;
      for (const auth of AUTH_KINDS) {
        client += 1;
        const device = `web_fuzzb${String(client).padStart(11, '0')}`;
        const tokens: Tokens =
          auth === 'anonymous'
            ? { anonymous: await anonymousToken(send, device) }
            : auth === 'signed-in'
              ? { 'signed-in': await signedInToken(send, device, `7998${String(client).padStart(7, '0')}`) }
              : {};
        const routeStarted = performance.now();
        const sentBefore = requests();
        const message = await checkRoute(route, auth, send, () => tokens, {
          seed: SEED,
          numRuns: route.kind === 'call' ? RUNS : Math.ceil(RUNS / 4),
        });
        if (process.env.FUZZ_VERBOSE)
          console.log(
            `${key} (${auth}): ${requests() - sentBefore} requests, ${Math.round(performance.now() - routeStarted)} ms`,
          );
        if (message !== undefined) {
          failures.push({ route: key, auth, message });
          console.log(`FAILED ${key} (${auth})\n${message}\n`);
        }
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const loggedErrors = service.output
      .join('')
      .split('\n')
      .filter((line) => line.includes('unexpected error')).length;
    return {
      backend,
      requests: requests() - before,
      unsent: unsent(),
      seconds,
      baselineRps,
      failures,
      loggedErrors,
    };
  } finally {
    await service.stop();
    rmSync(webDist, { recursive: true, force: true });
  }
}

const outcomes: Outcome[] = [await fuzzService('PGlite (embedded)', {})];
const postgres = await freshPostgres('kadr_bench_fuzz');
if (postgres) {
  try {
    outcomes.push(await fuzzService('PostgreSQL', { DATABASE_URL: postgres.url }));
  } finally {
    await postgres.drop();
  }
}

const routes = knownRouteKeys().length;
const rows = outcomes.map((o) => [
  o.backend,
  routes,
  o.requests,
  o.unsent,
  o.seconds.toFixed(0),
  Math.round(o.requests / o.seconds),
  Math.round(o.baselineRps),
  o.failures.length,
  o.loggedErrors,
]);
const found = outcomes.flatMap((o) =>
  o.failures.map((f) => `- ${o.backend}, ${f.route} (${f.auth}): ${f.message.split('\n')[0]}`),
);
writeSection(
  'fuzz',
  'Contract fuzzing, long run',
  `\`node bench/fuzz.ts\`: the properties of the \`npm test\` fuzz suite (apps/api/src/test/fuzz) over HTTP against the built
service, ${RUNS} requests per contract call and session kind (no session, anonymous, signed-in) and ${Math.ceil(RUNS / 4)}
per other route; a call's requests are half valid, half broken (wrong types, missing fields, over-long and hostile strings, odd numbers,
bad percent-encoding, huge bodies, wrong content types, forged tokens). Seed ${SEED} (replay with
\`FUZZ_SEED=${SEED}\`). A failure is a property that broke on a route and session kind (fast-check stops that
property at its first counterexample); logged errors are the service's \`unexpected error\` lines. Baseline: /healthz
requests per second with the same client, one at a time, in the same run.

${table(
  [
    'backend',
    'routes',
    'requests',
    'not sendable',
    'seconds',
    'requests/s',
    'baseline /healthz req/s',
    'failures',
    'logged errors',
  ],
  rows,
)}

${found.length > 0 ? `Failures:\n\n${found.join('\n')}` : "No property failed: no 5xx, every refusal the error envelope, every success its call's response schema, nothing internal shown."}`,
);
console.log(
  table(['backend', 'routes', 'requests', 'unsent', 's', 'req/s', 'baseline', 'failures', 'logged'], rows),
);
if (outcomes.some((o) => o.failures.length > 0 || o.loggedErrors > 0)) process.exitCode = 1;
