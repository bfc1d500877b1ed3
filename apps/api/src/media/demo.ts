import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Core } from '../core';
import type { Db } from '../db/client';
import { channels, contents, episodes, seasons } from '../db/schema';
import type { Env } from '../env';
import { DEFAULT_DEMO_SHAPE, type DemoAsset, type DemoMediaShape, demoSource } from './demo-source';
import type { FfmpegBinary } from './ffmpeg';
import { LOOKS, lookLabel } from './live-loops';
import {
  DEFAULT_LADDER,
  isGeneratedAssetCurrent,
  type PackageVideoOptions,
  packageVideo,
  type RenditionSpec,
  readAssetMeta,
} from './package';
import { episodeAsset, filmAsset, liveLoop, type MediaAssetMeta, MediaStore, type PackagedId } from './store';

/**
 * The demo film packaged as fMP4 with CENC (`cenc-clearkey`) for the ClearKey playback run; every
 * other asset is AES-128 MPEG-TS. Its meta.json says `"encryption": "cenc-clearkey"`.
 */
export const CLEARKEY_DEMO_TITLE = 'kod-dostupa-avrora';

/** The catalogue's films, trailers and released episodes, in the order they are generated. */
export async function listDemoAssets(db: Db, clearKeyTitle = CLEARKEY_DEMO_TITLE): Promise<DemoAsset[]> {
  const films = await db
    .select({ id: contents.id, key: contents.key, title: contents.title })
    .from(contents)
    .where(eq(contents.type, 'film'))
    .orderBy(asc(contents.id));
  const parts = await db
    .select({
      id: episodes.id,
      contentId: episodes.contentId,
      order: episodes.orderNumber,
      title: episodes.title,
      isTrailer: episodes.isTrailer,
      isAnnounce: episodes.isAnnounce,
      season: seasons.number,
      contentTitle: contents.title,
    })
    .from(episodes)
    .innerJoin(contents, eq(contents.id, episodes.contentId))
    .leftJoin(seasons, eq(seasons.id, episodes.seasonId))
    .orderBy(asc(episodes.orderNumber), asc(seasons.number), asc(episodes.contentId));

  const assets: DemoAsset[] = films.map((f) => ({
    asset: filmAsset(f.id),
    kind: 'film',
    contentId: f.id,
    lines: [f.title, 'Фильм'],
    encryption: f.key === clearKeyTitle ? 'cenc-clearkey' : 'aes-128',
  }));
  for (const p of parts.filter((p) => p.isTrailer)) {
    assets.push({
      asset: episodeAsset(p.id),
      kind: 'trailer',
      contentId: p.contentId,
      lines: [p.contentTitle, p.title],
      encryption: 'aes-128',
    });
  }
  // First episodes of every season first, then the second ones, …: each series becomes playable early.
  for (const p of parts.filter((p) => !p.isTrailer && !p.isAnnounce)) {
    assets.push({
      asset: episodeAsset(p.id),
      kind: 'episode',
      contentId: p.contentId,
      lines: [p.contentTitle, `Сезон ${p.season ?? 1} · Серия ${p.order}`, p.title],
      encryption: 'aes-128',
    });
  }
  return assets;
}

/**
 * The channels' live loops (docs/decisions/029): LOOKS per channel, each 20 s of the channel's name, the
 * look's letter and a running clock on a colour of its own, packaged clear (the live segment route
 * encrypts each segment as it airs). Only the top rendition: a loop is demo filler, and the first
 * start's budget is the VOD set's (docs/benchmarks.md "Demo media on first start").
 */
export async function listLiveLoops(db: Db): Promise<DemoAsset[]> {
  const rows = await db
    .select({ id: channels.id, name: channels.name })
    .from(channels)
    .orderBy(asc(channels.id));
  return rows.flatMap((channel) =>
    Array.from({ length: LOOKS }, (_, look) => ({
      asset: liveLoop(channel.id, look),
      kind: 'live' as const,
      contentId: channel.id,
      lines: [channel.name, `Прямой эфир · ${lookLabel(look)}`],
      encryption: 'none' as const,
    })),
  );
}

export type DemoMediaState = 'off' | 'listing' | 'running' | 'done' | 'stopped' | 'failed';

export interface DemoMediaStatus {
  state: DemoMediaState;
  total: number;
  /** Packaged now or found in the cache. */
  ready: number;
  /** Of `ready`, found already packaged. */
  cached: number;
  failed: number;
  /** Milliseconds from start to the last asset (or until now while running). */
  ms: number;
}

/** What the releases module uses: wait for (and move to the front) one asset, or read the progress. */
export interface DemoMediaHandle {
  /**
   * The asset's meta.json once it is packaged. A demo asset still queued jumps the queue; an asset the
   * demo set does not hold (or with generation off) answers what the store has now, maybe undefined.
   * Rejects when generating this asset failed or generation was stopped.
   */
  whenAssetReady(asset: PackagedId): Promise<MediaAssetMeta | undefined>;
  status(): DemoMediaStatus;
  /** Starts once (no-op when off or started); the server calls it after it listens. */
  start(): void;
  /** Kills running ffmpeg processes and rejects the waits; awaited on close. */
  stop(): Promise<void>;
}

