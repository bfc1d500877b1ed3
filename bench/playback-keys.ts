// Segment keys on the hot path (docs/decisions/022): every segment's AES-128 key passes the grant guard
// (session and package, cached) — measured through the api beside the api's own signed segments (no
// guard, no key) in the same run, and the guard's cached check alone in this process.
// 100 concurrent keep-alive connections, autocannon. Run after `pnpm build`: node bench/playback-keys.ts
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { GrantGuard } from '../apps/api/src/modules/playback/grant-guard.ts';
import type { Grant } from '../apps/api/src/modules/playback/grants.ts';
import { startService } from '../e2e/support/service.ts';
import { writeAsset } from './lib/fixture-asset.ts';
import { table, writeSection } from './lib/report.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 100;
const SECRET = `bench-${randomBytes(24).toString('base64url')}`;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(baseUrl: string, paths: string[], duration: number): Promise<Figures> {
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Microseconds one cached guard check takes (a live session, a held package). */
async function guardCheckMicros(): Promise<number> {
  const guard = new GrantGuard({
    clock: { now: () => new Date() },
    sessionLive: async () => true,
    sessionEnded: () => false,
    holding: async () => ({ validUntil: null }),
  });
  const grant: Grant = {
    profileId: 1,
    contentId: 1,
    episodeId: 0,
    access: 'full',
    previewSeconds: 0,
    packageId: 3,
    sessionId: '0b7e4c2a-1f3d-4c5e-9a8b-7c6d5e4f3a2b',
    expires: Math.floor(Date.now() / 1000) + 300,
  };
  for (let i = 0; i < 20_000; i++) await guard.check(grant);
  const n = 200_000;
  const started = performance.now();
  for (let i = 0; i < n; i++) await guard.check(grant);
  return ((performance.now() - started) * 1000) / n;
}

const ms = (n: number) => (n < 10 ? n.toFixed(1) : String(Math.round(n)));

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'kadr-bench-keys-'));
  const dataDir = join(dir, 'data');
  // The demo catalogue (no demo media): the first film's video is written by hand.
  const api = await startService({ DATA_DIR: dataDir, MEDIA_SECRET: SECRET });
  try {
    const auth = await fetch(`${api.baseUrl}/web/1/auth/web_benchplaybackkeys01`);
    const { response } = (await auth.json()) as { response: { access_token: string } };
    const call = async <T>(path: string) => {
      const res = await fetch(`${api.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${response.access_token}` },
      });
      return ((await res.json()) as { response: T }).response;
    };
    const home = await call<{ collections: { EKs?: { EK_id: number; EK_type?: string }[] }[] }>(
      '/web/1/collections?tab_id=Main2&RB_queue_count=15&RB_teaser_count=15',
    );
    const ids = [...new Set(home.collections.flatMap((rail) => (rail.EKs ?? []).map((item) => item.EK_id)))];
    let release: { content_url: string; preview_timer: number | null } | undefined;
    for (const id of ids) {
      const card = await call<{ EK_type: string; goods: { is_preview: boolean } }>(`/web/2/contents/${id}`);
      if (card.EK_type !== 'film' || !card.goods.is_preview) continue;
      writeAsset(dataDir, `ek-${id}`);
      release = await call(`/web/1/releases/${id}?dev_type=PCWEB&dev_model=web`);
      break;
    }
    if (!release) throw new Error('no previewable film in the demo catalogue');
    // A guest's preview grant: its keys are those of the segments inside the preview.
    const master = new URL(release.content_url, api.baseUrl);
    const media = await (await fetch(new URL('360p/index.m3u8', master))).text();
    const uris = media.split('\n').filter((l) => l.startsWith('/media/hls/'));
    const keys = [...media.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!);
    const segments = uris;
    if (keys.length === 0 || segments.length === 0) throw new Error(`no keys or segments in\n${media}`);
    for (const paths of [keys, segments]) {
      const probe = await fetch(`${api.baseUrl}${paths[0]}`);
      if (probe.status !== 200) throw new Error(`${paths[0]} answered ${probe.status}`);
    }
    const targets = [
      { name: '(a) segment key: grant, guard (cached), derived key', paths: keys },
      { name: '(b) signed segment (72 KiB) through the api, no guard', paths: segments },
    ];
    const load = [loadavg()[0]];
    for (const t of targets) await measure(api.baseUrl, t.paths, 1);
    const runs: Figures[][] = targets.map(() => []);
    for (let round = 0; round < ROUNDS; round++)
      for (let i = 0; i < targets.length; i++) {
        const at = (i + round) % targets.length;
        const figures = await measure(api.baseUrl, targets[at]!.paths, DURATION_S);
        console.log(`round ${round + 1}: ${targets[at]!.name}: ${Math.round(figures.rps)}/s`);
        runs[at]!.push(figures);
      }
    load.push(loadavg()[0]);
    const medians = runs.map((r) => [...r].sort((x, y) => x.rps - y.rps)[Math.floor(r.length / 2)]!);
    const micros = await guardCheckMicros();
    const baseline = medians[1]!.rps;
    const body = [
      `${CONNECTIONS} concurrent keep-alive connections over loopback, autocannon (one Node process, on the`,
      `same 2 cores as the api); ${ROUNDS} interleaved rounds of ${DURATION_S} s per path, median round shown.`,
      `The api: one process (\`apps/api/dist/server.js\`), PGlite, the demo catalogue; a guest's preview grant`,
      `of a film (its ${keys.length} keys, its ${segments.length} segments). 1-minute load average ${load[0]!.toFixed(1)} at`,
      `the start and ${load[1]!.toFixed(1)} at the end.`,
      '',
      table(
        ['path', 'requests/s', 'p50 ms', 'p99 ms', 'errors', 'of (b)'],
        targets.map((t, i) => [
          t.name,
          Math.round(medians[i]!.rps),
          ms(medians[i]!.p50),
          ms(medians[i]!.p99),
          medians[i]!.errors,
          `${Math.round((medians[i]!.rps / baseline) * 100)} %`,
        ]),
      ),
      '',
      `The guard's cached check alone (\`GrantGuard.check\`, a map look-up and a resolved promise) takes`,
      `${micros.toFixed(2)} µs in this process. A viewer asks one key per segment (4 s); the guard asks the`,
      'database once per session and package every 15 s, never per request.',
    ].join('\n');
    writeSection('playback-keys', 'Segment keys through the grant guard (bench/playback-keys.ts)', body);
    console.log(body);
  } finally {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
