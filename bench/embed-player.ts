/// <reference lib="dom" />
// The partner SDK (issue 14): its size, and the time from its constructor to the frame's ready event,
// each beside @peertube/embed-api and @vimeo/player measured in the same run.
//
// Size. Ours as published: the package's tsup build (its own tsup.config.ts), the ESM entry dist/index.js
// with every file it imports statically (what a partner's bundler takes), and the script-tag build; then
// every SDK the same way, as a partner's bundler would take it: its ESM entry (the player class a partner
// imports) bundled by esbuild, minified, its own dependencies included; and each package's prebuilt
// script-tag file. gzip level 9 and brotli quality 11 (node:zlib). Goal: ≤ 4 KB gzip for our ESM build.
//
// Constructor → ready. Headless Chromium (Debian's). The partner page is on one local origin
// (http://localhost:<port>), the frame on another (http://127.0.0.1:<port>), so the frame is cross-origin
// as on a partner's site. The internet is closed here, so PeerTube's and Vimeo's real frames cannot load:
// each SDK gets a minimal local frame that speaks that SDK's own protocol just enough to reach its ready
// event, and ours gets one too, so the three are timed on equal ground (one HTML answer with an inline
// script per frame, nothing else to load):
// - ours: the frame posts `statechange {state: 'ready'}` with the message flag (src/protocol.ts); the SDK
//   creates the frame (`playerUrl` pointed at the minimal page; `targetOrigin` exact, as the README asks).
// - @peertube/embed-api: jschannel on both sides, as PeerTube's embed does (its embed-api.ts): the frame
//   builds a channel to its parent (scope 'peertube', origin '*'), binds `isReady` and notifies `ready`
//   with true; the frame's jschannel is inlined in the page (PeerTube bundles it into its embed script).
//   PeerTubePlayer takes an iframe the page made, so the page's creating and appending it is timed too.
// - @vimeo/player: it takes messages only from a Vimeo origin (`isVimeoUrl(event.origin)`, no port), so
//   Chromium maps a Vimeo host to the local frame server (`--host-resolver-rules`). Not player.vimeo.com:
//   vimeo.com is on Chromium's HSTS preload list (https only, which a plain-HTTP local server cannot answer
//   without a certificate and the TLS cost the other frames do not pay), but player.vimeo.work, one of
//   Vimeo's own hosts that the SDK's isVimeoUrl accepts. The frame, http://player.vimeo.work/video/<id>,
//   posts `{event: 'ready'}` as Vimeo's player does, and answers the SDK's `ping`. The page makes the
//   iframe and passes it to `new Player(iframe)` (Vimeo's documented way for an existing embed): the other
//   way, `new Player(div, {id})`, first fetches https://vimeo.com/api/oembed.json, a round trip to Vimeo's
//   api that no local frame can stand in for.
// Beside them, a baseline with no SDK: the page makes the iframe (our minimal frame) and waits for its
// first message. Then ours against our real frame page (/promo/web/embed/?config=…, served by the built
// api, a previewable film's embed config): what a partner waits for in production, less the network.
// Each run loads the partner page afresh (a fresh frame, the SDK's script already parsed), the SDKs in
// turn, and times from just before the constructor (or the page's iframe) to the ready resolution with
// performance.now() in the page; p50/p95 over RUNS.
// Run after `pnpm build`: node bench/embed-player.ts   (RUNS=25 by default)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { freePort, type RunningService, startService } from '../e2e/support/service.ts';
import { quantile, table, writeSection } from './lib/report.ts';

const RUNS = Number(process.env.RUNS ?? 25);
/** The SDK's size goal (issue 14): the ESM build at most 4 KB gzip. */
const GOAL_BYTES = 4 * 1024;
/** How long a run waits for a ready event before it counts as failed. */
const READY_TIMEOUT_MS = 15_000;
const repoRoot = join(import.meta.dirname, '..');
const packageDir = join(repoRoot, 'packages', 'embed-player');
const requireFromRoot = createRequire(join(repoRoot, 'package.json'));
const requireFromPackage = createRequire(join(packageDir, 'package.json'));

// esbuild is a dev dependency of the packages, not the root's: resolved from embed-player's tsup (its
// types too, so a small local signature stands in for them), the esbuild the package itself builds with.
interface EsbuildApi {
  version: string;
  build(options: Record<string, unknown>): Promise<{
    outputFiles: { path: string; contents: Uint8Array }[];
    metafile?: {
      outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string }[] }>;
    };
  }>;
}
const esbuild = createRequire(requireFromPackage.resolve('tsup'))('esbuild') as EsbuildApi;

