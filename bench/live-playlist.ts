// Live playlists at 500 concurrent viewers (issue 13, docs/decisions/029): each viewer's media playlist
// is computed from the clock and the guide per request (grant, guard, window, looks, signed segment
// URLs; full playlists' bodies shared per channel and edge) — measured beside a static file of the
// same size served by the same api process (@fastify/static, /media/images/) and by nginx (when
// installed: apt-get install -y nginx-light) in the same run. Also a preview's short live window
// beside static files of its size.
// Client: autocannon (one Node process on the same 2 cores). Run after `pnpm build`: node bench/live-playlist.ts
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePortForTest } from '../apps/api/src/test/free-port.ts';
import { nginxAvailable, plainStaticConfig, startNginx } from '../apps/api/src/test/nginx-process.ts';
import { startService } from '../e2e/support/service.ts';
import { cpuOf } from './lib/cpu-time.ts';
import { writeLiveLoop } from './lib/live-loop.ts';
import { table, writeSection } from './lib/report.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_S = 1;
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 500);
const PREVIEW_VIEWERS = 100;
const SECRET = `bench-${randomBytes(24).toString('base64url')}`;
/** The demo catalogue's channels; 1, 4, 5 and 6 are sold by a title, the others free. */
const CHANNELS = 14;
const SOLD = new Set([1, 4, 5, 6]);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Server CPU per answered request, µs. */
  cpuMicros: number;
}

interface Target {
  name: string;
  paths: string[];
  bytes: number;
  /** Where it is served (the api's address by default). */
  baseUrl?: string;
  /** The row whose p99 this one is compared with. */
  baseline?: number;
}

async function measure(baseUrl: string, pid: number, target: Target, duration: number): Promise<Figures> {
  let next = 0;
  const before = cpuOf(pid).self;
  const result = await autocannon({
    url: target.baseUrl ?? baseUrl,
    connections: VIEWERS,
    duration,
    requests: [
      { method: 'GET', setupRequest: (r) => ({ ...r, path: target.paths[next++ % target.paths.length] }) },
    ],
  });
  const cpu = cpuOf(pid).self - before;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuMicros: (cpu * 1e6) / Math.max(1, result.requests.total),
  };
}

