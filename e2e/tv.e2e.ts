import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, hasChromium, launchBrowser, TV } from './support/browser.ts';
import { type RunningService, startService } from './support/service.ts';

/** What has the focus: its accessible name (or text), its region and the screen's path. */
interface Focus {
  name: string;
  region: string;
  path: string;
  /** Seen whole inside the window. */
  inView: boolean;
}

function focus(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const rect = element.getBoundingClientRect();
    const section = element.closest('section, header, footer, [role="dialog"]');
    const heading = section?.querySelector('h1, h2, h3')?.textContent ?? '';
    return {
      name: (
        element.getAttribute('aria-label') ||
        (element as HTMLInputElement).labels?.[0]?.textContent ||
        element.textContent ||
        ''
      ).trim(),
      region: section?.getAttribute('aria-label') || heading || section?.tagName || '',
      path: location.pathname,
      inView:
        rect.left >= 0 &&
        rect.top >= 0 &&
        rect.right <= window.innerWidth + 1 &&
        rect.bottom <= window.innerHeight + 1,
    };
  });
}

/** Screens load a chunk and their data: a focus may take a few seconds to arrive on a busy machine. */
const SOON = { timeout: 10_000 };

/** Presses a key and waits until the focus (or the screen) is no longer what it was. */
async function press(page: Page, key: string): Promise<Focus> {
  const before = await focus(page);
  await page.keyboard.press(key);
  await expect
    .poll(
      async () => {
        const now = await focus(page);
        return now.name !== before.name || now.path !== before.path || now.region !== before.region;
      },
      { ...SOON, message: `${key} moved nothing from ${JSON.stringify(before)}` },
    )
    .toBe(true);
  return focus(page);
}

/** Presses `key` until the focus is on an element named `name` (at most `limit` presses). */
async function moveTo(page: Page, key: string, name: string | RegExp, limit = 12): Promise<Focus> {
  for (let step = 0; step < limit; step++) {
    const now = await focus(page);
    if (typeof name === 'string' ? now.name === name : name.test(now.name)) return now;
    await press(page, key);
  }
  throw new Error(`no «${String(name)}» by ${key}: ${JSON.stringify(await focus(page))}`);
}

/** A platform's back key as the TV sends it: a key code only (Tizen 10009, webOS 461). */
async function platformBack(page: Page, keyCode: 10009 | 461): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const key = { windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode, key: 'Unidentified' };
  await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
  await cdp.detach();
}