const ms = (value: number) =>
  Math.abs(value) < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en');
const bytes = (value: number) => value.toLocaleString('en');
const versionOf = (name: string) =>
  (JSON.parse(readFileSync(requireFromRoot.resolve(`${name}/package.json`), 'utf8')) as { version: string })
    .version;

// ---- 1. Size --------------------------------------------------------------------------------------------

interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

function sizeOf(files: Uint8Array[]): Size {
  const size: Size = { raw: 0, gzip: 0, brotli: 0 };
  for (const data of files) {
    size.raw += data.length;
    size.gzip += gzipSync(data, { level: 9 }).length;
    size.brotli += brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }).length;
  }
  return size;
}

/** Builds the package with its own tsup config into dist/ (JavaScript only: declarations are not shipped code). */
function buildPackage(): void {
  const tsupBin = join(dirname(requireFromPackage.resolve('tsup/package.json')), 'dist', 'cli-default.js');
  const result = spawnSync(process.execPath, [tsupBin, '--silent'], { cwd: packageDir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tsup failed:\n${result.stdout}\n${result.stderr}`);
}

/** A built file and every file it imports statically (relative specifiers), each once. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const match of code.matchAll(/\b(?:import|export)\s*(?:[^'";]*?\bfrom\s*)?["'](\.\.?\/[^"']+)["']/g))
    staticClosure(join(dirname(file), match[1] as string), seen);
  return seen;
}

/**
 * `contents` (an ES module importing a package) bundled as a partner's bundler would: minified, its
 * dependencies included; ESM, or with `globalName` a script defining that global (for the browser runs).
 */
async function bundle(contents: string, globalName?: string): Promise<Uint8Array> {
  const result = await esbuild.build({
    stdin: { contents, resolveDir: repoRoot, loader: 'js' },
    bundle: true,
    minify: true,
    write: false,
    format: globalName ? 'iife' : 'esm',
    globalName,
    target: 'es2020',
    platform: 'browser',
    // The packages' dependencies resolve as in a partner's node_modules (jschannel is the root's, below).
    nodePaths: [join(repoRoot, 'node_modules')],
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.contents ?? new Uint8Array();
}

/** An SDK as a partner's bundle holds it: what the page loads up front, and what import() fetches later. */
interface Split {
  upFront: Size;
  lazy: Size;
}

/**
 * `contents` bundled as a partner's bundler (Vite, Rollup) does it: minified ESM, dependencies included,
 * a dynamic import() split into a chunk of its own; up front is the entry and the chunks it imports
 * statically.
 */
async function bundleSplit(contents: string): Promise<Split> {
  const dir = mkdtempSync(join(tmpdir(), 'kadr-embed-bundle-'));
  try {
    writeFileSync(join(dir, 'entry.js'), contents);
    const result = await esbuild.build({
      entryPoints: [join(dir, 'entry.js')],
      absWorkingDir: dir,
      outdir: join(dir, 'out'),
      bundle: true,
      splitting: true,
      metafile: true,
      minify: true,
      write: false,
      format: 'esm',
      target: 'es2020',
      platform: 'browser',
      nodePaths: [join(repoRoot, 'node_modules')],
      logLevel: 'silent',
    });
    const outputs = result.metafile?.outputs ?? {};
    const contentsOf = (key: string) =>
      result.outputFiles.find((file) => file.path === join(dir, key))?.contents ?? new Uint8Array();
    const upFront = new Set<string>();
    const visit = (key: string) => {
      if (upFront.has(key)) return;
      upFront.add(key);
      for (const next of outputs[key]?.imports ?? []) if (next.kind === 'import-statement') visit(next.path);
    };
    // The partner's entry only: a chunk import() reaches is an entry point of its own in the metafile.
    for (const [key, output] of Object.entries(outputs)) if (output.entryPoint === 'entry.js') visit(key);
    const lazy = Object.keys(outputs).filter((key) => !upFront.has(key));
    return { upFront: sizeOf([...upFront].map(contentsOf)), lazy: sizeOf(lazy.map(contentsOf)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What a partner imports from each SDK: its player class. */
const IMPORTS = {
  // The built package (dist/index.js, the exports' default condition): the root does not depend on it.
  kadr: `export { EmbedPlayer } from ${JSON.stringify(join(packageDir, 'dist', 'index.js'))};`,
  // 0.2.0's main (dist/player.js, CommonJS) requires jschannel without declaring it as a dependency: a
  // partner's bundler fails until jschannel is installed beside it, as it is here (root devDependencies).
  peertube: "export { PeerTubePlayer } from '@peertube/embed-api';",
  vimeo: "export { default as Player } from '@vimeo/player';",
} as const;
type Sdk = keyof typeof IMPORTS;
/** The import as a partner writes it, for the table. */
const SHOWN: Record<Sdk, string> = {
  kadr: "import { EmbedPlayer } from '@kadr/embed-player'",
  peertube: "import { PeerTubePlayer } from '@peertube/embed-api'",
  vimeo: "import Player from '@vimeo/player'",
};

buildPackage();
const dist = join(packageDir, 'dist');
const ownEsmFiles = [...staticClosure(join(dist, 'index.js'))];
const read = (file: string) => new Uint8Array(readFileSync(file));
const ownEsm = sizeOf(ownEsmFiles.map(read));
// The cast sender: a chunk index.js fetches with import() only when the frame offers casting.
const castFiles = readdirSync(dist).filter((file) => /^cast-sender-.*\.js$/.test(file));
const ownCast = sizeOf(castFiles.map((file) => read(join(dist, file))));
const ownScriptTag = sizeOf([read(join(dist, 'embed-player.global.js'))]);
const bundled: Record<Sdk, Split> = {
  kadr: await bundleSplit(IMPORTS.kadr),
  peertube: await bundleSplit(IMPORTS.peertube),
  vimeo: await bundleSplit(IMPORTS.vimeo),
};
const scriptTag: Record<Sdk, Size> = {
  kadr: ownScriptTag,
  // PeerTube's documented script tag (unpkg …/build/player.min.js: its UMD build, jschannel included).
  peertube: sizeOf([read(requireFromRoot.resolve('@peertube/embed-api/build/player.min.js'))]),
  vimeo: sizeOf([read(requireFromRoot.resolve('@vimeo/player/dist/player.min.js'))]),
};
const NAMES: Record<Sdk, string> = {
  kadr: `@kadr/embed-player ${(JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version}`,
  peertube: `@peertube/embed-api ${versionOf('@peertube/embed-api')}`,
  vimeo: `@vimeo/player ${versionOf('@vimeo/player')}`,
};
for (const sdk of Object.keys(IMPORTS) as Sdk[])
  console.log(
    `${NAMES[sdk]}: ESM bundled ${bundled[sdk].upFront.gzip} B gzip up front (+${bundled[sdk].lazy.gzip} B lazy) / ${bundled[sdk].upFront.brotli} B brotli; script tag ${scriptTag[sdk].gzip} B gzip`,
  );
console.log(
  `our ESM build (${ownEsmFiles.map((file) => file.slice(dist.length + 1)).join(' + ')}): ${ownEsm.gzip} B gzip`,
);

// ---- 2. Constructor → ready in Chromium -----------------------------------------------------------------

/** The SDKs' code for the partner page: each ESM entry bundled by esbuild into a script defining `window.Sdk`. */
const sdkScripts = {} as Record<Sdk, string>;
for (const sdk of Object.keys(IMPORTS) as Sdk[])
  sdkScripts[sdk] = new TextDecoder().decode(await bundle(IMPORTS[sdk], 'Sdk'));

const jschannel = readFileSync(requireFromRoot.resolve('jschannel'), 'utf8');
const DEFAULT_FLAG = 'eump_remote_message';

/** The minimal frames, one HTML answer each (scripts inline: `</script` never occurs in them). */
const FRAMES = {
  // Ours: the state our frame page reports once its player is ready (src/protocol.ts), with the flag.
  kadr: `<!doctype html><html><body><script>
const flag = new URLSearchParams(location.search).get('flag') || ${JSON.stringify(DEFAULT_FLAG)};
parent.postMessage({ event: 'statechange', data: { state: 'ready' }, [flag]: true }, '*');
</script></body></html>`,
  // PeerTube's embed API side (PeerTubeEmbedApi): a jschannel to the parent, isReady bound, ready notified.
  peertube: `<!doctype html><html><body><script>${jschannel}</script><script>
const channel = Channel.build({ window: window.parent, origin: '*', scope: 'peertube' });
channel.bind('isReady', () => true);
channel.notify({ method: 'ready', params: true });
</script></body></html>`,
  // Vimeo's player: 'ready' posted to the parent, and the SDK's ping answered (it pings on construction).
  vimeo: `<!doctype html><html><body><script>
window.addEventListener('message', (event) => {
  const data = typeof event.data === 'string' ? JSON.parse(event.data) : event.data;
  if (data && data.method === 'ping') event.source.postMessage({ method: 'ping' }, event.origin);
});
parent.postMessage({ event: 'ready', player_id: null }, '*');
</script></body></html>`,
} as const;

function listen(handler: Parameters<typeof createServer>[1], port: number): Promise<Server> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

const html = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
const partnerPort = await freePort();
const framePort = await freePort();
const partnerOrigin = `http://localhost:${partnerPort}`;
const frameOrigin = `http://127.0.0.1:${framePort}`;
/** A Vimeo host the SDK accepts, served over plain HTTP (above: why not player.vimeo.com). */
const VIMEO_HOST = 'player.vimeo.work';
const VIMEO_ORIGIN = `http://${VIMEO_HOST}`;

// The partner's origin: one page per SDK, its script inline (parsed before the timing starts).
const partnerServer = await listen((request, response) => {
  const url = new URL(request.url ?? '/', partnerOrigin);
  const sdk = url.searchParams.get('sdk') as Sdk | 'bare' | null;
  if (url.pathname !== '/partner.html' || !sdk || !(sdk in sdkScripts || sdk === 'bare')) {
    response.writeHead(404).end();
    return;
  }
  response
    .writeHead(200, html)
    .end(
      `<!doctype html><html><head><title>partner</title></head><body><div id="box" style="width:640px;height:360px"></div><script>${sdk === 'bare' ? '' : sdkScripts[sdk]}</script></body></html>`,
    );
}, partnerPort);
// The frames' origin (and Vimeo's host, mapped here by Chromium).
const frameServer = await listen((request, response) => {
  const path = (request.url ?? '/').split('?')[0] ?? '/';
  const vimeo = request.headers.host === VIMEO_HOST;
  const frame = vimeo
    ? path.startsWith('/video/') && FRAMES.vimeo
    : path === '/kadr/embed/'
      ? FRAMES.kadr
      : path.startsWith('/videos/embed/') && FRAMES.peertube;
  if (!frame) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, html).end(frame);
}, framePort);

/**
 * One run's times in the partner page, ms from just before the SDK's constructor (or the page's iframe):
 * to the ready resolution, and to the constructor's return (the synchronous part: the SDK's own work on
 * the page's main thread, the frame's creation included).
 */
interface Timing {
  ready: number;
  sync: number;
  /** performance.timeOrigin + t0 (ms since 1970), to place a frame's own timings on the same clock. */
  start?: number;
  /** Our real frame page: ms from t0 to when each of its stages was done (REAL_STAGES). */
  stages?: Partial<Record<RealStage, number>>;
}
type Measure = (page: Page) => Promise<Timing>;

const measureKadr =
  (playerUrl: string, configUrl: string, targetOrigin: string): Measure =>
  (page) =>
    page.evaluate(
      async ({ playerUrl, configUrl, targetOrigin, timeoutMs }) => {
        const { EmbedPlayer } = (
          window as unknown as {
            Sdk: typeof import('../packages/embed-player/src/index.ts');
          }
        ).Sdk;
        const t0 = performance.now();
        const player = new EmbedPlayer('box', configUrl, undefined, { playerUrl, targetOrigin });
        const t1 = performance.now();
        await Promise.race([
          player.ready,
          new Promise((_, reject) => setTimeout(() => reject(new Error('no ready')), timeoutMs)),
        ]);
        return { ready: performance.now() - t0, sync: t1 - t0, start: performance.timeOrigin + t0 };
      },
      { playerUrl, configUrl, targetOrigin, timeoutMs: READY_TIMEOUT_MS },
    );

const measurePeerTube: Measure = (page) =>
  page.evaluate(
    async ({ src, timeoutMs }) => {
      const { PeerTubePlayer } = (window as unknown as { Sdk: typeof import('@peertube/embed-api') }).Sdk;
      const t0 = performance.now();
      // PeerTube's embed code: an iframe the page writes (…/videos/embed/<uuid>?api=1), then the API on it.
      const iframe = document.createElement('iframe');
      iframe.src = src;
      iframe.setAttribute('allow', 'autoplay; fullscreen');
      iframe.style.cssText = 'width:100%;height:100%;border:0';
      document.getElementById('box')!.appendChild(iframe);
      const player = new PeerTubePlayer(iframe);
      const t1 = performance.now();
      await Promise.race([
        player.ready,
        new Promise((_, reject) => setTimeout(() => reject(new Error('no ready')), timeoutMs)),
      ]);
      return { ready: performance.now() - t0, sync: t1 - t0 };
    },
    {
      src: `${frameOrigin}/videos/embed/9c9de5e8-0a1e-484a-b099-e80766180a6d?api=1`,
      timeoutMs: READY_TIMEOUT_MS,
    },
  );

const measureVimeo: Measure = (page) =>
  page.evaluate(
    async ({ src, timeoutMs }) => {
      const { Player } = (window as unknown as { Sdk: { Player: typeof import('@vimeo/player').default } })
        .Sdk;
      const t0 = performance.now();
      // Vimeo's embed code: an iframe on Vimeo's player host the page writes, then the API on it.
      const iframe = document.createElement('iframe');
      iframe.src = src;
      iframe.setAttribute('allow', 'autoplay; fullscreen; picture-in-picture');
      iframe.style.cssText = 'width:100%;height:100%;border:0';
      document.getElementById('box')!.appendChild(iframe);
      const player = new Player(iframe);
      const t1 = performance.now();
      await Promise.race([
        player.ready(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('no ready')), timeoutMs)),
      ]);
      return { ready: performance.now() - t0, sync: t1 - t0 };
    },
    { src: `${VIMEO_ORIGIN}/video/76979871`, timeoutMs: READY_TIMEOUT_MS },
  );

/**
 * The baseline: no SDK, the page makes the iframe (our minimal frame) and waits for its first message
 * from that frame — the cost of a cross-origin frame and one postMessage, which every SDK pays.
 */
const measureBare: Measure = (page) =>
  page.evaluate(
    async ({ src, timeoutMs }) => {
      const t0 = performance.now();
      const iframe = document.createElement('iframe');
      iframe.src = src;
      iframe.style.cssText = 'width:100%;height:100%;border:0';
      const message = new Promise<void>((resolve) => {
        const listener = (event: MessageEvent) => {
          if (event.source !== iframe.contentWindow) return;
          window.removeEventListener('message', listener);
          resolve();
        };
        window.addEventListener('message', listener);
      });
      document.getElementById('box')!.appendChild(iframe);
      const t1 = performance.now();
      await Promise.race([
        message,
        new Promise((_, reject) => setTimeout(() => reject(new Error('no message')), timeoutMs)),
      ]);
      return { ready: performance.now() - t0, sync: t1 - t0 };
    },
    { src: `${frameOrigin}/kadr/embed/?config=x`, timeoutMs: READY_TIMEOUT_MS },
  );

/**
 * Where our real frame page's time goes: what it waits for in turn, each read from the frame's own
 * navigation and resource timings (when the answer ended, or the event's end), on the partner's clock.
 */
const REAL_STAGES = [
  ['frame page (HTML) answered', 'html'],
  ['its scripts and styles fetched', /\/promo\/web\/assets\//],
  ['its scripts run (DOMContentLoaded)', 'dcl'],
  ["session: the viewer's anonymous sign-in answered", /\/web\/1\/auth\//],
  ['embed config answered', /\/embed\/v1\/config\//],
  ["the title's card answered", /\/web\/2\/contents\//],
] as const;
type RealStage = (typeof REAL_STAGES)[number][0];

/** Our SDK on our real frame page: the time to ready, and the frame's stages (REAL_STAGES). */
const measureReal =
  (frameUrl: string, configUrl: string, targetOrigin: string): Measure =>
  async (page) => {
    const timing = await measureKadr(frameUrl, configUrl, targetOrigin)(page);
    const frame = page.frames().find((candidate) => candidate.url().startsWith(frameUrl));
    if (!frame || timing.start === undefined) return timing;
    const seen = await frame.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return {
        origin: performance.timeOrigin,
        html: nav?.responseEnd ?? Number.NaN,
        dcl: nav?.domContentLoadedEventEnd ?? Number.NaN,
        resources: performance
          .getEntriesByType('resource')
          .map((entry) => ({ name: entry.name, end: (entry as PerformanceResourceTiming).responseEnd })),
      };
    });
    const shift = seen.origin - timing.start;
    const stages: Partial<Record<RealStage, number>> = {};
    for (const [stage, what] of REAL_STAGES) {
      const ends =
        typeof what === 'string'
          ? [seen[what]]
          : seen.resources.filter((entry) => what.test(entry.name)).map((entry) => entry.end);
      // An event not yet over (0) or a request never made leaves its stage out.
      if (ends.length > 0 && ends.every((end) => end > 0)) stages[stage] = Math.max(...ends) + shift;
    }
    return { ...timing, stages };
  };

/** Loads the partner page with `sdk`'s script, then times one frame. */
async function run(page: Page, sdk: Sdk | 'bare', measure: Measure): Promise<Timing> {
  await page.goto(`${partnerOrigin}/partner.html?sdk=${sdk}`);
  return measure(page);
}

/** The embed config of a previewable film on the home page (as a partner would embed), or undefined. */
async function filmConfigUrl(service: RunningService): Promise<string | undefined> {
  const auth = (await (await fetch(`${service.baseUrl}/web/1/auth/web_BENCHembedplayer01`)).json()) as {
    response: { access_token: string };
  };
  const get = async <T>(path: string) =>
    (await (
      await fetch(`${service.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${auth.response.access_token}` },
      })
    ).json()) as { success: boolean; response: T };
  const home = await get<{ collections: { EKs?: { EK_id: number }[] }[] }>('/web/1/collections?tab_id=Main2');
  for (const id of new Set(
    home.response.collections.flatMap((rail) => (rail.EKs ?? []).map((item) => item.EK_id)),
  )) {
    const card = await get<{ EK_type: string; goods: { is_preview: boolean } }>(`/web/2/contents/${id}`);
    if (!card.success || card.response.EK_type !== 'film' || !card.response.goods.is_preview) continue;
    const url = `${service.baseUrl}/embed/v1/config/film/${id}.json`;
    if ((await fetch(url)).ok) return url;
  }
  return undefined;
}

const loadBefore = loadavg()
  .map((value) => value.toFixed(1))
  .join(' / ');
const profile = mkdtempSync(join(tmpdir(), 'kadr-embed-bench-'));
let context: BrowserContext | undefined;
let service: RunningService | undefined;
/** What is timed: no SDK, each SDK on its minimal frame, ours on our real frame page. */
type Kind = Sdk | 'bare' | 'real';
const times: Record<Kind, Timing[]> = { bare: [], kadr: [], peertube: [], vimeo: [], real: [] };
let realNote = '';
/** Our real frame page's first run, its scripts not yet in the browser's cache (a first visit). */
let realCold: Timing | undefined;
try {
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'),
      // Vimeo's host to the local frame server; any other host but the loopback unresolvable.
      `--host-resolver-rules=MAP ${VIMEO_HOST} 127.0.0.1:${framePort}, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost`,
    ],
    viewport: { width: 1280, height: 800 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const measures: Partial<Record<Kind, Measure>> = {
    bare: measureBare,
    kadr: measureKadr(
      `${frameOrigin}/kadr/embed/`,
      `${frameOrigin}/embed/v1/config/film/1.json`,
      frameOrigin,
    ),
    peertube: measurePeerTube,
    vimeo: measureVimeo,
  };
  /** The partner page's script for each kind (ours on the real frame page too). */
  const scriptOf = (kind: Kind): Sdk | 'bare' => (kind === 'real' ? 'kadr' : kind);

  // Ours against our real frame page, served by the built api (the partner page stays on localhost).
  try {
    service = await startService({ LOG_LEVEL: 'error' });
  } catch (error) {
    realNote = `the api did not start — run \`pnpm build\` first (${String(error).split('\n')[0]})`;
  }
  const configUrl = service && (await filmConfigUrl(service));
  if (service && !configUrl) realNote = 'no film embed config in the catalogue';
  if (service && configUrl) {
    const real = measureReal(`${service.baseUrl}/promo/web/embed/`, configUrl, service.baseUrl);
    // Its warm-up tells whether the page exists: without it the api answers no frame that reports ready.
    try {
      realCold = await run(page, 'kadr', real);
      measures.real = real;
    } catch (error) {
      realNote = `frame page not built: no ready from ${service.baseUrl}/promo/web/embed/ within ${READY_TIMEOUT_MS / 1000} s (${String(error).split('\n')[0]})`;
    }
  }

  // One warm-up run each (the first frame of a process pays for its renderer), then all in turn, the
  // order rotating every round so that none always follows the same one.
  const kinds = Object.keys(measures) as Kind[];
  for (const kind of kinds) if (kind !== 'real') await run(page, scriptOf(kind), measures[kind]!);
  for (let i = 0; i < RUNS; i += 1)
    for (const kind of [...kinds.slice(i % kinds.length), ...kinds.slice(0, i % kinds.length)])
      times[kind].push(await run(page, scriptOf(kind), measures[kind]!));
} finally {
  await context?.close();
  rmSync(profile, { recursive: true, force: true });
  await service?.stop();
  partnerServer.close();
  frameServer.close();
}

// ---- 3. The section -------------------------------------------------------------------------------------

const sizeRow = (what: string, size: Size) => [what, bytes(size.raw), bytes(size.gzip), bytes(size.brotli)];
const timeRow = (what: string, values: Timing[]) => {
  const ready = readyOf(values);
  return [
    what,
    values.length,
    ms(quantile(ready, 0.5)),
    ms(quantile(ready, 0.95)),
    ms(Math.min(...ready)),
    ms(Math.max(...ready)),
    quantile(
      values.map((value) => value.sync),
      0.5,
    ).toFixed(1),
  ];
};
const readyOf = (values: Timing[]) => values.map((value) => value.ready);
for (const kind of Object.keys(times) as Kind[])
  console.log(`raw ms — ${kind}:`, readyOf(times[kind]).map(Math.round).join(' ') || realNote);
const p50 = (values: Timing[]) => quantile(readyOf(values), 0.5);

const met = ownEsm.gzip <= GOAL_BYTES;
/** `a`'s gzip size over `b`'s: up front only, or with the lazy chunks. */
const ratio = (a: Split, b: Split, withLazy: boolean) =>
  (withLazy
    ? (a.upFront.gzip + a.lazy.gzip) / (b.upFront.gzip + b.lazy.gzip)
    : a.upFront.gzip / b.upFront.gzip
  ).toFixed(1);
const lazyNote = (split: Split) => (split.lazy.raw > 0 ? ` (+ ${bytes(split.lazy.gzip)} B gzip lazily)` : '');
const body = [
  `Size: the package's own tsup build (\`packages/embed-player/tsup.config.ts\`); every SDK's player class as a partner's bundler takes it — its ESM entry bundled by esbuild ${esbuild.version}, minified, ES2020, its dependencies included, an import() split into a chunk of its own as Vite and Rollup do (up front: the entry and the chunks it imports statically) — and each package's prebuilt script-tag file. gzip level 9 and brotli quality 11 (node:zlib), bytes.`,
  '',
  table(
    ['what', 'raw B', 'gzip B', 'brotli B'],
    [
      sizeRow(
        `**ours, ESM build up front** (${ownEsmFiles.map((file) => `\`${file.slice(dist.length + 1)}\``).join(' + ')}, as published: its \`sourceMappingURL\` line counted, as src/size.test.ts counts it)`,
        ownEsm,
      ),
      sizeRow(
        `ours, the cast sender chunk (${castFiles.map((file) => `\`${file}\``).join(', ') || 'none'}: import() when the frame offers casting)`,
        ownCast,
      ),
      sizeRow('ours, script-tag build (`dist/embed-player.global.js`, the cast sender inside)', ownScriptTag),
      ...(Object.keys(IMPORTS) as Sdk[]).map((sdk) =>
        sizeRow(
          `${NAMES[sdk]}: \`${SHOWN[sdk]}\` bundled, up front${lazyNote(bundled[sdk])}`,
          bundled[sdk].upFront,
        ),
      ),
      sizeRow(`${NAMES.peertube}: script tag (\`build/player.min.js\`)`, scriptTag.peertube),
      sizeRow(`${NAMES.vimeo}: script tag (\`dist/player.min.js\`)`, scriptTag.vimeo),
    ],
  ),
  '',
  `Goal ≤ 4 KB (${bytes(GOAL_BYTES)} B) gzip for the ESM build (what a partner's page loads up front): **${met ? 'met' : 'not met'}** — ${bytes(ownEsm.gzip)} B, ${bytes(Math.abs(GOAL_BYTES - ownEsm.gzip))} B ${met ? 'to spare' : 'over'}. Bundled the same way, PeerTube's is ${ratio(bundled.peertube, bundled.kadr, false)}× and Vimeo's ${ratio(bundled.vimeo, bundled.kadr, false)}× the size of ours up front (gzip)${bundled.kadr.lazy.raw > 0 ? `; counting our casting chunk too, ${ratio(bundled.peertube, bundled.kadr, true)}× and ${ratio(bundled.vimeo, bundled.kadr, true)}× (neither of them casts)` : ''}. @peertube/embed-api 0.2.0's ESM-less main requires jschannel without declaring it: it bundles only with jschannel ${versionOf('jschannel')} installed beside it.`,
  '',
  `Constructor → ready: headless Chromium (Debian), the partner page on ${'`http://localhost:<port>`'}, the frame on another origin, ${RUNS} runs each (after one warm-up), the SDKs (and ours on our real frame page) in turn, in an order rotating every round, a fresh page and frame every run (load average before the runs ${loadBefore}); from just before the constructor (PeerTube, Vimeo: the page's creating the iframe, then the constructor) to the ready resolution, performance.now() in the page. The minimal frames speak each SDK's own protocol just enough to reach its ready (the comments of bench/embed-player.ts say how, and how Vimeo's origin check is met: Vimeo's host player.vimeo.work mapped to the local server, as vimeo.com is https-only in Chromium).`,
  '',
  table(
    ['frame', 'runs', 'p50 ms', 'p95 ms', 'min ms', 'max ms', 'constructor p50 ms'],
    [
      timeRow('baseline, no SDK: iframe + its first message (our minimal frame)', times.bare),
      timeRow(`${NAMES.kadr}: \`new EmbedPlayer(…)\`, \`await player.ready\` — minimal frame`, times.kadr),
      timeRow(
        `${NAMES.peertube}: iframe + \`new PeerTubePlayer(iframe)\`, \`await player.ready\` — minimal frame (jschannel)`,
        times.peertube,
      ),
      timeRow(
        `${NAMES.vimeo}: iframe + \`new Player(iframe)\`, \`await player.ready()\` — minimal frame on ${VIMEO_HOST}`,
        times.vimeo,
      ),
      ...(times.real.length > 0
        ? [
            timeRow(
              `${NAMES.kadr}: our real frame page (\`/promo/web/embed/?config=…\` on the built api, a film)`,
              times.real,
            ),
          ]
        : []),
    ],
  ),
  '',
  `Over the baseline at p50 (what the SDK and its handshake add to a cross-origin frame's load): ours ${ms(p50(times.kadr) - p50(times.bare))} ms, PeerTube's ${ms(p50(times.peertube) - p50(times.bare))} ms, Vimeo's ${ms(p50(times.vimeo) - p50(times.bare))} ms${times.real.length > 0 ? `, ours on our real frame page ${ms(p50(times.real) - p50(times.bare))} ms` : ''}; the baseline's own p50–p95 spread is ${ms(quantile(readyOf(times.bare), 0.95) - p50(times.bare))} ms, and differences within it are noise. The frame's load (a new renderer process for another site) is nearly all of the time; \`constructor\` is the part spent synchronously in the constructor (and, for PeerTube and Vimeo, the page's creating the iframe), timer resolution 0.1 ms.`,
  '',
  ...(times.real.length > 0
    ? [
        `Our real frame page: before it reports ready the frame loads the web app's embed page and its scripts, starts the viewer's anonymous session, reads the config and the title's card (the player itself is made on play); that is what a partner waits for, less the internet's latency. The runs find its scripts in the browser's cache (a returning viewer); the first, with an empty cache, took ${realCold ? ms(realCold.ready) : '—'} ms (not in the table). Where its time goes (the frame's own navigation and resource timings on the partner's clock; p50 over the runs of when each stage was done):`,
        '',
        table(
          ['stage of our real frame page', 'done at p50 ms', 'p95 ms'],
          [
            ...REAL_STAGES.map(([stage]) => {
              const at = times.real.flatMap((timing) => timing.stages?.[stage] ?? []);
              return [
                stage,
                at.length > 0 ? ms(quantile(at, 0.5)) : '—',
                at.length > 0 ? ms(quantile(at, 0.95)) : '—',
              ];
            }),
            ['ready heard by the SDK', ms(p50(times.real)), ms(quantile(readyOf(times.real), 0.95))],
          ],
        ),
      ]
    : [`Our real frame page: not measured — ${realNote}.`]),
].join('\n');
writeSection('embed-player', 'Embed SDK: size and constructor → ready (bench/embed-player.ts)', body);
console.log(body);
