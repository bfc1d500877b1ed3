import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, anonymousApi } from './support/api.ts';
import { type Browser, hasChromium, launchBrowser, MOBILE } from './support/browser.ts';
import { type RunningService, startService } from './support/service.ts';

interface Episode {
  EP_id: number;
  EP_title: string;
  is_announce: boolean;
}

describe.skipIf(!hasChromium)('catalogue journeys in Chromium (demo catalogue)', () => {
  let service: RunningService;
  let browser: Browser;
  let api: ApiCall;
  let series: { id: number; title: string };

  beforeAll(async () => {
    // The channel journey shows the demo EPG's week.
    service = await startService({ DEMO_SCHEDULE: '1' });
    browser = await launchBrowser();
    api = await anonymousApi(service.baseUrl, 'web_E2Ecatalogue00001');
    // The first series of the home page's «Сериалы» rail, whatever the demo catalogue holds today.
    const { collections } = await api<{
      collections: { RB_title: string; EKs: { EK_id: number; EK_title: string }[] }[];
    }>('/web/1/collections?tab_id=Main2');
    const rail = collections.find((c) => c.RB_title === 'Сериалы') ?? collections[1];
    const first = rail?.EKs[0];
    if (!first) throw new Error('the demo catalogue has no series rail');
    series = { id: first.EK_id, title: first.EK_title };
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('goes home → search → card → another season → a similar title', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${service.baseUrl}/promo/web/?utm_source=e2e`);
    await page.getByRole('region', { name: 'Новинки' }).waitFor();

    // Search from the header: three letters of the series' title find it.
    await page.getByRole('button', { name: 'Поиск', exact: true }).click();
    const query = series.title.split(/\s+/)[0]!.slice(0, 5);
    await page.getByRole('searchbox', { name: 'Поиск' }).fill(query);
    const results = page.getByRole('region', { name: 'Результаты поиска' });
    await results.getByRole('link', { name: series.title }).first().click();

    await page.getByRole('heading', { level: 1, name: series.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/promo/web/movie/${series.id}/`);
    expect(new URL(page.url()).search).toContain('utm_source=e2e');

    // Switch to the first season: its episodes come from the seasons call.
    const content = await api<{ seasons: { season_id: number; season_number: number }[] }>(
      `/web/2/contents/${series.id}`,
    );
    const firstSeason = content.seasons[0]!;
    const { episodes } = await api<{ episodes: Episode[] }>(
      `/web/2/seasons/${firstSeason.season_id}/episodes?EK_id=${series.id}`,
    );
    await page.getByRole('tab', { name: `Сезон ${firstSeason.season_number}` }).click();
    const panel = page.getByRole('tabpanel', { name: `Сезон ${firstSeason.season_number}` });
    await panel.getByRole('link', { name: episodes[0]!.EP_title }).first().waitFor();

    // Open a similar title: the first one the similar call lists.
    const { items } = await api<{ items: { EK_id: number; EK_title: string }[] }>(
      `/web/1/contents/${series.id}/similar?page_number=0&limit=30`,
    );
    const other = items[0]!;
    const similar = page.getByRole('region', { name: 'Похожие фильмы' });
    await similar.getByRole('link', { name: other.EK_title }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/promo/web/movie/${other.EK_id}/`);
    await page.getByRole('heading', { level: 1, name: other.EK_title }).waitFor();
    await page.close();
  });

  it('finds a title typed in the wrong keyboard layout', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${service.baseUrl}/promo/web/`);
    await page.getByRole('button', { name: 'Поиск', exact: true }).click();
    // «привет» typed on a Latin layout.
    await page.getByRole('searchbox', { name: 'Поиск' }).fill('ghbdtn');
    const results = page.getByRole('region', { name: 'Результаты поиска' });
    await results
      .getByRole('link', { name: /привет/i })
      .first()
      .waitFor();
    await page.close();
  });

  it('says nothing was found and keeps the recommendations', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${service.baseUrl}/promo/web/`);
    await page.getByRole('button', { name: 'Поиск', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Поиск' }).fill('щщщщщщщщ');
    await page.getByText('По вашему запросу ничего не найдено.').waitFor();
    // The demo's «search» collection stays under the message.
    await page.getByRole('region', { name: 'Рекомендуем' }).waitFor();
    await page.close();
  });

  it('scrolls a home rail with its arrows on desktop', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${service.baseUrl}/promo/web/`);
    const rail = page.getByRole('region', { name: 'Новинки' });
    const next = rail.getByRole('button', { name: 'Прокрутить вправо' });
    await next.click();
    await rail.getByRole('button', { name: 'Прокрутить влево' }).waitFor();
    await page.close();
  });

  it("shows a channel title's week on the desktop card and its guide on a phone", async () => {
    const { items } = await api<{ items: { id: number; title: string; type: string }[] }>(
      '/v2/agregator/searchHint',
      { search_query: 'Кадр Новости' },
    );
    const channelTitle = items.find((item) => item.type === 'content' && /Прямой эфир/.test(item.title));
    if (!channelTitle) throw new Error('the demo catalogue has no «Кадр Новости. Прямой эфир»');

    // The demo EPG fills a moment after the service starts: wait for today's programmes.
    const todayUtc = `${new Date().toISOString().slice(0, 10)}T00:00Z`;
    await expect
      .poll(
        async () =>
          (
            await api<{ items: unknown[] }>('/v1/agregator/getTvSchedule', {
              tv_schedule_day_start_utc0: todayUtc,
              EK_id: channelTitle.id,
              region_info: '{}',
            })
          ).items.length,
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    const page = await browser.context.newPage();
    await page.goto(`${service.baseUrl}/promo/web/movie/${channelTitle.id}/`);
    const week = page.getByRole('region', { name: 'Телепрограмма на неделю' });
    const today = week.getByRole('region', { name: 'Сегодня' });
    // Today starts at the programme on air; the demo schedule covers every hour of the week.
    // The week is a lazy chunk and 7 calls (about 1.3 s on this machine under load): wait for it to show.
    await today.getByRole('listitem').first().waitFor();
    await expect.poll(() => today.getByRole('listitem').first().textContent()).toMatch(/^Сейчас/);
    await expect.poll(() => week.getByRole('region').count()).toBe(7);
    const tomorrow = week.getByRole('region', { name: 'Завтра' });
    await expect.poll(() => tomorrow.getByRole('listitem').count()).toBe(3);
    await tomorrow.getByRole('button', { name: /^Вся программа/ }).click();
    expect(await tomorrow.getByRole('listitem').count()).toBeGreaterThan(3);
    await page.close();

    const mobile = await launchBrowser(MOBILE);
    try {
      const phone = await mobile.context.newPage();
      await phone.goto(`${service.baseUrl}/promo/web/movie/${channelTitle.id}/?utm_source=e2e`);
      await phone.getByRole('link', { name: 'Телепрограмма' }).click();
      await expect
        .poll(() => new URL(phone.url()).pathname)
        .toBe(`/promo/web/movie/${channelTitle.id}/tv_guide`);
      await phone.getByRole('heading', { level: 1, name: 'Телепрограмма: Кадр Новости' }).waitFor();
      const days = phone.getByRole('navigation', { name: 'Дни' });
      await days.getByRole('button', { name: 'Завтра' }).click();
      await expect
        .poll(() => days.getByRole('button', { name: 'Завтра' }).getAttribute('aria-current'))
        .toBe('true');
      const todaySection = phone.getByRole('region', { name: 'Сегодня' });
      expect(await todaySection.getByRole('listitem').first().textContent()).toMatch(/^Сейчас/);
    } finally {
      await mobile.close();
    }
  });

  it('opens the last episode of the last season for ?series=last', async () => {
    const content = await api<{ seasons: { season_id: number }[] }>(`/web/2/contents/${series.id}`);
    const lastSeason = content.seasons.at(-1)!;
    const { episodes } = await api<{ episodes: Episode[] }>(
      `/web/2/seasons/${lastSeason.season_id}/episodes?EK_id=${series.id}`,
    );
    const last = episodes.filter((e) => !e.is_announce).at(-1)!;
    const page = await browser.context.newPage();
    await page.goto(`${service.baseUrl}/promo/web/movie/${series.id}/?series=last`);
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/promo/web/movie/${series.id}/${last.EP_id}/`);
    await page.close();
  });

  it('shows the error modal a second after a title fails to load', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${service.baseUrl}/promo/web/movie/999999/`);
    const modal = page.getByRole('alertdialog', { name: 'Что-то пошло не так :(' });
    await modal.waitFor();
    await modal.getByRole('link', { name: 'Главная страница' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/promo/web/');
    await page.close();
  });

  it('lists the TV tab rails with channels', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${service.baseUrl}/promo/web/tv`);
    const channelLink = page.locator('a[href*="/promo/web/tv/"]').first();
    await channelLink.waitFor();
    await page.close();
  });

  it('searches on the mobile search page', async () => {
    const mobile = await launchBrowser(MOBILE);
    try {
      const page = await mobile.context.newPage();
      await page.goto(`${service.baseUrl}/promo/web/search`);
      const field = page.getByRole('searchbox', { name: 'Поиск' });
      expect(await field.getAttribute('placeholder')).toBe('Поиск');
      await page.getByRole('button', { name: 'Назад' }).waitFor();
      await field.fill(series.title.slice(0, 4));
      await page.getByRole('link', { name: series.title }).first().waitFor();
    } finally {
      await mobile.close();
    }
  });
});
