import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, hasChromium, launchBrowser, MOBILE } from './support/browser.ts';
import { type RunningService, startService } from './support/service.ts';

// Issue 15 item 5: the footer of every screen leads to the about page, which makes SPEC §1's claims and
// offers the support address and the feedback section; on a phone as on a desktop, nothing wider than
// the screen (docs/decisions/037-about-and-footer.md).
describe.skipIf(!hasChromium)('the about page and the footer in Chromium', () => {
  let service: RunningService;
  let desktop: Browser;
  let phone: Browser;

  beforeAll(async () => {
    service = await startService();
    [desktop, phone] = await Promise.all([launchBrowser(), launchBrowser(MOBILE)]);
  });

  afterAll(async () => {
    await Promise.all([desktop?.close(), phone?.close()]);
    await service?.stop();
  });

  /** Whether the page scrolls sideways (something wider than the viewport). */
  const scrollsSideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

  describe.each([
    { viewport: 'desktop', browser: () => desktop },
    { viewport: 'phone', browser: () => phone },
  ])('on a $viewport', ({ browser }) => {
    it('the footer’s О нас opens the about page with the query string, and the page makes every claim', async () => {
      const page = await browser().context.newPage();
      await page.goto(`${service.baseUrl}/promo/web/account?utm_source=footer`);
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: 'О нас' }).click();
      await page.getByRole('heading', { level: 1, name: 'О нас' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/promo/web/about_us');
      expect(new URL(page.url()).search).toBe('?utm_source=footer');
      expect(await page.title()).toBe('Кадр — О нас');

      const features = page.getByRole('region', { name: 'Что есть в Кадре' });
      expect(await features.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
        '50 телеканалов и тысячи фильмов в HD',
        'Более 250 телеканалов',
        'Архив передач',
        'Загрузки',
        'Трансляция на телевизор',
      ]);
      const feedback = page.getByRole('region', { name: 'Обратная связь' });
      const letter = await feedback.getByRole('link', { name: 'Написать отзыв' }).getAttribute('href');
      expect(letter).toMatch(/^mailto:support@kadr\.example\?subject=/);
      expect(await scrollsSideways(page)).toBe(false);
      await page.close();
    });

    it('the footer holds the documents, support, 5 + 5 stores with LG’s deep link, the version and copyright', async () => {
      const page = await browser().context.newPage();
      await page.goto(`${service.baseUrl}/promo/web/about_us`);
      await page.getByRole('heading', { level: 1, name: 'О нас' }).waitFor();
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: 'Пользовательское соглашение' }).waitFor();
      await footer.getByRole('link', { name: 'Политика конфиденциальности' }).waitFor();
      await footer.getByRole('link', { name: 'support@kadr.example' }).waitFor();
      const phoneStores = footer.getByRole('region', { name: 'Приложения для телефона' });
      const tvStores = footer.getByRole('region', { name: 'Приложения для телевизора' });
      expect(await phoneStores.getByRole('link').count()).toBe(5);
      expect(await tvStores.getByRole('link').count()).toBe(5);
      const lg = tvStores.getByRole('link', { name: 'LG Smart TV' });
      expect(await lg.getAttribute('href')).toBe('lgcontentstore://kadr');
      expect(await lg.getAttribute('target')).toBeNull();
      // The anonymous session of this browser has a profile id by now.
      await footer.getByText(/^ID профиля: \d+$/).waitFor();
      await footer.getByText('Версия 99').waitFor();
      await footer.getByText(`© ${new Date().getFullYear()} Кадр. Все права защищены.`).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await page.close();
    });
  });
});
