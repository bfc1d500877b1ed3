// Lighthouse (performance category only) in Debian's Chromium, nothing downloaded: chrome-launcher starts
// /usr/bin/chromium with a fresh profile for every run, and the flags keep Chromium off the network.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, desktopConfig, type Result } from 'lighthouse';
import { TV } from '../../e2e/support/browser.ts';
import { CHROMIUM_FLAGS as BASE_FLAGS, CHROMIUM_PATH } from '../../e2e/support/chromium.ts';

export const CHROMIUM = CHROMIUM_PATH;

/** The flags of every browser run here, and any host but the loopback unresolvable, so a stray request can never leave the machine. */
export const CHROMIUM_FLAGS = [...BASE_FLAGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'];

export type FormFactor = 'desktop' | 'mobile' | 'tv';

/**
 * A smart TV (docs/decisions/040): its 1920×1080 screen and user agent (the app's TV layout), the desktop
 * network, and a CPU four times slower than this machine's — a TV's system-on-chip is a phone's, not a
 * desktop's.
 */
const tvConfig: Config = {
  ...desktopConfig,
  settings: {
    ...desktopConfig.settings,
    screenEmulation: {
      mobile: false,
      width: TV.viewport.width,
      height: TV.viewport.height,
      deviceScaleFactor: 1,
      disabled: false,
    },
    emulatedUserAgent: TV.userAgent,
    throttling: { ...desktopConfig.settings?.throttling, cpuSlowdownMultiplier: 4 },
  },
};

/** One Lighthouse run's figures (times in ms). */
export interface LighthouseFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Speed Index. */
  si: number;
  /** First and largest contentful paint as they happened in the unthrottled load Lighthouse simulates from. */
  observedFcp: number;
  observedLcp: number;
  /** Lighthouse's CPU benchmark of the machine during the run (higher is faster; a busy machine scores low). */
  benchmarkIndex: number;
  /** The run's warnings and its runtime error, if any. */
  warnings: string[];
}

/**
 * Runs Lighthouse once on `url` in a fresh Chromium; writes the full report to `reportFile` when given.
 * `userAgent` replaces the form factor's (e.g. the TV's settings with a desktop browser's agent, for the
 * desktop layout on the same screen and CPU).
 */
export async function lighthouseOnce(
  url: string,
  formFactor: FormFactor,
  reportFile?: string,
  userAgent?: string,
): Promise<LighthouseFigures> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'kadr-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir,
    logLevel: 'silent',
  });
  try {
    // Mobile: Lighthouse's default config (Moto G Power emulation, simulated slow 4G and 4× CPU).
    const chosen: Config | undefined =
      formFactor === 'desktop' ? desktopConfig : formFactor === 'tv' ? tvConfig : undefined;
    const config: Config | undefined =
      chosen && userAgent
        ? { ...chosen, settings: { ...chosen.settings, emulatedUserAgent: userAgent } }
        : chosen;
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr: Result = result.lhr;
    if (reportFile) writeFileSync(reportFile, JSON.stringify(lhr, null, 1));
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)
      ?.items?.[0];
    const warnings = [...lhr.runWarnings];
    if (lhr.runtimeError) warnings.push(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return {
      score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      si: audit('speed-index'),
      observedFcp: observed?.observedFirstContentfulPaint ?? Number.NaN,
      observedLcp: observed?.observedLargestContentfulPaint ?? Number.NaN,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      warnings,
    };
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** The runs' scores for a table, in the order run; a run Lighthouse could not score (its runtime error is in its warnings) shows as «no score». */
export function scoreList(scores: readonly number[]): string {
  return scores.map((score) => (Number.isNaN(score) ? 'no score' : String(score))).join(', ');
}

/** The median of the numbers (the middle one of an odd count). */
export function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Several runs of one page: every figure is the median over the runs, taken figure by figure. */
export interface LighthouseSummary extends LighthouseFigures {
  /** Each run's score, in the order run. */
  scores: number[];
  /** Each run's total blocking time and layout shift (the spread of the two figures that move most). */
  tbts: number[];
  clss: number[];
}

/** The median of each figure over `all` runs of one page, with the runs' scores, TBT and CLS kept. */
export function summarise(all: readonly LighthouseFigures[]): LighthouseSummary {
  const pick = (key: keyof Omit<LighthouseFigures, 'warnings'>) => median(all.map((run) => run[key]));
  return {
    score: pick('score'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    si: pick('si'),
    observedFcp: pick('observedFcp'),
    observedLcp: pick('observedLcp'),
    benchmarkIndex: pick('benchmarkIndex'),
    warnings: [...new Set(all.flatMap((run) => run.warnings))],
    scores: all.map((run) => run.score),
    tbts: all.map((run) => run.tbt),
    clss: all.map((run) => run.cls),
  };
}
