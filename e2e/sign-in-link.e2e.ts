import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, hasChromium, launchBrowser } from './support/browser.ts';
import { runOperator } from './support/operator.ts';
import { freshPostgres } from './support/postgres.ts';
import { type RunningService, startService } from './support/service.ts';

const PHONE = '79991239911';

function storage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => globalThis.localStorage.getItem(k), key);
}

// docs/decisions/038-sign-in-by-link.md: `auth:link` prints a one-time link; opening it signs in.
describe.skipIf(!hasChromium)('sign-in by link in Chromium', () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  let service: RunningService;
  let browser: Browser;
  let profileId: string;

  /** Runs one of the api's operator commands beside the running service; its stdout. */
  function operator(script: string, args: string[]): string {
    return runOperator({ databaseUrl: database!.url, dataDir: service.dataDir }, script, args).stdout.trim();
  }

  beforeAll(async () => {
    database = await freshPostgres('kadr_e2e_link');
    if (!database)
      throw new Error('the sign-in link journeys need the local PostgreSQL (auth:link runs beside it)');
    service = await startService({ DATABASE_URL: database.url });
    browser = await launchBrowser();
    // A phone's profile as support makes one (a phone that never signed in gets its profile made).
    const granted = operator('package-access', ['grant', '--phone', PHONE, '--package', '1']);
    profileId = granted.match(/to profile (\d+)/)?.[1] ?? '';
    if (!profileId) throw new Error(`no profile in «${granted}»`);
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    await database?.drop();
  });

  it('signs in from the link, drops the refresh token and strips the value from the address', async () => {
    const link = operator('auth-link', [
      '--profile',
      profileId,
      '--origin',
      service.baseUrl,
      '--path',
      '/promo/web/account?utm_source=tv',
      '--device',
      'web_linkdevice000001',
    ]);
    const page = await browser.context.newPage();
    await page.goto(link);
    await expect.poll(() => storage(page, 'AUTH')).toBe('true');
    expect(await storage(page, 'profile_id')).toBe(profileId);
    expect(await storage(page, 'login')).toBe(PHONE);
    expect(await storage(page, 'device_uid')).toBe('web_linkdevice000001');
    expect(await storage(page, 'refresh_token')).toBeNull();
    await expect.poll(() => page.url()).toBe(`${service.baseUrl}/promo/web/account?utm_source=tv`);
    await page.getByText('+7 999 123-99-11').first().waitFor();
    await page.close();
  });

  it('refuses a link used before: the message, and an anonymous session', async () => {
    const link = operator('auth-link', ['--profile', profileId, '--origin', service.baseUrl]);
    const first = await browser.context.newPage();
    await first.goto(link);
    await expect.poll(() => storage(first, 'AUTH')).toBe('true');
    await first.close();

    // Another viewer opens the same link later: a browser of their own, nothing stored (the first
    // browser's pages share one storage, which its app may still be writing to).
    const other = await launchBrowser();
    try {
      const page = await other.context.newPage();
      await page.goto(link);
      const notice = page.getByRole('alertdialog', { name: 'Ссылка для входа недействительна или устарела' });
      await notice.waitFor();
      expect(await storage(page, 'AUTH')).toBe('false');
      expect(await storage(page, 'access_token')).toBeTruthy();
      expect(await storage(page, 'profile_id')).not.toBe(profileId);
      expect(page.url()).toBe(`${service.baseUrl}/promo/web/`);
      // Exact: «ОК» is also inside «Прокрутить вправо» (the rails' arrows).
      await notice.getByRole('button', { name: 'ОК', exact: true }).click();
      await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    } finally {
      await other.close();
    }
  });
});
