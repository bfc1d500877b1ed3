// Lighthouse mobile for the live TV pages (issue 13: the guide page ≥ 90): a channel's guide
// (/tv/{id}/tv_guide), the channel page (/tv/{id}/) and, as the baseline of the same run, home — in
// rounds (every page once per round, so the machine's load falls on all alike), RUNS rounds.
// Run after `pnpm build`: node bench/tv-guide.ts   (RUNS=5 by default)
import { loadavg } from 'node:os';
import { anonymousApi } from '../e2e/support/api.ts';
import { startService } from '../e2e/support/service.ts';
import { type LighthouseFigures, lighthouseOnce, scoreList, summarise } from './lib/lighthouse.ts';
import { table, writeSection } from './lib/report.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const GOAL = 90;
const BASE = '/promo/web/';

type Rails = { collections: { EKs: { EK_id?: number; tv_channel_id?: number }[] }[] };

const service = await startService({ LOG_LEVEL: 'error', DEMO_SCHEDULE: '1' });
const runs = new Map<string, LighthouseFigures[]>();
const loadBefore = loadavg();
let pages: { key: string; label: string; path: string }[] = [];
try {
  const api = await anonymousApi(service.baseUrl, 'web_BenchTvGuide00001');
  const tab = await api<Rails>('/web/1/collections?tab_id=tv_channels_tab');
  const channel = tab.collections
    .flatMap((rail) => rail.EKs)
    .find((item) => item.tv_channel_id)?.tv_channel_id;
  if (!channel) throw new Error('the TV tab has no channel');
  // The demo EPG fills a moment after the service starts: the guide is measured with its week.
  const today = `${new Date().toISOString().slice(0, 10)}T00:00Z`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { items } = await api<{ items: unknown[] }>('/v1/agregator/getTvSchedule', {
      tv_schedule_day_start_utc0: today,
      stream_id: channel,
      region_info: '{}',
    });
    if (items.length > 0) break;
    if (Date.now() > deadline) throw new Error('the demo EPG wrote no programmes in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  pages = [
    { key: 'home', label: `home ${BASE}`, path: BASE },
    { key: 'guide', label: `channel guide tv/${channel}/tv_guide`, path: `${BASE}tv/${channel}/tv_guide` },
    { key: 'channel', label: `channel page tv/${channel}/`, path: `${BASE}tv/${channel}/` },
  ];
  for (let round = 1; round <= RUNS; round++) {
    for (const page of pages) {
      const figures = await lighthouseOnce(`${service.baseUrl}${page.path}`, 'mobile');
      runs.set(page.key, [...(runs.get(page.key) ?? []), figures]);
      console.log(
        `round ${round} ${page.key}: ${figures.score}, TBT ${Math.round(figures.tbt)}, CLS ${figures.cls.toFixed(3)}`,
      );
    }
  }
} finally {
  await service.stop();
}
const loadAfter = loadavg();
const load = (l: number[]) => l.map((v) => v.toFixed(1)).join(' / ');
const ms = (v: number) => Math.round(v).toLocaleString('en');
const rows = pages.map((page) => {
  const all = runs.get(page.key) ?? [];
  const s = summarise(all);
  return [
    page.label,
    `**${s.score}** (${scoreList(all.map((f) => f.score))})`,
    ms(s.fcp),
    ms(s.lcp),
    ms(s.tbt),
    s.cls.toFixed(3),
    ms(s.si),
    Math.round(s.benchmarkIndex),
  ];
});
const guide = summarise(runs.get('guide') ?? []);
const home = summarise(runs.get('home') ?? []);
const warnings = [...new Set([...runs.values()].flat().flatMap((run) => run.warnings))];
const body = [
  `Lighthouse (performance category), mobile (the default config: Moto G Power emulation, simulated slow 4G, 4× CPU), Debian's Chromium headless with a fresh profile each run, an anonymous visitor; the service from \`apps/api/dist/server.js\` with the demo catalogue and EPG (\`DEMO_SCHEDULE=1\`). ${RUNS} rounds, each page once per round; every figure is the median, the runs' scores in brackets; home is the same run's baseline (bench/web-performance.ts measures every route). Load average (1 / 5 / 15 min) ${load(loadBefore)} before, ${load(loadAfter)} after. Times in ms.`,
  '',
  table(['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'CPU index'], rows),
  '',
  ...(warnings.length ? [`Lighthouse warnings: ${warnings.join(' / ')}`, ''] : []),
  `Guide verdict: mobile ${guide.score} ${guide.score >= GOAL ? 'meets' : 'misses'} the goal of ${GOAL} (home ${home.score} in the same run: the machine's load moves both; the guide's own share is its TBT beyond home's, ${ms(guide.tbt - home.tbt)} ms).`,
].join('\n');
writeSection('tv-guide', 'Live TV pages: Lighthouse mobile (bench/tv-guide.ts)', body);
console.log(body);
