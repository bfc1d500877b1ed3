// Soak: SOAK_MINUTES (30) of mixed traffic against the built service, memory and p99 sampled every
// minute and checked flat (the slope of a fitted line within a bound). The built service
// (apps/api/dist/server.js) on a fresh PostgreSQL database when one answers (else PGlite), the demo
// catalogue, sandbox providers, payment jobs on. Virtual viewers, each in a loop: anonymous auth,
// home collections, a search, a title card, a playback (release, master and media playlists, keys),
// and now and then a phone sign-in (sendAuth, the code from the sandbox outbox, authApp) or a payment
// (createPayment, checkPayment). /healthz is asked beside them as the floor: the client and the
// machine's own noise. Memory comes from the server's /metrics (prom-client's process metrics).
// Run after `pnpm build`:  nice -n 10 node bench/soak.ts   (SOAK_MINUTES=n, SOAK_VIEWERS=n)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshPostgres } from '../e2e/support/postgres.ts';
import { startService } from '../e2e/support/service.ts';
import { writeAsset } from './lib/fixture-asset.ts';
import { quantile, table, writeSection } from './lib/report.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const VIEWERS = Number(process.env.SOAK_VIEWERS ?? 8);
/** Pause of a viewer between two requests, ms: a steady load that leaves the shared cores some room. */
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 30);
const SAMPLE_MS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 60) * 1000;
/** How often the heap is read within a minute, for its floor. */
const PROBE_MS = 5000;
/**
 * Minutes whose floors the judged floor is the lowest of. Under this load the old generation is
 * collected every minute or two, so a minute can pass without a full collection: its floor is then
 * garbage not yet collected (91.8 MiB in one minute of a run whose heap snapshot, taken within the
 * next minute, held 52 MiB), and one such minute near either end tilts the fitted line by ±15 %. A
 * leak still shows, two minutes late at most.
 */
const FLOOR_MINUTES = 3;
/** Minutes left out of the fit: caches, JIT and the search index settle first. */
const WARM_UP_MINUTES = Math.min(3, Math.floor(MINUTES / 5));
/** Devices the viewers rotate over: mostly repeat visits, as a real audience. */
const DEVICES = 3000;
/** One visit in this many signs in with a new phone; one in PAY_EVERY creates a payment. */
const SIGN_IN_EVERY = 20;
const PAY_EVERY = 25;
/** Bounds of "flat": growth of the fitted line over the measured minutes. */
const MEMORY_GROWTH_BOUND = 0.1; // of the mean
const P99_GROWTH_BOUND = 0.5; // of the mean p99
const METRICS_TOKEN = randomBytes(24).toString('base64url');
const MIB = 2 ** 20;

const QUERIES = ['тих', 'моск', 'ночь', 'кани', 'дом', 'ves', 'kod', 'авр', 'сер', 'фильм'];

interface Minute {
  minute: number;
  requests: number;
  latencies: number[];
  health: number[];
  errors: number;
  statuses: Map<number, number>;
}

const newMinute = (minute: number): Minute => ({
  minute,
  requests: 0,
  latencies: [],
  health: [],
  errors: 0,
  statuses: new Map(),
});