export interface DemoMediaOptions {
  db: Db;
  env: Pick<Env, 'dataDir' | 'demoMedia'>;
  log: FastifyBaseLogger;
  /** Parallel ffmpeg processes (2: the machine's cores). */
  concurrency?: number;
  shape?: DemoMediaShape;
  ladder?: readonly RenditionSpec[];
  ffmpeg?: FfmpegBinary;
  /** The film (contents.key) packaged as cenc-clearkey; CLEARKEY_DEMO_TITLE by default. */
  clearKeyTitle?: string;
}

/** Assets of one phase (titles, live loops): listed, found packaged, packaged or found, failed. */
interface Tally {
  listed: number;
  cached: number;
  ready: number;
  failed: number;
}

const newTally = (): Tally => ({ listed: 0, cached: 0, ready: 0, failed: 0 });

interface Deferred {
  promise: Promise<MediaAssetMeta>;
  resolve(meta: MediaAssetMeta): void;
  reject(error: Error): void;
}

function deferred(): Deferred {
  let resolve!: (meta: MediaAssetMeta) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<MediaAssetMeta>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Nobody may be waiting; a failure is logged by the queue.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/**
 * Background generation of demo media: lists the catalogue's films, trailers and episodes, marks those
 * already packaged from the same source as ready, and packages the rest with `concurrency` ffmpeg
 * processes at a lower priority. Never part of start-up: `start()` runs after the server listens.
 */
export function createDemoMedia(options: DemoMediaOptions): DemoMediaHandle {
  const store = new MediaStore(options.env.dataDir);
  const shape = options.shape ?? DEFAULT_DEMO_SHAPE;
  const ladder = options.ladder ?? DEFAULT_LADDER;
  const concurrency = options.concurrency ?? 2;
  const { log } = options;
  const waits = new Map<PackagedId, Deferred>();
  const specs = new Map<PackagedId, DemoAsset>();
  const queue: PackagedId[] = [];
  const abort = new AbortController();
  let state: DemoMediaState = options.env.demoMedia ? 'listing' : 'off';
  let started = false;
  let running: Promise<void> | undefined;
  let startedAt = 0;
  let finishedAt = 0;
  let listError: Error | undefined;
  // The titles are the demo set whose readiness the first start is measured by (docs/benchmarks.md);
  // the channels' live loops come after them (docs/decisions/029), each phase with its own tally.
  const tally = { titles: newTally(), loops: newTally() };
  const phaseOf = (spec: DemoAsset) => (spec.kind === 'live' ? tally.loops : tally.titles);
  let titlesAnnounced = false;

  const packaging = (spec: DemoAsset): PackageVideoOptions & { input: ReturnType<typeof demoSource> } => ({
    input: demoSource(spec, shape, ladder[0]!),
    asset: spec.asset,
    store,
    renditions: spec.kind === 'live' ? ladder.slice(0, 1) : ladder,
    encryption: spec.encryption,
    preset: 'ultrafast',
    audioBitrate: 48_000,
    ffmpeg: options.ffmpeg,
    nice: true,
    signal: abort.signal,
  });
  const waitFor = (asset: PackagedId) => {
    let wait = waits.get(asset);
    if (!wait) {
      wait = deferred();
      waits.set(asset, wait);
    }
    return wait;
  };

  async function list(): Promise<void> {
    // Live loops after the titles: they never delay a title, and a channel asked for jumps the queue.
    const assets = [
      ...(await listDemoAssets(options.db, options.clearKeyTitle)),
      ...(await listLiveLoops(options.db)),
    ];
    for (const spec of assets) {
      specs.set(spec.asset, spec);
      const phase = phaseOf(spec);
      phase.listed++;
      const current = await isGeneratedAssetCurrent(packaging(spec));
      const existing = current ?? (await readAssetMeta(store, spec.asset));
      // Current generated media, or a real video packaged with the CLI (never replaced by a generated one).
      if (current || (existing && existing.origin !== 'generated')) {
        phase.ready++;
        phase.cached++;
        waitFor(spec.asset).resolve(existing!);
        continue;
      }
      queue.push(spec.asset);
    }
  }

  const seconds = () => Math.round((performance.now() - startedAt) / 100) / 10;

  /**
   * One line per finished asset, so a first start shows a sign of life every few seconds instead of
   * a silent minute: which title (or channel), how many of how many, the time so far.
   */
  function progress(spec: DemoAsset, outcome: 'ready' | 'failed'): void {
    const phase = phaseOf(spec);
    const done = phase.ready - phase.cached + phase.failed;
    const queued = phase.listed - phase.cached;
    const title = spec.lines[0] ?? spec.asset;
    const elapsedS = seconds();
    const what = outcome === 'ready' ? 'ready' : 'failed';
    log.info(
      { asset: spec.asset, kind: spec.kind, title, done, of: queued, elapsedS },
      spec.kind === 'live'
        ? `demo media: live loop ${done} of ${queued} ${what}: «${title}» (${spec.lines[1] ?? ''}), ${elapsedS} s`
        : `demo media: ${done} of ${queued} ${what}: «${title}» (${spec.kind}), ${elapsedS} s`,
    );
  }

  /** "demo media: ready" once every title is packaged (or failed), loops or not. */
  function announceTitles(): void {
    const t = tally.titles;
    if (titlesAnnounced || t.ready + t.failed < t.listed) return;
    titlesAnnounced = true;
    const packaged = t.ready - t.cached;
    log.info(
      {
        total: t.listed,
        packaged,
        cached: t.cached,
        failed: t.failed,
        ms: Math.round(performance.now() - startedAt),
      },
      `demo media: ready, ${packaged} videos packaged in ${seconds()} s (${t.cached} already were)`,
    );
  }

  async function worker(): Promise<void> {
    for (let asset = queue.shift(); asset !== undefined; asset = queue.shift()) {
      if (abort.signal.aborted) return;
      const spec = specs.get(asset)!;
      try {
        const { meta } = await packageVideo(packaging(spec));
        phaseOf(spec).ready++;
        waitFor(asset).resolve(meta);
        progress(spec, 'ready');
      } catch (error) {
        if (abort.signal.aborted) return;
        phaseOf(spec).failed++;
        log.warn({ err: error, asset }, 'demo media: packaging failed');
        waitFor(asset).reject(error instanceof Error ? error : new Error(String(error)));
        progress(spec, 'failed');
      }
      announceTitles();
    }
  }

  async function run(): Promise<void> {
    startedAt = performance.now();
    try {
      await list();
      if (abort.signal.aborted) return;
      state = 'running';
      const { titles, loops } = tally;
      const titlesQueued = titles.listed - titles.cached;
      if (titlesQueued > 0)
        log.info(
          { total: titles.listed, cached: titles.cached, queued: titlesQueued },
          `demo media: packaging ${titlesQueued} videos in the background (${titles.cached} already packaged); a title plays once its video is ready`,
        );
      if (loops.listed > loops.cached)
        log.info(
          { total: loops.listed, cached: loops.cached, queued: loops.listed - loops.cached },
          `demo media: then ${loops.listed - loops.cached} live loops of the channels (${loops.cached} already packaged)`,
        );
      announceTitles();
      await Promise.all(Array.from({ length: concurrency }, () => worker()));
      finishedAt = performance.now();
      if (abort.signal.aborted) return;
      state = titles.failed + loops.failed > 0 ? 'failed' : 'done';
      if (loops.listed > 0)
        log.info(
          {
            total: loops.listed,
            packaged: loops.ready - loops.cached,
            cached: loops.cached,
            failed: loops.failed,
            ms: Math.round(finishedAt - startedAt),
          },
          `demo media: live loops ready, ${loops.ready - loops.cached} packaged in ${seconds()} s (${loops.cached} already were)`,
        );
    } catch (error) {
      finishedAt = performance.now();
      if (abort.signal.aborted) return;
      listError = error instanceof Error ? error : new Error(String(error));
      state = 'failed';
      log.error({ err: error }, 'demo media: generation failed');
      for (const wait of waits.values())
        wait.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  return {
    start() {
      if (started || state === 'off') return;
      started = true;
      running = run();
    },
    async whenAssetReady(asset) {
      if (state === 'off' || !started) return readAssetMeta(store, asset);
      // Wait until the list exists (a few ms after start), then jump the queue.
      while (state === 'listing') await new Promise((r) => setTimeout(r, 20));
      if (abort.signal.aborted) throw new Error('demo media generation stopped');
      if (listError) throw listError;
      if (!specs.has(asset)) return readAssetMeta(store, asset);
      const at = queue.indexOf(asset);
      if (at > 0) {
        queue.splice(at, 1);
        queue.unshift(asset);
      }
      return waitFor(asset).promise;
    },
    status() {
      const end = finishedAt || (startedAt ? performance.now() : 0);
      const { titles, loops } = tally;
      return {
        state,
        total: specs.size,
        ready: titles.ready + loops.ready,
        cached: titles.cached + loops.cached,
        failed: titles.failed + loops.failed,
        ms: Math.round(end - startedAt),
      };
    },
    async stop() {
      if (state === 'off') return;
      abort.abort();
      if (state === 'listing' || state === 'running') state = 'stopped';
      for (const wait of waits.values()) wait.reject(new Error('demo media generation stopped'));
      await running;
    },
  };
}

/** Creates the demo media handle and starts it at once (scripts; the server starts it after listen). */
export function startDemoMediaGeneration(options: DemoMediaOptions): DemoMediaHandle {
  const handle = createDemoMedia(options);
  handle.start();
  return handle;
}

/**
 * Demo media for the catalogue's titles as a server's start-up wants it: packaged in the background
 * after listen (core.ts's registry), its progress in the metrics when DEMO_MEDIA is on.
 */
export function startDemoMediaWith(core: Core): DemoMediaHandle {
  const demoMedia = createDemoMedia({ db: core.db, env: core.env, log: core.log });
  core.background.add(demoMedia);
  if (core.env.demoMedia) core.metrics.watchDemoMedia(() => demoMedia.status());
  return demoMedia;
}