describe.skipIf(!hasChromium)('the smart-TV layout, by the remote alone (docs/decisions/040)', () => {
  let service: RunningService;
  let browser: Browser;

  beforeAll(async () => {
    // The guide journey reads the demo programme guide.
    service = await startService({ DEMO_SCHEDULE: '1' });
    browser = await launchBrowser(TV);
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('home → a rail → a title → Смотреть → back, the focus seen all the way', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${service.baseUrl}/promo/web/`);
    // The first screen's first card takes the focus by itself, in the leading rail.
    await expect.poll(async () => (await focus(page)).region, SOON).toBe('Премьеры недели');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-focused'))).toBe('true');

    const rail = await press(page, 'ArrowDown');
    expect(rail.region).toBe('Новинки');
    // Along the rail: the rail scrolls so the focused card stays whole on screen.
    const cards = await page.getByRole('region', { name: 'Новинки' }).locator('li').count();
    let card = rail;
    for (let step = 1; step < cards; step++) card = await press(page, 'ArrowRight');
    expect(card).toMatchObject({ region: 'Новинки', inView: true });
    const scrolled = await page
      .getByRole('region', { name: 'Новинки' })
      .locator('ul')
      .evaluate((track) => track.scrollLeft);
    expect(scrolled).toBeGreaterThan(0);

    // Back along the rail to a series with a preview (a title without one sends a guest to its package).
    await moveTo(page, 'ArrowLeft', /^Станция «Коперник»/, cards);
    const title = await press(page, 'Enter');
    expect(title.path).toMatch(/^\/promo\/web\/movie\/\d+\/$/);
    await expect.poll(async () => (await focus(page)).name, SOON).toBe('Смотреть');

    // Смотреть opens the player (the demo has no video packaged here): its close button takes the focus.
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Плеер' }).waitFor();
    await expect.poll(async () => (await focus(page)).region, SOON).toBe('Плеер');

    // Back leaves the player first (focus back on Смотреть), then the title (home, a card focused).
    await page.keyboard.press('Backspace');
    await page.getByRole('region', { name: 'Плеер' }).waitFor({ state: 'detached' });
    await expect.poll(async () => (await focus(page)).name, SOON).toBe('Смотреть');

    // Down to the seasons, along them, down to an episode; up again to Смотреть.
    const season = await press(page, 'ArrowDown');
    expect(season.name).toMatch(/^Сезон \d/);
    expect((await press(page, 'ArrowRight')).name).toMatch(/^Сезон \d/);
    const episode = await press(page, 'ArrowDown');
    expect(episode).toMatchObject({ inView: true });
    expect(episode.name).toMatch(/серия/i);
    await moveTo(page, 'ArrowUp', 'Смотреть');

    await platformBack(page, 10009);
    await expect.poll(async () => (await focus(page)).path, SOON).toBe('/promo/web/');
    await expect.poll(async () => (await focus(page)).region, SOON).toBe('Премьеры недели');

    // Back on home as the visit's first screen does nothing: the app stays, the focus stays.
    await platformBack(page, 461);
    await page.waitForTimeout(300);
    expect(await focus(page)).toMatchObject({ path: '/promo/web/', region: 'Премьеры недели' });

    // Home with a screen behind it (a title, then the header's logo): back returns to that title.
    const opened = await press(page, 'Enter');
    expect(opened.path).toMatch(/^\/promo\/web\/movie\/\d+\/$/);
    await moveTo(page, 'ArrowUp', 'Кадр — на главную');
    expect((await press(page, 'Enter')).path).toBe('/promo/web/');
    await platformBack(page, 10009);
    await expect.poll(async () => (await focus(page)).path, SOON).toBe(opened.path);
    await page.close();
  });

  it('the guide: from a channel to its programme, along the days and lines, and back', async () => {
    const page = await browser.context.newPage();
    // A channel of the TV tab (the journey starts on its page as one from a TV app's channel list).
    await page.goto(`${service.baseUrl}/promo/web/tv`);
    const href = await page.locator('main a[href*="/tv/"]').first().getAttribute('href');
    await page.goto(`${service.baseUrl}${href}`);
    await expect.poll(async () => (await focus(page)).name, SOON).toBe('Смотреть');
    const channel = (await focus(page)).path;

    // The column beside the player comes with the channel's data.
    await page.getByRole('link', { name: 'Телепрограмма' }).waitFor();
    // Right into the column (its nearest item: the switcher or the link), down the column to the link.
    const column = await press(page, 'ArrowRight');
    if (column.name !== 'Телепрограмма') await moveTo(page, 'ArrowDown', 'Телепрограмма');
    await press(page, 'Enter');
    await expect.poll(async () => (await focus(page)).path, SOON).toBe(`${channel}tv_guide`);
    // The guide opens on the programme on air, focused and on screen.
    await expect.poll(async () => (await focus(page)).region, SOON).toBe('Сегодня');
    const onAir = await focus(page);
    expect(onAir.name).toMatch(/^Смотреть: Сейчас /);
    expect(onAir.inView).toBe(true);
    // Up through today's recorded programmes (the guide's own arrows), left to the day before. In the
    // small hours the programme on air may have opened the day: then up is already the day before.
    const up = await press(page, 'ArrowUp');
    expect(up.inView).toBe(true);
    expect(['Сегодня', 'Вчера']).toContain(up.region);
    if (up.region === 'Сегодня')
      expect(await press(page, 'ArrowLeft')).toMatchObject({ region: 'Вчера', inView: true });

    // Back leaves the guide for the channel.
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await focus(page)).path, SOON).toBe(channel);
    await page.close();
  });

  it('the login modal: opened from the header, typed in, Backspace edits, back closes it', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${service.baseUrl}/promo/web/`);
    await expect.poll(async () => (await focus(page)).region, SOON).toBe('Премьеры недели');
    await press(page, 'ArrowUp');
    await moveTo(page, 'ArrowRight', 'Войти');
    await page.keyboard.press('Enter');
    const phone = page.getByRole('textbox', { name: 'Номер телефона' });
    await expect.poll(async () => (await focus(page)).name, SOON).toBe('Номер телефона');

    await page.keyboard.type('9161');
    await page.keyboard.press('Backspace');
    expect(await phone.inputValue()).toMatch(/916$/);
    expect(await page.getByRole('dialog').count()).toBe(1);

    // Inside the dialog only: down reaches «Продолжить» and no further.
    await moveTo(page, 'ArrowDown', 'Продолжить');
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(200);
    expect((await focus(page)).name).toBe('Продолжить');

    await platformBack(page, 10009);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await focus(page)).name, SOON).toBe('Войти');
    await page.close();
  });

  it('a desktop browser loads none of it', async () => {
    const desktop = await launchBrowser({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await desktop.context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto(`${service.baseUrl}/promo/web/`);
      await page.getByRole('region', { name: 'Новинки' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.device)).toBe('desktop');
      expect(scripts.filter((url) => url.includes('tv-remote'))).toEqual([]);
      expect(scripts.length).toBeGreaterThan(0);
    } finally {
      await desktop.close();
    }
  });
});
