import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, hasChromium, launchBrowser } from './support/browser.ts';
import { type RunningService, startService } from './support/service.ts';

function storage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => globalThis.localStorage.getItem(k), key);
}

// docs/decisions/041-identity-provider.md: /promo/web/auth_sandbox/ signs in through the api's sandbox
// OpenID Connect provider — its consent page, the authorization code with PKCE, a signed ID token.
describe.skipIf(!hasChromium)('sign-in through the sandbox identity provider in Chromium', () => {
  let service: RunningService;
  const browsers: Browser[] = [];

  /** A browser of its own: nothing stored, as a new visitor. */
  async function visitor(): Promise<Page> {
    const browser = await launchBrowser();
    browsers.push(browser);
    return browser.context.newPage();
  }

  /** Opens the app (an anonymous session), then the auth_ route, which leads to the consent page. */
  async function toConsent(page: Page): Promise<string> {
    await page.goto(`${service.baseUrl}/promo/web/?utm_source=e2e`);
    await expect.poll(() => storage(page, 'profile_id')).toMatch(/^\d+$/);
    const anonymous = (await storage(page, 'profile_id')) ?? '';
    await page.goto(`${service.baseUrl}/promo/web/auth_sandbox/`);
    await page.getByRole('heading', { name: 'Вход в Кадр' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sandbox/oidc/authorize');
    expect(new URL(page.url()).searchParams.get('prompt')).toBe('select_account');
    return anonymous;
  }

  async function allow(page: Page, login: string): Promise<void> {
    await page.getByRole('textbox', { name: 'Аккаунт' }).fill(login);
    await page.getByRole('button', { name: 'Разрешить' }).click();
  }

  beforeAll(async () => {
    service = await startService();
  });

  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await service?.stop();
  });

  it('signs a visitor in on their profile, and the same account again on the same profile', async () => {
    const page = await visitor();
    const anonymous = await toConsent(page);
    await allow(page, 'e2e-viewer');
    await expect.poll(() => storage(page, 'AUTH')).toBe('true');
    // Home again, the campaign query kept, the provider's code and state gone from the address.
    await expect.poll(() => page.url()).toBe(`${service.baseUrl}/promo/web/`);
    await expect.poll(() => storage(page, 'profile_id')).toBe(anonymous);
    expect(await storage(page, 'refresh_token')).toBeTruthy();
    await page.goto(`${service.baseUrl}/promo/web/account`);
    await page.getByText('Вы вошли через внешний сервис').waitFor();
    // Startup keeps the provider's sign-in (no phone) signed in.
    expect(await storage(page, 'AUTH')).toBe('true');

    const again = await visitor();
    const otherAnonymous = await toConsent(again);
    expect(otherAnonymous).not.toBe(anonymous);
    await allow(again, 'e2e-viewer');
    await expect.poll(() => storage(again, 'AUTH')).toBe('true');
    // The route saves the session, then reloads the app at home: read it once the reload is through.
    await expect.poll(() => again.url()).toBe(`${service.baseUrl}/promo/web/`);
    await expect.poll(() => storage(again, 'profile_id')).toBe(anonymous);
  });

  it('shows the message and keeps the anonymous session when the visitor refuses', async () => {
    const page = await visitor();
    const anonymous = await toConsent(page);
    await page.getByRole('button', { name: 'Отказать' }).click();
    await page.getByRole('heading', { level: 1, name: 'Вход не выполнен' }).waitFor();
    await page.getByText('Вы отказались от входа через внешний сервис').waitFor();
    expect(await storage(page, 'AUTH')).toBe('false');
    expect(await storage(page, 'profile_id')).toBe(anonymous);
    expect(await storage(page, 'access_token')).toBeTruthy();
    expect(new URL(page.url()).searchParams.has('error')).toBe(false);
  });

  it('refuses an answer whose state was tampered with: the message, and an anonymous session', async () => {
    const page = await visitor();
    const anonymous = await toConsent(page);
    // The state the provider sends back is not the one the api keeps.
    await page.locator('input[name="state"]').evaluate((input: HTMLInputElement) => {
      input.value = `${input.value}x`;
    });
    await allow(page, 'e2e-viewer');
    await page.getByText('Запрос на вход устарел или не подтверждён. Начните вход заново').waitFor();
    expect(await storage(page, 'AUTH')).toBe('false');
    expect(await storage(page, 'profile_id')).toBe(anonymous);
    expect(new URL(page.url()).searchParams.has('code')).toBe(false);
  });
});
