// Scale-out: requests per second and p99 of the home collections, searchHint and getProfile through
// nginx (docs/nginx/kadr-media.conf) in front of one and of two api instances on one PostgreSQL and one
// Redis (e2e/support/cluster.ts), beside the same nginx serving a small static file, all in one run.
// autocannon (this process), 50 connections, BENCH_DURATION s per row (default 10).
// Run after `pnpm build`: node bench/scale-out.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { plainStaticConfig, renderMediaConfig, startNginx } from '../apps/api/src/test/nginx-process.ts';
import { clusterUnavailable, startCluster } from '../e2e/support/cluster.ts';
import { freePort } from '../e2e/support/service.ts';
import { table, writeSection } from './lib/report.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARM_UP_S = 2;
const CONNECTIONS = 50;
/** A rotating list of searches: prefixes and whole words of the demo catalogue, as viewers type them. */
const QUERIES = ['тай', 'тайн', 'тайна', 'кот', 'мор', 'море', 'ноч', 'город', 'дом', 'зим', 'лето', 'люб'];

interface Row {
  target: string;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(target: string, route: string, options: autocannon.Options): Promise<Row> {
  await autocannon({ connections: CONNECTIONS, ...options, duration: WARM_UP_S });
  const result = await autocannon({ connections: CONNECTIONS, ...options, duration: DURATION_S });
  const row = {
    target,
    route,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
  console.log(JSON.stringify(row));
  return row;
}

const unavailable = await clusterUnavailable();
if (unavailable) {
  console.log(`scale-out bench skipped: ${unavailable}`);
  process.exit(0);
}

const loadBefore = loadavg();
const cluster = await startCluster({
  prefix: 'kadr_bench_scaleout',
  // The bench opens its session from 127.0.0.1, whose anonymous limit lives in the shared Redis.
  env: {
    LOG_LEVEL: 'warn',
    PAYMENT_JOBS: 'off',
    DEMO_MEDIA: '0',
    DEMO_SCHEDULE: '0',
    RATE_LIMIT_ANONYMOUS_IP_HOUR: '10000',
    RATE_LIMIT_ANONYMOUS_SUBNET_HOUR: '10000',
    RATE_LIMIT_ANONYMOUS_HOUR: '10000',
  },
});
const rows: Row[] = [];
let loadAfter = loadBefore;
try {
  // nginx in front of api-1 alone (the same documented config, one server line), and nginx serving a
  // static file of about an API answer's size, each in a process of its own beside the cluster's.
  const [onePort, staticPort] = [await freePort(), await freePort()];
  const single = await startNginx(
    join(cluster.dataDir, 'nginx-one'),
    [
      renderMediaConfig({
        dataDir: cluster.dataDir,
        mediaSecret: cluster.env.MEDIA_SECRET!,
        api: new URL(cluster.instances[0]!.baseUrl).host,
        listen: onePort,
      }),
    ],
    [onePort],
  );
  const staticNginx = await startNginx(
    join(cluster.dataDir, 'nginx-static'),
    [plainStaticConfig({ dataDir: cluster.dataDir, listen: staticPort })],
    [staticPort],
  );
  const staticFile = '/media/hls/static/answer.json';
  mkdirSync(join(cluster.dataDir, 'media', 'hls', 'static'), { recursive: true });
  writeFileSync(
    join(cluster.dataDir, staticFile),
    JSON.stringify({ code: 200, success: true, response: { pad: 'x'.repeat(900) } }),
  );

  try {
    const auth = await fetch(`${cluster.baseUrl}/web/1/auth/web_BENCHscaleout0001`);
    const { response } = (await auth.json()) as { response: { access_token: string } };
    const headers = { authorization: `Bearer ${response.access_token}`, 'content-type': 'application/json' };
    // Both instances build their search index before they are measured.
    for (const instance of cluster.instances)
      await fetch(`${instance.baseUrl}/v2/agregator/searchHint`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ search_query: 'тайна' }),
      });
    await new Promise((resolve) => setTimeout(resolve, 2000));

    rows.push(
      await measure('nginx, static file', 'GET 1 KB file', {
        url: `http://127.0.0.1:${staticPort}${staticFile}`,
      }),
    );
    const targets = [
      { name: 'nginx → 1 instance', base: `http://127.0.0.1:${onePort}` },
      { name: 'nginx → 2 instances', base: cluster.baseUrl },
    ];
    for (const { name, base } of targets) {
      rows.push(
        await measure(name, 'GET /web/1/collections?tab_id=Main2', {
          url: `${base}/web/1/collections?tab_id=Main2`,
          headers,
        }),
      );
      let next = 0;
      rows.push(
        await measure(name, `POST searchHint (${QUERIES.length} rotating queries)`, {
          url: `${base}/v2/agregator/searchHint`,
          method: 'POST',
          headers,
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                body: JSON.stringify({ search_query: QUERIES[next++ % QUERIES.length] }),
              }),
            },
          ],
        }),
      );
      rows.push(
        await measure(name, 'POST getProfile', {
          url: `${base}/v1/agregator/getProfile`,
          method: 'POST',
          headers,
          body: '{}',
        }),
      );
    }
    loadAfter = loadavg();
  } finally {
    await single.stop();
    await staticNginx.stop();
  }
} finally {
  await cluster.stop();
}

const ratio = (route: string) => {
  const one = rows.find((r) => r.target === 'nginx → 1 instance' && r.route === route);
  const two = rows.find((r) => r.target === 'nginx → 2 instances' && r.route === route);
  return one && two ? `${route}: ×${(two.rps / one.rps).toFixed(2)}` : '';
};
const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' / ');
writeSection(
  'scale-out',
  'Scale-out: one and two api instances behind nginx',
  `${table(
    ['Target', 'Route', 'Requests/s', 'p50 ms', 'p99 ms', 'Errors'],
    rows.map((r) => [r.target, r.route, r.rps.toLocaleString('en'), r.p50, r.p99, r.errors]),
  )}

autocannon (in the bench process), ${CONNECTIONS} connections, ${DURATION_S} s per row after ${WARM_UP_S} s of warm-up; one anonymous session (its check cached by each instance); the searches rotate over a dozen queries, so after the warm-up they are answered from each instance's answer cache (bench/search.ts measures cold searches). nginx (one worker) runs docs/nginx/kadr-media.conf, the config the deployment and the scale-out journeys use, rendered once with api-1 alone and once with both instances; the static row is another nginx serving a 1 KB file from disk, the ceiling of what this machine's loopback and load generator allow. Both instances use one PostgreSQL database (the shared 127.0.0.1:5432) and one Redis; nothing is pinned.

Two over one: ${['GET /web/1/collections?tab_id=Main2', `POST searchHint (${QUERIES.length} rotating queries)`, 'POST getProfile'].map(ratio).join('; ')}.

Read with care: the machine has ${availableParallelism()} cores, shared during the run by both instances, nginx, PostgreSQL, Redis, the load generator and other work (load average 1/5/15 min: ${load(loadBefore)} before, ${load(loadAfter)} after). With every process on the same ${availableParallelism()} cores a second instance cannot add CPU, so the second row shows what the balancing costs or gains at equal hardware, not the scaling on separate hosts; the consistency of the instances is shown by e2e/scale-out-consistency.e2e.ts and e2e/scale-out.e2e.ts.`,
);
