/// <reference lib="dom" />
// Live channels in Chromium (issue 13): the channel page's channel change — PageUp/PageDown on a playing
// channel to the first frame of the next one, in the same player (player-core's switchChannel) — p50/p95
// over RUNS switches; and the live first frame — Смотреть on the channel page to the first frame — beside
// a bare page with a <video> and hls.js on the same channel's stream (the getReleaseChannel call, the live
// playlist, keys and segments; no app, no video.js), measured in the same run.
// Run after `pnpm build`: node bench/live-channel.ts   (RUNS=20 by default; needs the local PostgreSQL)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { anonymousApi } from '../e2e/support/api.ts';
import { freshPostgres } from '../e2e/support/postgres.ts';
import { startService } from '../e2e/support/service.ts';
import { bareHlsFirstFrame, hlsSource } from './lib/bare-hls.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/lighthouse.ts';
import { quantile, table, writeSection } from './lib/report.ts';

const RUNS = Number(process.env.RUNS ?? 20);
const GOAL_P50_MS = 1000;
const GOAL_P95_MS = 2000;
const MEDIA_WAIT_MS = 300_000;
const repoRoot = join(import.meta.dirname, '..');
const VIDEO = 'section[aria-label="Плеер"] video';

const ms = (value: number) => Math.round(value).toLocaleString('en');

