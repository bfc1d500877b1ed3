import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { anonymousApi } from './support/api.ts';
import { type Browser, hasChromium, launchBrowser, MOBILE, TV } from './support/browser.ts';
import { type RunningService, startService } from './support/service.ts';
import { latestSmsCode } from './support/sign-in.ts';

// The bar of issue 10: axe finds no serious or critical violation on the pages a viewer sees first, on a
// desktop and on a phone. Each page is checked once it shows its content (a loader alone proves little).
describe.skipIf(!hasChromium)('accessibility in Chromium (axe: no serious or critical violation)', () => {
  let service: RunningService;
  let desktop: Browser;
  let phone: Browser;
  let series: { id: number; title: string };
  let channelTitle: { id: number; title: string };

  beforeAll(async () => {
    // The guide shows the demo EPG's week.
    service = await startService({ DEMO_SCHEDULE: '1' });
    [desktop, phone] = await Promise.all([launchBrowser(), launchBrowser(MOBILE)]);
    const api = await anonymousApi(service.baseUrl, 'web_E2Ea11y000000001');
    const { collections } = await api<{
      collections: { RB_title: string; EKs: { EK_id: number; EK_title: string }[] }[];
    }>('/web/1/collections?tab_id=Main2');
    const first = (collections.find((c) => c.RB_title === 'Сериалы') ?? collections[1])?.EKs[0];
    if (!first) throw new Error('the demo catalogue has no series rail');
    series = { id: first.EK_id, title: first.EK_title };
    const { items } = await api<{ items: { id: number; title: string; type: string }[] }>(
      '/v2/agregator/searchHint',
      { search_query: 'Кадр Новости' },
    );
    const live = items.find((item) => item.type === 'content' && /Прямой эфир/.test(item.title));
    if (!live) throw new Error('the demo catalogue has no «Кадр Новости. Прямой эфир»');
    channelTitle = live;
  });

  afterAll(async () => {
    await Promise.all([desktop?.close(), phone?.close()]);
    await service?.stop();
  });

  /** A new page of the given browser at a path under /promo/web/. */
  async function open(browser: Browser, path: string): Promise<Page> {
    const page = await browser.context.newPage();
    await page.goto(`${service.baseUrl}/promo/web/${path}`);
    return page;
  }

  describe.each([
    { viewport: 'desktop', browser: () => desktop },
    { viewport: 'phone', browser: () => phone },
  ])('on a $viewport', ({ browser }) => {
    it('home', async () => {
      const page = await open(browser(), '');
      await page.getByRole('region', { name: 'Новинки' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await page.close();
    });

    it('a title card with seasons and similar titles', async () => {
      const page = await open(browser(), `movie/${series.id}/`);
      await page.getByRole('heading', { level: 1, name: series.title }).waitFor();
      await page.getByRole('tablist', { name: 'Сезоны' }).waitFor();
      await page.getByRole('region', { name: 'Похожие фильмы' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await page.close();
    });

    it("a channel title's programme guide", async () => {
      const page = await open(browser(), `movie/${channelTitle.id}/tv_guide`);
      // The demo EPG fills a moment after the service starts: reload until today's programmes show.
      const programme = page.getByRole('region', { name: 'Сегодня' }).getByRole('listitem').first();
      for (let attempt = 1; ; attempt++) {
        try {
          await programme.waitFor({ timeout: 3000 });
          break;
        } catch (error) {
          if (attempt === 5) throw error;
          await page.reload();
        }
      }
      await expectNoSeriousA11yViolations(page);
      await page.close();
    });

    it('the about page and the footer', async () => {
      const page = await open(browser(), 'about_us');
      await page.getByRole('region', { name: 'Обратная связь' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await page.close();
    });

    it("a guest's account menu", async () => {
      const page = await open(browser(), 'account');
      await page.getByRole('navigation', { name: 'Меню аккаунта' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await page.close();
    });
  });

  it('home on a smart TV, the remote’s focus on its first card (docs/decisions/040)', async () => {
    const tv = await launchBrowser(TV);
    try {
      const page = await open(tv, '');
      await page.getByRole('region', { name: 'Новинки' }).waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-focused') === 'true');
      await expectNoSeriousA11yViolations(page);
    } finally {
      await tv.close();
    }
  });

  it('the login modal: phone screen, a wrong number, code screen (desktop)', async () => {
    const page = await open(desktop, '');
    await page.getByRole('button', { name: 'Войти' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Номер телефона' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('textbox', { name: 'Номер телефона' }).fill('12345');
    await dialog.getByRole('button', { name: 'Продолжить' }).click();
    await dialog.getByText('Неверный номер телефона').waitFor();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('textbox', { name: 'Номер телефона' }).fill('9991239001');
    await dialog.getByRole('button', { name: 'Продолжить' }).click();
    await dialog.getByRole('group', { name: 'Код из СМС' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.close();
  });

  it('the login sheet on a phone', async () => {
    const page = await open(phone, 'account');
    await page.getByText('Вход или регистрация').click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Номер телефона' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.close();
  });

  it("a signed-in viewer's account menu and the logout question (desktop)", async () => {
    const page = await open(desktop, '');
    await page.getByRole('button', { name: 'Войти' }).first().click();
    await page.getByRole('textbox', { name: 'Номер телефона' }).fill('9991239002');
    await page.getByRole('button', { name: 'Продолжить' }).click();
    const code = await latestSmsCode(service.baseUrl, '79991239002');
    const reloaded = page.waitForEvent('load');
    for (const [index, digit] of [...code].entries()) {
      await page.getByRole('textbox', { name: `Цифра ${index + 1}`, exact: true }).fill(digit);
    }
    await reloaded;

    await page.goto(`${service.baseUrl}/promo/web/account`);
    await page.getByText('+7 999 123-90-02').first().waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByText('Выход из учетной записи').click();
    await page.getByRole('alertdialog', { name: 'Вы действительно хотите выйти?' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.close();
  });
});
