import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';

// The browser suites are skipped where Debian's Chromium is not installed.
export { CHROMIUM_PATH };

/** Whether this machine can run the browser suites. */
export const hasChromium = existsSync(CHROMIUM_PATH);

/** A fresh Chromium profile; `close()` removes it. */
export interface Browser {
  context: BrowserContext;
  /** What Chromium reported as blocked by a Content-Security-Policy, on any page or frame, so far. */
  cspViolations: string[];
  close(): Promise<void>;
}

/** Launches Chromium with a new empty user-data-dir (playwright-core rejects it in args). */
export async function launchBrowser(
  options: { viewport?: { width: number; height: number }; userAgent?: string; isMobile?: boolean } = {},
): Promise<Browser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'kadr-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
    viewport: options.viewport ?? { width: 1280, height: 800 },
    userAgent: options.userAgent,
    isMobile: options.isMobile,
    hasTouch: options.isMobile,
    locale: 'ru-RU',
  });
  const cspViolations: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      cspViolations.push(message.text());
    }
  });
  return {
    context,
    cspViolations,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** A phone-sized viewport and user agent, for the mobile layout. */
export const MOBILE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
  isMobile: true,
};

/** A Samsung TV's browser (Tizen 7) at 1920×1080: the smart-TV layout (docs/decisions/040). */
export const TV = {
  viewport: { width: 1920, height: 1080 },
  userAgent:
    'Mozilla/5.0 (SMART-TV; LINUX; Tizen 7.0) AppleWebKit/537.36 (KHTML, like Gecko) 94.0.4606.31/7.0 TV Safari/537.36',
};