/** In the page: resolves performance.now() of the first frame a player <video> presents after `emptied` or creation. */
function armFirstFrame(page: Page): Promise<void> {
  return page.evaluate((selector) => {
    const w = window as unknown as { __firstFrame?: number };
    w.__firstFrame = undefined;
    performance.clearResourceTimings();
    const seen = new Set<HTMLVideoElement>();
    const watch = (video: HTMLVideoElement) => {
      const onFrame = () => {
        if (w.__firstFrame === undefined && video.currentTime > 0) w.__firstFrame = performance.now();
        else if (w.__firstFrame === undefined) video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
    };
    new MutationObserver(() => {
      for (const video of document.querySelectorAll<HTMLVideoElement>(selector)) {
        if (!seen.has(video)) {
          seen.add(video);
          watch(video);
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
    // The kept <video> of a channel switch: its next source empties it first.
    for (const video of document.querySelectorAll<HTMLVideoElement>(selector)) {
      seen.add(video);
      video.addEventListener('emptied', () => watch(video), { once: true });
    }
  }, VIDEO);
}

/**
 * The requests of a switch, in the order one waits for the other: each stage is the first request of
 * its kind started after the stage before it was answered (so the old channel's playlist refreshes and
 * segments do not count); getPackageByChannel runs beside them.
 */
const STAGES = [
  ['getPackageByChannel', /getPackageByChannel/, false],
  ['getReleaseChannel', /getReleaseChannel/, false],
  ['master playlist', /master\.m3u8/, true],
  ['media playlist', /index\.m3u8/, true],
  ['key', /\/key\/\d+/, true],
  ['segment', /\.ts(\?|$)/, true],
] as const;
type Stage = (typeof STAGES)[number][0] | 'first frame';

/** Runs `act` and answers the milliseconds from it to the first frame, and when each stage's request was answered. */
async function toFirstFrame(
  page: Page,
  act: () => Promise<void>,
): Promise<{ ms: number; stages: Partial<Record<Stage, number>> }> {
  await armFirstFrame(page);
  const t0 = await page.evaluate(() => performance.now());
  await act();
  const handle = await page.waitForFunction(
    () => (window as unknown as { __firstFrame?: number }).__firstFrame,
    undefined,
    { timeout: 30_000, polling: 'raf' },
  );
  const frame = (await handle.jsonValue()) as number;
  const requests = await page.evaluate(
    ({ from, to }) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= from && entry.startTime <= to)
        .map((entry) => ({
          name: entry.name,
          start: entry.startTime,
          end: (entry as PerformanceResourceTiming).responseEnd,
        })),
    { from: t0, to: frame },
  );
  const stages: Partial<Record<Stage, number>> = { 'first frame': frame - t0 };
  let after = t0;
  for (const [stage, pattern, chained] of STAGES) {
    const request = requests.find((entry) => pattern.test(entry.name) && (!chained || entry.start >= after));
    if (!request) continue;
    stages[stage] = request.end - t0;
    if (chained || stage === 'getReleaseChannel') after = request.end;
  }
  return { ms: frame - t0, stages };
}

const loadBefore = loadavg()
  .map((value) => value.toFixed(1))
  .join(' / ');
const database = await freshPostgres('kadr_bench_live_channel');
if (!database)
  throw new Error('the live channel benchmark needs the local PostgreSQL (the grant runs beside it)');
const service = await startService({
  DATABASE_URL: database.url,
  DEMO_MEDIA: '1',
  DEMO_SCHEDULE: '1',
  LOG_LEVEL: 'error',
  LIVE_PREVIEWS_PER_HOUR: '100',
});
const profile = mkdtempSync(join(tmpdir(), 'kadr-live-channel-'));
let context: BrowserContext | undefined;
try {
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const { rows: sold } = await db.query<{ id: number; package_id: number }>(
    `select ch.id, k.package_id from channels ch
     join lateral (select package_id from contents
                   where channel_id = ch.id and type = 'channel' order by id limit 1) k on true
     where k.package_id is not null order by ch.id`,
  );
  await db.end();
  const first = sold[0];
  if (!first) throw new Error('the demo sells no channel');

  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'),
      '--autoplay-policy=no-user-gesture-required',
    ],
    viewport: { width: 1280, height: 800 },
    // The baseline's bare page is an inline script on the api's origin, whose CSP refuses inline scripts.
    bypassCSP: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${service.baseUrl}/promo/web/tv/${first.id}/`);
  await page.waitForFunction(() => Boolean(localStorage.getItem('access_token')));
  const { token, profileId } = await page.evaluate(() => ({
    token: localStorage.getItem('access_token') ?? '',
    profileId: Number(localStorage.getItem('profile_id')),
  }));
  for (const packageId of new Set(sold.map((row) => row.package_id))) {
    const grant = spawnSync(
      process.execPath,
      [
        join(repoRoot, 'apps/api/dist/package-access.js'),
        'grant',
        '--profile',
        String(profileId),
        '--package',
        String(packageId),
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: service.dataDir },
        encoding: 'utf8',
      },
    );
    if (grant.status !== 0) throw new Error(`grant failed: ${grant.stdout}\n${grant.stderr}`);
  }

  // The next channel in the TV tab's order, and both channels' loops made (on first start).
  await page.reload();
  const nextLink = page.getByRole('link', { name: /^Следующий канал: / });
  await nextLink.waitFor();
  const nextId = Number(/\/tv\/(\d+)\//.exec((await nextLink.getAttribute('href')) ?? '')?.[1]);
  const call = await anonymousApi(service.baseUrl, 'web_BENCHlivechannel1');
  for (const id of [first.id, nextId]) {
    const deadline = Date.now() + MEDIA_WAIT_MS;
    for (;;) {
      try {
        await call('/v1/agregator/getReleaseChannel', { stream_id: id, dev_model: 'web' });
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    }
  }

  // Live first frame: the channel page loaded afresh, Смотреть → first frame.
  const firstFrames: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await page.goto(`${service.baseUrl}/promo/web/tv/${first.id}/`);
    const watch = page.getByRole('button', { name: 'Смотреть', exact: true });
    await watch.waitFor();
    firstFrames.push((await toFirstFrame(page, () => watch.click())).ms);
  }

  // Channel change: playing, PageUp to the next channel, PageDown back, each to its first frame. The
  // keys are pressed in the player (focused first): elsewhere on the page they scroll it.
  const player = page.getByRole('region', { name: 'Плеер' });
  const switches: number[] = [];
  const switchStages: Partial<Record<Stage, number>>[] = [];
  await page.goto(`${service.baseUrl}/promo/web/tv/${first.id}/`);
  await page.getByRole('button', { name: 'Смотреть', exact: true }).click();
  for (let run = 0; run < RUNS; run += 1) {
    await page.waitForFunction(
      (selector) => {
        const video = document.querySelector<HTMLVideoElement>(selector);
        return Boolean(video && !video.paused && video.readyState >= 3);
      },
      VIDEO,
      { timeout: 30_000 },
    );
    await page.waitForTimeout(500);
    // Focused before the clock starts, so the figure is the key's alone.
    await player.focus();
    const change = await toFirstFrame(page, () => page.keyboard.press(run % 2 === 0 ? 'PageUp' : 'PageDown'));
    switches.push(change.ms);
    switchStages.push(change.stages);
  }

  const hls = hlsSource(repoRoot);
  const baseTimes: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    baseTimes.push(
      await bareHlsFirstFrame(
        page,
        service.baseUrl,
        hls,
        {
          path: '/v1/agregator/getReleaseChannel',
          body: { stream_id: first.id, dev_model: 'web' },
          urlAt: ['response', 'stream', 'stream_url'],
        },
        token,
      ),
    );
  }

  const row = (name: string, values: number[], goal: string) => [
    name,
    values.length,
    ms(quantile(values, 0.5)),
    ms(quantile(values, 0.95)),
    ms(Math.min(...values)),
    ms(Math.max(...values)),
    goal,
  ];
  console.log('raw ms — first frame:', firstFrames.map(Math.round).join(' '));
  console.log('raw ms — switch:', switches.map(Math.round).join(' '));
  console.log('raw ms — baseline:', baseTimes.map(Math.round).join(' '));
  const loadAfter = loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  const stageRows = [...STAGES.map(([stage]) => stage), 'first frame' as const].flatMap((stage) => {
    const times = switchStages.flatMap((stages) => (stages[stage] === undefined ? [] : [stages[stage]]));
    return times.length === 0
      ? []
      : [
          [
            stage,
            `${times.length} / ${switchStages.length}`,
            ms(quantile(times, 0.5)),
            ms(quantile(times, 0.95)),
          ],
        ];
  });
  console.log(table(['stage', 'switches with it', 'p50 ms', 'p95 ms'], stageRows));
  const p50 = quantile(switches, 0.5);
  const p95 = quantile(switches, 0.95);
  const body = [
    `Headless Chromium (Debian), the built app and api in one process on a fresh PostgreSQL database (demo media with the channels' looped media, demo EPG), a buyer of the channels' packages, ${RUNS} runs each; time to the first presented frame (requestVideoFrameCallback with currentTime > 0; for a switch, the first after the kept <video> is emptied by the new source). Channel change: PageUp in the player of a playing channel page to the next channel of the TV tab, PageDown back, alternately (channels ${first.id} and ${nextId}), in the same player (player-core's switchChannel: the same adapter, element and hls.js engine; the grant fetched ahead once the channel played, the two neighbours' of a buyer, decision 031 «Channel change»). Live first frame: the channel page loaded afresh, Смотреть clicked. Baseline: a bare page with a <video> and hls.js (default settings) on the same channel, getReleaseChannel then the live playlist, keys and segments.`,
    '',
    table(
      ['scenario', 'runs', 'p50 ms', 'p95 ms', 'min ms', 'max ms', 'goal'],
      [
        row(
          'channel change: PageUp/PageDown → first frame of the other channel',
          switches,
          `p50 ≤ ${GOAL_P50_MS}, p95 ≤ ${GOAL_P95_MS}`,
        ),
        row('live first frame: Смотреть → first frame (app)', firstFrames, '—'),
        row('baseline: bare <video> + hls.js, getReleaseChannel + the same live stream', baseTimes, '—'),
      ],
    ),
    '',
    `Where a channel change's time goes: ms from the key press to the answer of each request the new channel waits for, in turn — the first of its kind started after the one before was answered (resource timing; one made before the key press, a prefetch, is not in the switch). Load average (1 / 5 / 15 min) ${loadBefore} before, ${loadAfter} after.`,
    '',
    table(['stage', 'switches with it', 'p50 ms', 'p95 ms'], stageRows),
    '',
    `Channel change verdict: p50 ${ms(p50)} ms ${p50 <= GOAL_P50_MS ? 'meets' : 'misses'} the 1 s goal, p95 ${ms(p95)} ms ${p95 <= GOAL_P95_MS ? 'meets' : 'misses'} the 2 s goal (what a switch waits for and why: the stage table above, docs/decisions/031-player-live.md «Channel change»). The app's live first frame costs ${ms(quantile(firstFrames, 0.5) - quantile(baseTimes, 0.5))} ms over the bare hls.js baseline at p50 (first run, cold player chunk: ${ms(firstFrames[0] ?? Number.NaN)} ms).`,
  ].join('\n');
  writeSection('live-channel', 'Live channel change and first frame (channel page)', body);
  console.log(body);
} finally {
  await context?.close();
  rmSync(profile, { recursive: true, force: true });
  await service.stop();
  await database.drop();
}
