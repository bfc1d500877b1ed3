// Layout shifts of a page load, cheaply: Chromium (playwright-core) records every `layout-shift` entry
// with the nodes that moved, under Lighthouse's mobile emulation or a desktop window. CLS moves far
// less with CPU load than Lighthouse's other figures, so this is what to iterate with on a busy machine.
// node bench/lib/layout-shifts.ts <url> [mobile|desktop] [runs]   (prints each run's shifts and sources)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { TV } from '../../e2e/support/browser.ts';
import { CHROMIUM, CHROMIUM_FLAGS, type FormFactor } from './lighthouse.ts';

/** One node a shift moved, as Chromium reports it (rects in CSS pixels). */
export interface ShiftSource {
  node: string;
  from: [number, number, number, number];
  to: [number, number, number, number];
}

/** One `layout-shift` entry of the load. */
export interface LayoutShift {
  /** ms since navigation start. */
  time: number;
  value: number;
  hadRecentInput: boolean;
  sources: ShiftSource[];
}

/** Lighthouse's mobile emulation (Moto G Power: 412 × 823 at 1.75) and its desktop window (1350 × 940). */
const EMULATION = {
  mobile: {
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
  },
  desktop: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  tv: { ...TV, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
} as const;

/** Installed before the page's scripts: keeps every layout-shift entry with a description of its nodes. */
function recordShifts() {
  const describe = (node: Node | null | undefined): string => {
    if (!node) return '(gone)';
    if (!(node instanceof Element)) return node.nodeName;
    const id = node.id ? `#${node.id}` : '';
    const cls =
      typeof node.className === 'string' && node.className ? `.${node.className.split(/\s+/).join('.')}` : '';
    const text = (node.textContent ?? '').trim().slice(0, 40);
    return `${node.tagName.toLowerCase()}${id}${cls}${text ? ` «${text}»` : ''}`;
  };
  const rect = (r: DOMRectReadOnly): [number, number, number, number] => [
    Math.round(r.x),
    Math.round(r.y),
    Math.round(r.width),
    Math.round(r.height),
  ];
  const shifts: unknown[] = [];
  (window as unknown as { __shifts: unknown[] }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    })[]) {
      shifts.push({
        time: Math.round(entry.startTime),
        value: entry.value,
        hadRecentInput: entry.hadRecentInput,
        sources: entry.sources.map((s) => ({
          node: describe(s.node),
          from: rect(s.previousRect),
          to: rect(s.currentRect),
        })),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * CLS as Lighthouse counts it: the largest session window (gaps < 1 s, windows ≤ 5 s). Every shift counts:
 * nothing is clicked during the load, and Chromium marks shifts under touch emulation as following
 * input anyway (Lighthouse counts those too).
 */
export function cumulativeLayoutShift(shifts: readonly LayoutShift[]): number {
  let best = 0;
  let window = 0;
  let first = 0;
  let last = 0;
  for (const shift of shifts) {
    if (window && shift.time - last < 1000 && shift.time - first < 5000) window += shift.value;
    else {
      window = shift.value;
      first = shift.time;
    }
    last = shift.time;
    best = Math.max(best, window);
  }
  return best;
}

/** Loads `url` in a fresh profile and returns its layout shifts once the network has been idle and 2 s more. */
export async function layoutShifts(url: string, formFactor: FormFactor): Promise<LayoutShift[]> {
  const profile = mkdtempSync(join(tmpdir(), 'kadr-cls-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'),
    locale: 'ru-RU',
    ...EMULATION[formFactor],
  });
  try {
    await context.addInitScript(recordShifts);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2000);
    return (await page.evaluate(() => (window as unknown as { __shifts: LayoutShift[] }).__shifts)) ?? [];
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const [url, formFactor = 'mobile', runs = '1'] = process.argv.slice(2);
  if (!url || (formFactor !== 'mobile' && formFactor !== 'desktop'))
    throw new Error('usage: node bench/lib/layout-shifts.ts <url> [mobile|desktop] [runs]');
  for (let run = 1; run <= Number(runs); run++) {
    const shifts = await layoutShifts(url, formFactor);
    console.log(`run ${run}: CLS ${cumulativeLayoutShift(shifts).toFixed(3)} (${shifts.length} shifts)`);
    for (const shift of shifts) {
      console.log(`  ${shift.time} ms  ${shift.value.toFixed(4)}${shift.hadRecentInput ? ' (input)' : ''}`);
      for (const s of shift.sources) console.log(`    ${s.node}  ${s.from.join(',')} → ${s.to.join(',')}`);
    }
  }
}
