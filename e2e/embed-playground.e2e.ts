// The embed playground's journey (issue 14, docs/decisions/036) in Chromium against the built service and
// its demo media: the page made from the demo catalogue, a player created for a film's config (the SDK's
// script-tag build served by the api), its frame at our frame page's address (decision 035) reporting
// ready, commands with their outcomes (the programme, play and pause resolved, a refusal and a time-out
// shown), every event in the log, the partner code matching the form, the player removed.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { type Browser, hasChromium, launchBrowser } from './support/browser.ts';
import { type RunningService, startService } from './support/service.ts';

/** Demo media is made on first start (the titles first); the wait allows for a busy machine. */
const MEDIA_WAIT_MS = 300_000;
/** Long enough for play to start the film, short enough to show a time-out of a command nobody answers. */
const COMMAND_TIMEOUT_MS = 20_000;

/** The texts of the event log's entries' names (`<strong>`), in order. */
function loggedEvents(page: Page): Promise<string[]> {
  return page.locator('#log li strong').allTextContents();
}

describe.skipIf(!hasChromium)('the embed playground in Chromium', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;
  let config: string;

  beforeAll(async () => {
    service = await startService({ DEMO_MEDIA: '1', LOG_LEVEL: 'error' });
    // The film the page offers first: wait until its media is made (a release answers).
    const html = await (await fetch(`${service.baseUrl}/embed/playground/`)).text();
    const id = /value="\/embed\/v1\/config\/film\/(\d+)\.json"/.exec(html)?.[1];
    if (!id) throw new Error('the playground offers no film');
    config = `${service.baseUrl}/embed/v1/config/film/${id}.json`;
    const auth = await fetch(`${service.baseUrl}/web/1/auth/web_E2Eplayground0001`);
    const token = ((await auth.json()) as { response: { access_token: string } }).response.access_token;
    const deadline = Date.now() + MEDIA_WAIT_MS;
    for (;;) {
      const release = await fetch(`${service.baseUrl}/web/1/releases/${id}?dev_type=PCWEB&dev_model=web`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const answer = (await release.json()) as { success: boolean };
      if (answer.success) break;
      if (Date.now() > deadline)
        throw new Error(`no media in ${MEDIA_WAIT_MS} ms: ${JSON.stringify(answer)}`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    browser = await launchBrowser();
    page = await browser.context.newPage();
  }, MEDIA_WAIT_MS + 60_000);

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
    await expectNoSeriousA11yViolations(page);
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

  it('creates a player for a film: its frame at our frame page with the config, ready, every event logged', async () => {
    expect(`${service.baseUrl}${await page.getByLabel(/^Адрес конфига/).inputValue()}`).toBe(config);
    await page.getByLabel('commandTimeoutMs').fill(String(COMMAND_TIMEOUT_MS));
    await page.getByLabel('env (JSON-объект)').fill('{"partnerId": "p-7"}');
    await page.getByRole('button', { name: 'Создать плеер' }).click();

    const frame = page.locator('#kadr-player iframe');
    await frame.waitFor({ state: 'attached' });
    expect(await frame.getAttribute('src')).toBe(
      `${service.baseUrl}/promo/web/embed/?config=${encodeURIComponent(config)}`,
    );
    // The frame page starts, loads the config and the title, and reports ready: the SDK's 'ready' event.
    await expect
      .poll(() => page.locator('#status').textContent(), { timeout: 30_000 })
      .toBe('Кадр готов (ready).');
    const events = await loggedEvents(page);
    expect(events).toEqual(
      expect.arrayContaining(['playerinitstart', 'playerinitend', 'statechange', 'ready']),
    );
    expect(events.indexOf('playerinitstart')).toBeLessThan(events.indexOf('ready'));
    // The SDK's own commands (setenv, getcurrentprogramme) are answered: the replies are logged too.
    expect(events).toContain('reply');
    expect(JSON.parse((await page.locator('#state').textContent()) ?? '')).toMatchObject({
      source: config,
      state: 'ready',
      listenerAttached: true,
    });
  });

  it('shows each command’s outcome: resolved values, play and pause confirmed, refusals', async () => {
    const outcome = (name: string) => page.locator(`output[data-for="${name}"]`);
    const run = async (name: string, label: string, timeout = 10_000) => {
      await page.getByRole('button', { name: label }).click();
      await expect.poll(() => outcome(name).textContent(), { timeout }).not.toBe('ждём ответа…');
      return outcome(name).textContent();
    };

    expect(await run('getCurrentProgramme', 'getCurrentProgramme()')).toMatch(
      /^выполнено: \{"title":"[^"]+","live":false\}$/,
    );
    expect(await run('play', 'play()', COMMAND_TIMEOUT_MS + 5000)).toBe('выполнено');
    await expect
      .poll(async () => JSON.parse((await page.locator('#state').textContent()) ?? '').state, {
        timeout: 20_000,
      })
      .toBe('playing');
    expect(await run('pause', 'pause()')).toBe('выполнено');
    // Refusals: the frame's (a captions colour that could end the CSS rule) and the SDK's own (no Cast
    // framework on the page).
    await page.getByLabel('color', { exact: true }).fill('red;}');
    expect(await run('setCaptionsStyle', 'setCaptionsStyle(style)')).toBe(
      'отклонено: setcaptionsstyle: invalid data',
    );
    expect(await run('requestCasting', 'requestCasting()')).toBe('отклонено: cast unavailable');
    expect(await loggedEvents(page)).toEqual(expect.arrayContaining(['statechange', 'reply']));
    // The playground's own scripts and the frame ran without a policy violation.
    expect(browser.cspViolations).toEqual([]);
    // Accessible with a player in it: the form, the commands' outcomes, the log, our frame.
    await expectNoSeriousA11yViolations(page);
  });

  it('shows a time-out: a command sent as the frame restarts, before it listens, rejects after commandTimeoutMs', async () => {
    // Both buttons in one task: setvolume reaches the new frame before its page has loaded.
    await page.evaluate(() => {
      for (const name of ['restart', 'setVolume'])
        document.querySelector<HTMLButtonElement>(`button[data-command="${name}"]`)?.click();
    });
    expect(await page.locator('output[data-for="restart"]').textContent()).toBe('выполнено');
    const outcome = page.locator('output[data-for="setVolume"]');
    expect(await outcome.textContent()).toBe('ждём ответа…');
    await expect
      .poll(() => outcome.textContent(), { timeout: COMMAND_TIMEOUT_MS + 5000 })
      .toBe('отклонено: setvolume: no reply');
    // Meanwhile the restarted frame became ready again: a second 'ready' in the log.
    expect((await loggedEvents(page)).filter((name) => name === 'ready')).toHaveLength(2);
  });

  it('writes the partner code that makes the same player', async () => {
    const npm = (await page.locator('#code-npm').textContent()) ?? '';
    expect(npm).toContain("import { EmbedPlayer } from '@kadr/embed-player';");
    expect(npm).toContain(`new EmbedPlayer('kadr-player', ${JSON.stringify(config)}, light, {`);
    expect(npm).toContain(`"commandTimeoutMs": ${COMMAND_TIMEOUT_MS}`);
    expect(npm).toContain('"partnerId": "p-7"');
    const script = (await page.locator('#code-script').textContent()) ?? '';
    expect(script).toContain(
      '<script src="https://unpkg.com/@kadr/embed-player/dist/embed-player.global.js"></script>',
    );
    expect(script).toContain('new KadrEmbedPlayer.EmbedPlayer(');
  });

  it('removes the player: the frame goes, and a command says to create one first', async () => {
    await page.getByRole('button', { name: 'Удалить плеер' }).click();
    expect(await page.locator('#kadr-player iframe').count()).toBe(0);
    expect(await page.locator('#state').textContent()).toBe('Плеер не создан.');
    await page.getByRole('button', { name: 'pause()' }).click();
    expect(await page.locator('output[data-for="pause"]').textContent()).toBe('Сначала создайте плеер.');
  });
});
