import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, hasChromium, launchBrowser, MOBILE } from './support/browser.ts';
import { type RunningService, startService } from './support/service.ts';
import { latestSmsCode } from './support/sign-in.ts';

function storage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => globalThis.localStorage.getItem(k), key);
}

async function openLoginAndSendCode(page: Page, baseUrl: string, localDigits: string): Promise<void> {
  await page.goto(`${baseUrl}/promo/web/?utm_source=e2e`);
  await page.getByRole('button', { name: 'Войти' }).first().click();
  await expect
    .poll(() => page.getByText('Введите номер телефона, чтобы войти или зарегистрироваться').isVisible())
    .toBe(true);
  await page.getByRole('textbox', { name: 'Номер телефона' }).fill(localDigits);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByText('Код активен ещё 2 минуты').waitFor();
}

describe.skipIf(!hasChromium)('sign-in journeys in Chromium', () => {
  let service: RunningService;
  let browser: Browser;

  beforeAll(async () => {
    service = await startService();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('gives a first-time visitor an anonymous session silently', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${service.baseUrl}/promo/web/`);
    await expect.poll(() => storage(page, 'access_token')).toBeTruthy();
    expect(await storage(page, 'device_uid')).toMatch(/^web_[A-Za-z0-9]{16}$/);
    expect(await storage(page, 'AUTH')).toBe('false');
    expect(await storage(page, 'profile_id')).toMatch(/^\d+$/);
    await page.close();
  });

  it('signs in with the SMS code from the sandbox outbox, shows the phone, logs out', async () => {
    const page = await browser.context.newPage();
    await openLoginAndSendCode(page, service.baseUrl, '9991230001');
    const code = await latestSmsCode(service.baseUrl, '79991230001');

    const reloaded = page.waitForEvent('load');
    for (const [index, digit] of [...code].entries()) {
      await page.getByRole('textbox', { name: `Цифра ${index + 1}`, exact: true }).fill(digit);
    }
    await reloaded;
    await expect.poll(() => storage(page, 'AUTH')).toBe('true');
    expect(await storage(page, 'login')).toBe('79991230001');

    await page.goto(`${service.baseUrl}/promo/web/account`);
    await page.getByText('+7 999 123-00-01').first().waitFor();

    await page.getByText('Выход из учетной записи').click();
    await page.getByText('Вы действительно хотите выйти?').waitFor();
    const afterLogout = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Выйти из профиля' }).click();
    await afterLogout;
    await expect.poll(() => storage(page, 'AUTH')).toBe('false');
    await expect.poll(() => storage(page, 'access_token')).toBeTruthy();
    expect(await storage(page, 'login')).toBeNull();
    expect(page.url()).toContain('/promo/web/account');
    await page.getByRole('button', { name: 'Войти' }).first().waitFor();
    await page.close();
  });

  it('says the code is wrong and lets the viewer try again', async () => {
    const page = await browser.context.newPage();
    await openLoginAndSendCode(page, service.baseUrl, '9991230002');
    const code = await latestSmsCode(service.baseUrl, '79991230002');
    const wrong = code === '0000' ? '1111' : '0000';
    for (const [index, digit] of [...wrong].entries()) {
      await page.getByRole('textbox', { name: `Цифра ${index + 1}`, exact: true }).fill(digit);
    }
    await page.getByText('Неверный код').waitFor();
    expect(await storage(page, 'AUTH')).toBe('false');
    await page.close();
  });

  it('rejects a malformed phone with the SPEC text', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${service.baseUrl}/promo/web/`);
    await page.getByRole('button', { name: 'Войти' }).first().click();
    await page.getByRole('textbox', { name: 'Номер телефона' }).fill('12345');
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await page.getByText('Неверный номер телефона').waitFor();
    await page.close();
  });

  it('signs in by accepting the push on the sandbox push page', async () => {
    const page = await browser.context.newPage();
    await openLoginAndSendCode(page, service.baseUrl, '9991230003');

    const phonePage = await browser.context.newPage();
    await phonePage.goto(`${service.baseUrl}/sandbox/push?phone=79991230003`);
    const reloaded = page.waitForEvent('load');
    await phonePage.getByRole('button', { name: 'Подтвердить вход' }).first().click();
    await reloaded;
    await expect.poll(() => storage(page, 'AUTH')).toBe('true');

    await page.goto(`${service.baseUrl}/promo/web/account`);
    await page.getByText('+7 999 123-00-03').first().waitFor();
    await phonePage.close();
    await page.close();
  });

  it('lays out a phone with the bottom bar and the account as its own page', async () => {
    const mobile = await launchBrowser(MOBILE);
    try {
      const page = await mobile.context.newPage();
      await page.goto(`${service.baseUrl}/promo/web/account?utm_source=e2e`);
      const bar = page.getByRole('navigation', { name: 'Навигация' });
      await bar.waitFor();
      await expect.poll(() => bar.getByRole('link').count()).toBe(4);
      // Links carry the query string (SPEC §2).
      expect(await bar.getByRole('link').first().getAttribute('href')).toContain('utm_source=e2e');
    } finally {
      await mobile.close();
    }
  });

  it('sends unknown paths to the root, keeping the query string', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${service.baseUrl}/promo/web/no/such/page?utm_source=e2e`);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/promo\/web\/?$/);
    expect(new URL(page.url()).search).toBe('?utm_source=e2e');
    await page.close();
  });
});