const ms = (n: number) => (n < 10 ? n.toFixed(1) : String(Math.round(n)));

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'kadr-bench-live-'));
  const dataDir = join(dir, 'data');
  for (let channel = 1; channel <= CHANNELS; channel++)
    for (const look of [0, 1]) writeLiveLoop(dataDir, channel, look);
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  const api = await startService({
    DATA_DIR: dataDir,
    MEDIA_SECRET: SECRET,
    DEMO_SCHEDULE: '1',
    RATE_LIMIT_ANONYMOUS_IP_HOUR: '100000',
    RATE_LIMIT_ANONYMOUS_SUBNET_HOUR: '100000',
    RATE_LIMIT_ANONYMOUS_HOUR: '100000',
    RATE_LIMIT_ANONYMOUS_DEVICE_DAY: '100000',
  });
  try {
    const json = async <T>(path: string, token?: string, body?: unknown) => {
      const res = await fetch(`${api.baseUrl}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const envelope = (await res.json()) as { success: boolean; response: T };
      if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
      return envelope.response;
    };
    const viewer = async (i: number) =>
      (await json<{ access_token: string }>(`/web/1/auth/web_benchlive${String(i).padStart(8, '0')}`))
        .access_token;
    // The demo guide is written a second after start: wait for it, so looks come from programmes.
    const probe = await viewer(0);
    const today = `${new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10)}T00:00+03:00`;
    for (let tries = 0; ; tries++) {
      const day = await json<{ items: unknown[] }>('/v1/agregator/getTvSchedule', probe, {
        tv_schedule_day_start_utc0: today,
        stream_id: CHANNELS,
      });
      if (day.items.length > 0) break;
      if (tries > 600) throw new Error('the demo guide was not written');
      await new Promise((r) => setTimeout(r, 100));
    }
    const free = Array.from({ length: CHANNELS }, (_, i) => i + 1).filter((c) => !SOLD.has(c));
    const streamOf = async (token: string, stream_id: number) =>
      (
        await json<{ stream: { stream_url: string } }>('/v1/agregator/getReleaseChannel', token, {
          stream_id,
          dev_model: 'web',
        })
      ).stream.stream_url.replace('master.m3u8', '360p/index.m3u8');
    // Full viewers spread over the free channels (a 30-minute DVR window each); preview viewers of the
    // sold channels (6 segments).
    const full: string[] = [];
    for (let i = 0; i < VIEWERS; i++) full.push(await streamOf(await viewer(i + 1), free[i % free.length]!));
    const previews: string[] = [];
    for (let i = 0; i < PREVIEW_VIEWERS; i++)
      previews.push(await streamOf(await viewer(VIEWERS + i + 1), [...SOLD][i % SOLD.size]!));

    const sample = async (path: string) => {
      const res = await fetch(`${api.baseUrl}${path}`);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    };
    const fullBody = await sample(full[0]!);
    const previewBody = await sample(previews[0]!);
    // Static files of the same sizes, served by the same process.
    const images = join(dataDir, 'media', 'images');
    mkdirSync(images, { recursive: true });
    writeFileSync(join(images, 'bench-full.m3u8'), fullBody);
    writeFileSync(join(images, 'bench-preview.m3u8'), previewBody);
    await sample('/media/images/bench-full.m3u8');
    // And the same files from nginx (sendfile, open_file_cache), the static reference of bench/segments.ts.
    const nginxFiles = join(dataDir, 'media', 'hls', 'bench');
    mkdirSync(nginxFiles, { recursive: true });
    writeFileSync(join(nginxFiles, 'full.m3u8'), fullBody);
    writeFileSync(join(nginxFiles, 'preview.m3u8'), previewBody);
    const nginxPort = nginxAvailable ? await freePortForTest() : 0;
    nginx = nginxAvailable
      ? await startNginx(
          join(dir, 'nginx'),
          [plainStaticConfig({ dataDir, listen: nginxPort })],
          [nginxPort],
          {
            workers: 2,
          },
        )
      : undefined;
    const nginxUrl = `http://127.0.0.1:${nginxPort}`;

    const segments = fullBody
      .toString()
      .split('\n')
      .filter((l) => l.startsWith('/media/live/')).length;
    const targets: Target[] = [
      {
        name: `(a) live playlist, full (${segments} segments: 30 min DVR)`,
        paths: full,
        bytes: fullBody.length,
        baseline: 1,
      },
      {
        name: '(b) static file of the same size, the api (@fastify/static)',
        paths: ['/media/images/bench-full.m3u8'],
        bytes: fullBody.length,
      },
      {
        name: '(c) live playlist, preview (6 segments)',
        paths: previews,
        bytes: previewBody.length,
        baseline: 3,
      },
      {
        name: '(d) static file of the same size, the api (@fastify/static)',
        paths: ['/media/images/bench-preview.m3u8'],
        bytes: previewBody.length,
      },
      ...(nginx
        ? [
            {
              name: "(e) static file of (a)'s size, nginx",
              paths: ['/media/hls/bench/full.m3u8'],
              bytes: fullBody.length,
              baseUrl: nginxUrl,
            },
            {
              name: "(f) static file of (c)'s size, nginx",
              paths: ['/media/hls/bench/preview.m3u8'],
              bytes: previewBody.length,
              baseUrl: nginxUrl,
            },
          ]
        : []),
    ];
    const load = [loadavg()[0]!];
    for (const t of targets) await measure(api.baseUrl, api.pid, t, WARM_UP_S);
    const runs: Figures[][] = targets.map(() => []);
    for (let round = 0; round < ROUNDS; round++)
      for (let i = 0; i < targets.length; i++) {
        const at = (i + round) % targets.length;
        const figures = await measure(api.baseUrl, api.pid, targets[at]!, DURATION_S);
        console.log(
          `round ${round + 1}: ${targets[at]!.name}: ${Math.round(figures.rps)}/s, p99 ${figures.p99} ms`,
        );
        runs[at]!.push(figures);
      }
    load.push(loadavg()[0]!);
    // The median round by p99 (the figure the goal is about).
    const medians = runs.map((r) => [...r].sort((x, y) => x.p99 - y.p99)[Math.floor(r.length / 2)]!);
    const rows = targets.map((t, i) => {
      const m = medians[i]!;
      const baseline = t.baseline === undefined ? undefined : medians[t.baseline]!;
      return [
        t.name,
        `${(t.bytes / 1024).toFixed(1)} KiB`,
        Math.round(m.rps),
        ms(m.p50),
        ms(m.p99),
        runs[i]!.map((r) => ms(r.p99)).join(', '),
        m.errors,
        t.baseUrl ? '—' : Math.round(m.cpuMicros),
        baseline ? `${Math.round((m.p99 / baseline.p99) * 100)} %` : '—',
      ];
    });
    const body = [
      `${VIEWERS} concurrent keep-alive connections over loopback, autocannon (one Node process, on the same`,
      `2 cores as the api); each request takes the next viewer's URL. ${ROUNDS} interleaved rounds of ${DURATION_S} s per path after`,
      `${WARM_UP_S} s of warm-up, the median round by p99 shown (every round's p99 beside it).`,
      `The api: one process (\`apps/api/dist/server.js\`), PGlite, the demo catalogue and its demo guide, real time`,
      `(the live edge moves every 4 s). (a): ${VIEWERS} guests, each with their own grant, spread over the`,
      `${free.length} free channels — grant check, guard (cached), window from the clock, looks from the cached guide,`,
      'the body shared per channel and edge; (c): 100 guests previewing the 4 sold channels — written per request.',
      '(b), (d): the same bytes as a file under /media/images/ (@fastify/static, same process); (e), (f): from nginx',
      `(${nginx ? "Debian's, 2 workers, sendfile" : 'not installed: no rows'}). Server CPU: the`,
      `api process's user + system time per answered request. 1-minute load average ${load[0]!.toFixed(1)} at the start and`,
      `${load[1]!.toFixed(1)} at the end${load[0]! > 2 ? ' (other work was running on the machine)' : ''}.`,
      '',
      table(
        [
          'path',
          'size',
          'requests/s',
          'p50 ms',
          'p99 ms',
          'p99 of each round',
          'errors',
          'api CPU µs/request',
          "p99 of the api's static file",
        ],
        rows,
      ),
    ].join('\n');
    writeSection(
      'live-playlist',
      `Live playlists at ${VIEWERS} concurrent viewers (bench/live-playlist.ts)`,
      body,
    );
    console.log(body);
  } finally {
    await nginx?.stop();
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
