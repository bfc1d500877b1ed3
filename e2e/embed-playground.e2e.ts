// The embed playground's journey (issue 14, docs/decisions/035) in Chromium against the built service:
// the page made from the demo catalogue, a player created for a film's config (the SDK's script-tag
// build served by the api), its frame at our frame page's address, a command's outcome shown, the
// partner code matching the form, the player removed.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, hasChromium, launchBrowser } from './support/browser.ts';
import { type RunningService, startService } from './support/service.ts';

/** Short, so a command the frame does not answer shows its rejection within the journey. */
const COMMAND_TIMEOUT_MS = 1500;

describe.skipIf(!hasChromium)('the embed playground in Chromium', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    service = await startService();
    browser = await launchBrowser();
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('opens with the SDK loaded and the catalogue’s configs to choose from', async () => {
    await page.goto(`${service.baseUrl}/embed/playground/`);
    await page.getByRole('heading', { name: 'Песочница встраиваемого плеера' }).waitFor();
    expect(await page.evaluate(() => typeof (window as { KadrEmbedPlayer?: unknown }).KadrEmbedPlayer)).toBe(
      'object',
    );
    expect(await page.locator('#sdk-missing').isHidden()).toBe(true);
    const examples = await page.getByLabel('Пример из каталога').locator('option').allTextContents();
    expect(examples.some((label) => label.startsWith('Фильм: '))).toBe(true);
    expect(examples.some((label) => label.startsWith('Канал: '))).toBe(true);
    // The light config follows the config: this api's flag and status for its content.
    const config = await page.getByLabel(/^Адрес конфига/).inputValue();
    const [, kind, id] = /\/embed\/v1\/config\/(film)\/(\d+)\.json$/.exec(config) ?? [];
    expect(kind).toBe('film');
    expect(await page.getByLabel(/^Адрес флага/).inputValue()).toBe(
      `${service.baseUrl}/embed/v1/flag?content=film-${id}`,
    );
    expect(await page.getByLabel(/^Адрес статуса/).inputValue()).toBe(
      `${service.baseUrl}/embed/v1/status?content=film-${id}`,
    );
  });

  it('creates a player for a film: its frame at our frame page with the config, a command’s outcome shown', async () => {
    const config = `${service.baseUrl}${await page.getByLabel(/^Адрес конфига/).inputValue()}`;
    await page.getByLabel('commandTimeoutMs').fill(String(COMMAND_TIMEOUT_MS));
    await page.getByLabel('env (JSON-объект)').fill('{"partnerId": "p-7"}');
    await page.getByRole('button', { name: 'Создать плеер' }).click();

    const frame = page.locator('#kadr-player iframe');
    await frame.waitFor({ state: 'attached' });
    expect(await frame.getAttribute('src')).toBe(
      `${service.baseUrl}/promo/web/embed/?config=${encodeURIComponent(config)}`,
    );
    await expect.poll(() => page.locator('#status').textContent()).toContain('Плеер создан');
    expect(JSON.parse((await page.locator('#state').textContent()) ?? '')).toMatchObject({
      source: config,
      state: 'init',
      listenerAttached: true,
    });

    // The frame page does not answer commands yet (issue 14's next item): the command's Promise is
    // rejected after commandTimeoutMs, and the page shows the rejection.
    const outcome = page.locator('output[data-for="play"]');
    await page.getByRole('button', { name: 'play()' }).click();
    expect(await outcome.textContent()).toBe('ждём ответа…');
    await expect
      .poll(() => outcome.textContent(), { timeout: COMMAND_TIMEOUT_MS + 5000 })
      .toBe('отклонено: play: no reply');

    // The partner code reproduces the form.
    const npm = (await page.locator('#code-npm').textContent()) ?? '';
    expect(npm).toContain("import { EmbedPlayer } from '@kadr/embed-player';");
    expect(npm).toContain(`new EmbedPlayer('kadr-player', ${JSON.stringify(config)}, light, {`);
    expect(npm).toContain(`"commandTimeoutMs": ${COMMAND_TIMEOUT_MS}`);
    expect(npm).toContain('"partnerId": "p-7"');
    const script = (await page.locator('#code-script').textContent()) ?? '';
    expect(script).toContain('new KadrEmbedPlayer.EmbedPlayer(');
    // The playground's own scripts ran under its policy without a violation.
    expect(browser.cspViolations.filter((line) => !line.includes('frame-ancestors'))).toEqual([]);
  });

  it('removes the player: the frame goes, and a command says to create one first', async () => {
    await page.getByRole('button', { name: 'Удалить плеер' }).click();
    expect(await page.locator('#kadr-player iframe').count()).toBe(0);
    expect(await page.locator('#state').textContent()).toBe('Плеер не создан.');
    await page.getByRole('button', { name: 'pause()' }).click();
    expect(await page.locator('output[data-for="pause"]').textContent()).toBe('Сначала создайте плеер.');
  });
});
