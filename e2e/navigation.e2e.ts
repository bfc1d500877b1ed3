import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, hasChromium, launchBrowser } from './support/browser.ts';
import { type RunningService, startService } from './support/service.ts';

describe.skipIf(!hasChromium)('errors and navigation in Chromium (docs/decisions/008)', () => {
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

  it('reloads once at the screen asked for when a release removed its chunk, then shows the error screen', async () => {
    const page = await browser.context.newPage();
    // The TV screen's chunk is gone, as after a release that renamed it.
    let chunkRequests = 0;
    await page.route(/\/assets\/tv-route-[^/]+\.js$/, (route) => {
      chunkRequests += 1;
      return route.fulfill({ status: 404, body: 'Not Found' });
    });
    let documents = 0;
    page.on('domcontentloaded', () => {
      documents += 1;
    });

    await page.goto(`${service.baseUrl}/promo/web/?utm_source=e2e`);
    await page.getByRole('region', { name: 'Новинки' }).waitFor();
    expect(await page.title()).toBe('Кадр — Каталог');

    const nav = page.getByRole('navigation', { name: 'Основная навигация' });
    await nav.getByRole('link', { name: 'ТВ' }).click();
    const error = page.getByRole('region', { name: 'Что-то пошло не так :(' });
    await error.waitFor();

    expect(page.url()).toBe(`${service.baseUrl}/promo/web/tv?utm_source=e2e`);
    // One reload: the first page and the reloaded one (which asked for the chunk again).
    expect(documents).toBe(2);
    expect(chunkRequests).toBeGreaterThanOrEqual(2);
    expect(await error.getByText(/Не удалось загрузить страницу/).isVisible()).toBe(true);
    expect(await error.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe(
      '/promo/web/?utm_source=e2e',
    );
    expect(await nav.isVisible()).toBe(true);
    expect(await page.locator('body').textContent()).not.toMatch(/Unexpected Application Error|at \S+\.js/);

    // «На главную» works in place.
    await error.getByRole('link', { name: 'На главную' }).click();
    await page.getByRole('region', { name: 'Новинки' }).waitFor();
    expect(documents).toBe(2);
    await page.close();
  });

  it('starts a new screen at the top and brings Back to where the visitor was', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${service.baseUrl}/promo/web/`);
    const rails = page.getByRole('region', { name: 'Новинки' });
    await rails.waitFor();
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);

    await rails.getByRole('link').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/promo\/web\/movie\/\d+\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => page.title()).toMatch(/^Кадр — .+/);

    await page.goBack();
    await rails.waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
    await page.close();
  });
});