interface Sample {
  minute: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  healthP99: number;
  errors: number;
  rssMiB: number;
  /** Heap in use at the minute's end: one point of GC's sawtooth. */
  heapMiB: number;
  /** The lowest heap in use of the minute (read every PROBE_MS): what survives collections. */
  heapFloorMiB: number;
  streams: number;
  load: number;
}

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const metricOf = (text: string, name: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : Number.NaN;
};

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'kadr-soak-'));
  const dataDir = join(dir, 'data');
  const postgres = await freshPostgres('kadr_soak');
  const service = await startService({
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    SANDBOX_PROVIDERS: 'on',
    PUSH_SIGNIN: 'off',
    PAYMENT_JOBS: 'on',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    METRICS_TOKEN,
    // The bench's one address stands for an audience: per-address limits would refuse it as one client.
    RATE_LIMIT_ANONYMOUS_IP_HOUR: '10000000',
    RATE_LIMIT_ANONYMOUS_SUBNET_HOUR: '10000000',
    RATE_LIMIT_ANONYMOUS_HOUR: '10000000',
    RATE_LIMIT_IP_HOUR: '10000000',
    RATE_LIMIT_SUBNET_HOUR: '10000000',
    RATE_LIMIT_SMS_HOUR: '10000000',
    RATE_LIMIT_ANONYMOUS_DEVICE_DAY: '10000',
    PAYMENT_CREATES_PER_NETWORK_HOUR: '10000000',
    PAYMENT_CHECKS_PER_NETWORK_HOUR: '10000000',
    PAYMENT_CREATES_PER_PROFILE_HOUR: '10000',
    PAYMENT_CHECKS_PER_PROFILE_HOUR: '10000',
  });
  const base = service.baseUrl;
  const clock = { minute: newMinute(0) };
  const samples: Sample[] = [];
  const loadStart = loadavg()[0]!;

  /** One timed request; a refusal the mix does not expect counts as an error. */
  async function request(
    path: string,
    init: RequestInit & { token?: string; health?: boolean } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body) headers['content-type'] = 'application/json';
    const started = performance.now();
    const minute = clock.minute;
    try {
      const res = await fetch(`${base}${path}`, { ...init, headers });
      await res.clone().arrayBuffer();
      const ms = performance.now() - started;
      (init.health ? minute.health : minute.latencies).push(ms);
      minute.requests++;
      minute.statuses.set(res.status, (minute.statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 400) {
        minute.errors++;
        if (process.env.SOAK_DEBUG) console.log(res.status, path, (await res.clone().text()).slice(0, 200));
      }
      return res;
    } catch (error) {
      minute.errors++;
      throw error;
    }
  }
  const json = async <T>(res: Response) => ((await res.json()) as { response: T }).response;

  try {
    // What the mix plays and buys: the demo catalogue's previewable films (videos written by hand),
    // and the packages the web sells.
    const setup = await json<{ access_token: string }>(await fetch(`${base}/web/1/auth/web_SOAKsetup000001`));
    const auth = { authorization: `Bearer ${setup.access_token}`, 'content-type': 'application/json' };
    const home = (await (
      await fetch(`${base}/web/1/collections?tab_id=Main2&RB_queue_count=15&RB_teaser_count=15`, {
        headers: auth,
      })
    ).json()) as { response: { collections: { EKs?: { EK_id: number }[] }[] } };
    const ids = [
      ...new Set(home.response.collections.flatMap((rail) => (rail.EKs ?? []).map((item) => item.EK_id))),
    ];
    const films: number[] = [];
    for (const id of ids) {
      const card = (await (await fetch(`${base}/web/2/contents/${id}`, { headers: auth })).json()) as {
        response: { EK_type: string; goods: { is_preview: boolean } };
      };
      if (card.response.EK_type !== 'film' || !card.response.goods.is_preview) continue;
      writeAsset(dataDir, `ek-${id}`);
      films.push(id);
      if (films.length === 3) break;
    }
    if (films.length === 0) throw new Error('no previewable film in the demo catalogue');
    const packages = await json<{ ek_packages: Record<string, unknown> }>(
      await fetch(`${base}/v1/agregator/getEkPackages`, { method: 'POST', headers: auth, body: '{}' }),
    );
    // Those the web sells (a createPayment answers 200); the setup's own payments stay pending.
    const packageIds: number[] = [];
    for (const id of Object.keys(packages.ek_packages).map(Number)) {
      const created = await fetch(`${base}/v1/agregator/createPayment`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ type: 'widget_yookassa', package_id: id, device_uid: 'web_SOAKsetup000001' }),
      });
      if (created.status === 200) packageIds.push(id);
    }

    let visits = 0;
    let signIns = 0;
    let payments = 0;
    let phones = 0;
    const think = () => sleep(THINK_MS * (0.5 + Math.random()));

    async function visit(viewer: number): Promise<void> {
      const n = visits++;
      const device = `web_SOAK${String((viewer * 7919 + n) % DEVICES).padStart(12, '0')}`;
      const tokens = await json<{ access_token: string }>(await request(`/web/1/auth/${device}`));
      const token = tokens.access_token;
      await think();
      await request('/web/1/collections?tab_id=Main2&RB_queue_count=15&RB_teaser_count=15', { token });
      await think();
      await request('/v2/agregator/searchHint', {
        method: 'POST',
        token,
        body: JSON.stringify({ search_query: QUERIES[n % QUERIES.length] }),
      });
      await think();
      const film = films[n % films.length]!;
      await request(`/web/2/contents/${film}`, { token });
      await think();
      const release = await json<{ content_url: string }>(
        await request(`/web/1/releases/${film}?dev_type=PCWEB&dev_model=web`, { token }),
      );
      const master = new URL(release.content_url, base);
      await request(master.pathname);
      const media = await (await request(new URL('360p/index.m3u8', master).pathname)).text();
      for (const key of [...media.matchAll(/URI="([^"]+)"/g)].slice(0, 3).map((m) => m[1]!)) {
        await think();
        await request(key);
      }
      await request('/healthz', { health: true });
      if (n % SIGN_IN_EVERY === SIGN_IN_EVERY - 1) {
        // A new phone each time: the per-phone limits (5 an hour) are not what a soak measures.
        const phone = `7990${String(phones++).padStart(7, '0')}`;
        await request('/v1/agregator/sendAuth', {
          method: 'POST',
          token,
          body: JSON.stringify({ auth_type: 'phone', uid: phone }),
        });
        const outbox = (await (await request(`/sandbox/sms?phone=${phone}`)).json()) as { text: string }[];
        const code = outbox[0]?.text.match(/(\d{4})$/)?.[1] ?? '0000';
        const signedIn = await request('/v1/agregator/authApp', {
          method: 'POST',
          token,
          body: JSON.stringify({
            grant_type: 'mega',
            client_id: 'web',
            client_secret: 'web',
            auth_type: 'phone',
            dev_type: 'PCWEB',
            dev_model: 'web',
            verify_code: code,
            uid: phone,
            device_uid: device,
          }),
        });
        if (signedIn.status === 200) signIns++;
      } else if (n % PAY_EVERY === PAY_EVERY - 1 && packageIds.length > 0) {
        const created = await request('/v1/agregator/createPayment', {
          method: 'POST',
          token,
          body: JSON.stringify({
            type: 'widget_yookassa',
            package_id: packageIds[n % packageIds.length],
            device_uid: device,
          }),
        });
        if (created.status === 200) {
          const { payment_id } = await json<{ payment_id: string }>(created);
          await request('/v1/agregator/checkPayment', {
            method: 'POST',
            token,
            body: JSON.stringify({ type: 'widget_yookassa', payment_id }),
          });
          payments++;
        }
      }
    }

    const scrape = async () => {
      const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      return res.text();
    };
    // The heap in use at one instant is a point on GC's sawtooth (tens of MiB apart a few seconds
    // apart); its lowest reading in a minute is what survives collections, where a leak shows.
    let heapFloor = Number.POSITIVE_INFINITY;
    const probe = setInterval(() => {
      scrape()
        .then((text) => {
          heapFloor = Math.min(heapFloor, metricOf(text, 'nodejs_heap_size_used_bytes') / MIB);
        })
        .catch(() => undefined);
    }, PROBE_MS);

    async function sample(minute: Minute): Promise<Sample> {
      const text = await scrape();
      const heapMiB = metricOf(text, 'nodejs_heap_size_used_bytes') / MIB;
      const floor = Math.min(heapFloor, heapMiB);
      heapFloor = Number.POSITIVE_INFINITY;
      return {
        minute: minute.minute,
        requests: minute.requests,
        rps: Math.round(minute.requests / (SAMPLE_MS / 1000)),
        p50: quantile(minute.latencies, 0.5),
        p99: quantile(minute.latencies, 0.99),
        healthP99: quantile(minute.health, 0.99),
        errors: minute.errors,
        rssMiB: metricOf(text, 'process_resident_memory_bytes') / MIB,
        heapMiB,
        heapFloorMiB: floor,
        streams: metricOf(text, 'kadr_active_streams'),
        load: loadavg()[0]!,
      };
    }

    const end = Date.now() + MINUTES * 60_000;
    let running = true;
    const viewers = Array.from({ length: VIEWERS }, async (_, viewer) => {
      while (running) await visit(viewer).catch(() => undefined);
    });
    const unexpected = new Map<number, number>();
    for (let m = 1; Date.now() < end; m++) {
      await sleep(Math.min(SAMPLE_MS, end - Date.now()));
      const done = clock.minute;
      clock.minute = newMinute(m);
      const s = await sample(done);
      samples.push(s);
      for (const [status, count] of done.statuses)
        if (status >= 400) unexpected.set(status, (unexpected.get(status) ?? 0) + count);
      console.log(
        `minute ${s.minute + 1}: ${s.requests} requests, p99 ${s.p99.toFixed(1)} ms, RSS ${s.rssMiB.toFixed(1)} MiB, heap ${s.heapMiB.toFixed(1)} MiB (floor ${s.heapFloorMiB.toFixed(1)}), errors ${s.errors}`,
      );
    }
    running = false;
    clearInterval(probe);
    await Promise.all(viewers);
    report({
      samples,
      signIns,
      payments,
      visits,
      unexpected,
      loadStart,
      engine: postgres ? 'PostgreSQL' : 'PGlite',
    });
  } finally {
    await service.stop();
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(run: {
  samples: Sample[];
  signIns: number;
  payments: number;
  visits: number;
  unexpected: Map<number, number>;
  loadStart: number;
  engine: string;
}) {
  const { samples } = run;
  const measured = samples.slice(WARM_UP_MINUTES);
  const fit = (pick: (s: Sample) => number) => {
    const perMinute = slope(measured.map((s) => [s.minute, pick(s)]));
    const mean = measured.reduce((sum, s) => sum + pick(s), 0) / measured.length;
    const growth = perMinute * Math.max(1, measured.length - 1);
    return { perMinute, mean, growth, share: growth / mean };
  };
  const rss = fit((s) => s.rssMiB);
  const settledFloor = new Map(
    measured.map((s, i) => [
      s,
      Math.min(...measured.slice(Math.max(0, i - FLOOR_MINUTES + 1), i + 1).map((m) => m.heapFloorMiB)),
    ]),
  );
  const heap = fit((s) => settledFloor.get(s)!);
  const p99 = fit((s) => s.p99);
  const flat = {
    rss: rss.share <= MEMORY_GROWTH_BOUND,
    heap: heap.share <= MEMORY_GROWTH_BOUND,
    p99: p99.share <= P99_GROWTH_BOUND,
  };
  const verdict = (ok: boolean) => (ok ? 'flat' : '**not flat**');
  const ms = (n: number) => (n < 10 ? n.toFixed(1) : String(Math.round(n)));
  const total = samples.reduce((sum, s) => sum + s.requests, 0);
  const errors = samples.reduce((sum, s) => sum + s.errors, 0);
  const statuses = [...run.unexpected].map(([status, n]) => `${n} × ${status}`).join(', ') || 'none';
  const body = `
Method: \`nice -n 10 node bench/soak.ts\` (after \`pnpm build\`; SOAK_MINUTES=${MINUTES}). The built service
(\`apps/api/dist/server.js\`, one process) on ${run.engine === 'PostgreSQL' ? 'a fresh PostgreSQL database (dropped after)' : 'PGlite'},
the demo catalogue, sandbox providers, payment jobs on, LOG_LEVEL=warn. ${VIEWERS} virtual viewers (one Node
process, fetch with keep-alive, on the same 2 cores), each pausing ${THINK_MS} ms (± half) between requests, in a loop
of visits over ${DEVICES} devices: anonymous auth, home collections, searchHint, a title card, a release of a
previewable film with its master and media playlists and 3 segment keys, /healthz; every ${SIGN_IN_EVERY}th visit a
phone sign-in (sendAuth, the code from the sandbox outbox, authApp; a new phone each time), every ${PAY_EVERY}th
otherwise a payment (createPayment, checkPayment). ${run.visits.toLocaleString('en')} visits, ${total.toLocaleString('en')} requests,
${run.signIns} sign-ins, ${run.payments} payments. Every minute: the minute's p50/p99 over all requests but
/healthz, /healthz's own p99 (the floor: client and machine noise), and from the server's /metrics its RSS
(\`process_resident_memory_bytes\`), V8 heap in use (\`nodejs_heap_size_used_bytes\`: at the minute's end, and its
floor — the lowest of readings every ${PROBE_MS / 1000} s, what survives collections) and
\`kadr_active_streams\`. **The machine was shared** with other sessions' builds, tests and benchmarks
throughout (load average column); latency figures carry their noise.

${table(
  [
    'minute',
    'requests/s',
    'p50 ms',
    'p99 ms',
    '/healthz p99 ms',
    'errors',
    'RSS MiB',
    'heap MiB',
    'heap floor MiB',
    'active streams',
    'load avg',
  ],
  samples.map((s) => [
    s.minute + 1,
    s.rps,
    ms(s.p50),
    ms(s.p99),
    ms(s.healthP99),
    s.errors,
    s.rssMiB.toFixed(1),
    s.heapMiB.toFixed(1),
    s.heapFloorMiB.toFixed(1),
    s.streams,
    s.load.toFixed(1),
  ]),
)}

Flatness over minutes ${WARM_UP_MINUTES + 1}–${samples.length} (the first ${WARM_UP_MINUTES} are warm-up): least-squares slope, and the
growth it makes over those minutes as a share of the mean. Bounds: memory ${MEMORY_GROWTH_BOUND * 100} %, p99 ${P99_GROWTH_BOUND * 100} %. The heap
floor judged is, for each minute, the lowest floor of it and the ${FLOOR_MINUTES - 1} before (measured minutes only): a
minute can pass without a full collection, and its floor is then garbage not yet collected.

${table(
  ['series', 'mean', 'slope per minute', 'growth over the run', 'verdict'],
  [
    [
      'RSS',
      `${rss.mean.toFixed(1)} MiB`,
      `${rss.perMinute.toFixed(2)} MiB`,
      `${(rss.share * 100).toFixed(1)} %`,
      verdict(flat.rss),
    ],
    [
      'heap floor',
      `${heap.mean.toFixed(1)} MiB`,
      `${heap.perMinute.toFixed(2)} MiB`,
      `${(heap.share * 100).toFixed(1)} %`,
      verdict(flat.heap),
    ],
    [
      'p99',
      `${p99.mean.toFixed(1)} ms`,
      `${p99.perMinute.toFixed(2)} ms`,
      `${(p99.share * 100).toFixed(1)} %`,
      verdict(flat.p99),
    ],
  ],
)}

Errors: ${errors} (${statuses}).

The earlier run (2026-11-26 12:57 UTC, before the fixes in docs/decisions/027-operations.md, "The soak"):
the heap floor rose from about 48 to 68–76 MiB, +0.73 MiB a minute (29.5 %, **not flat**), while RSS
(+4.7 %) and p99 stayed flat. Heap snapshots showed why: the session cache and the grant guard kept an
entry for every session ever opened (one per anonymous auth, about 1 900 a minute) long past its TTL
or check period, up to their caps of 50 000 and 100 000. Now a session cache generation also ends with
time (the longer of the TTL and 60 s) and the guard sweeps checks whose period ended.
`;
  writeSection('soak', `Soak: ${MINUTES} minutes of mixed traffic (bench/soak.ts)`, body);
  console.log(body);
  if (!flat.rss || !flat.heap || !flat.p99 || errors > 0) process.exitCode = 1;
}

await main();
