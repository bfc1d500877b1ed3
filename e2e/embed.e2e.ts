/// <reference lib="dom" />
// The embeddable player's journeys (issue 14) in Chromium against the built service: a partner page on
// ANOTHER local origin (http://localhost:P, the service being http://127.0.0.1:Q) loads the SDK's
// script-tag build as a partner would, embeds our frame page and drives it only through the SDK's API:
// a film plays, pauses and seeks, with state events; the light service switches to the reserve config
// the operator flags, back to the main one when the status locks it, and to the reserve again when it
// is unlocked; two embeds on one page never hear each other; a live channel embeds and plays.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { type Browser, hasChromium, launchBrowser } from './support/browser.ts';
import { runOperator } from './support/operator.ts';
import { freshPostgres } from './support/postgres.ts';
import { freePort, type RunningService, startService } from './support/service.ts';

const repoRoot = join(import.meta.dirname, '..');
/** Demo media is made on first start (titles, then channel loops); the wait allows for a busy machine. */
const MEDIA_WAIT_MS = 300_000;
const SDK_SCRIPT = join(repoRoot, 'packages/embed-player/dist/embed-player.global.js');

interface Envelope<T> {
  success: boolean;
  response: T;
}

const FAKE_CAST_SCRIPT = join(import.meta.dirname, 'support/fake-cast-sender.js');
const FAKE_REMOTE_SCRIPT = join(import.meta.dirname, 'support/fake-remote-playback.js');

/**
 * The partner's page: two containers, the SDK by a script tag (after the Cast sender framework on /cast,
 * as the SDK's README asks), every event recorded per player.
 */
const partnerPage = (cast: boolean) => `<!doctype html>
<html lang="ru"><meta charset="utf-8"><title>Партнёр</title>
<style>.slot { width: 640px; height: 360px; }</style>
<div id="first" class="slot"></div>
<div id="second" class="slot"></div>
${cast ? '<script src="/fake-cast.js"></script>' : ''}
<script src="/sdk.js"></script>
<script>
  window.players = {};
  window.events = {};
  window.embed = (name, configUrl, light, options) => {
    const player = new KadrEmbedPlayer.EmbedPlayer(name, configUrl, light, options);
    const log = (window.events[name] = []);
    for (const event of ['ready', 'statechange', 'playerinitstart', 'playerinitend', 'currentprogramme'])
      player.on(event, (data) => log.push({ event, data }));
    window.players[name] = player;
    return player.ready.then(() => true);
  };
</script>
</html>`;

/** Serves the partner page and the SDK file on its own origin. */
async function startPartner(): Promise<{ origin: string; server: Server }> {
  const scripts: Record<string, Buffer> = {
    '/sdk.js': readFileSync(SDK_SCRIPT),
    '/fake-cast.js': readFileSync(FAKE_CAST_SCRIPT),
  };
  const server = createServer((request, response) => {
    const script = scripts[request.url ?? ''];
    if (script) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      response.end(script);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(partnerPage(request.url === '/cast'));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  // `localhost`, not 127.0.0.1: another origin than the service's.
  return { origin: `http://localhost:${port}`, server };
}

/** The SDK's state of player `name` on the partner page. */
function stateOf(page: Page, name: string) {
  return page.evaluate((player) => window.players[player]!.getState(), name);
}

/** Waits until player `name`'s state record says `state`. */
async function reachesState(page: Page, name: string, state: string, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    ({ player, state }) => window.players[player]?.getState().state === state,
    { player: name, state },
    { timeout, polling: 100 },
  );
}

/** The frame of player `name` (its iframe in the partner's container). */
async function frameOf(page: Page, name: string): Promise<Frame> {
  const handle = await page.waitForSelector(`#${name} iframe`);
  const frame = await handle.contentFrame();
  if (!frame) throw new Error(`no frame in #${name}`);
  return frame;
}

/** The config URL player `name`'s frame loads (its address's `config`). */
async function frameConfig(page: Page, name: string): Promise<string | null> {
  const src = await page.locator(`#${name} iframe`).getAttribute('src');
  return src ? new URL(src).searchParams.get('config') : null;
}

/** currentTime of the video in a frame (NaN before it exists). */
function frameVideoTime(frame: Frame): Promise<number> {
  return frame.evaluate(() => document.querySelector('video')?.currentTime ?? Number.NaN);
}

/** What e2e/support/fake-cast-sender.js records, and the receiver's side of it. */
interface FakeCastHandle {
  log: {
    options: { receiverApplicationId: string; autoJoinPolicy: string }[];
    loaded: {
      contentId: string;
      contentType: string;
      streamType: string;
      title?: string;
      currentTime: number | null;
    }[];
  };
  end(): void;
  remote(changes: { currentTime?: number; isPaused?: boolean }): void;
}

declare global {
  interface Window {
    fakeCast: FakeCastHandle;
    players: Record<string, import('../packages/embed-player/src/index.ts').EmbedPlayer>;
    events: Record<string, { event: string; data: unknown }[]>;
    /** What the partner page heard from frames, as JSON. */
    frameMessages: string[];
    embed(name: string, configUrl: string, light?: string, options?: object): Promise<boolean>;
  }
}

describe.skipIf(!hasChromium)('the embeddable player on a partner page in Chromium', () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  let service: RunningService;
  let partner: { origin: string; server: Server };
  let browser: Browser;
  let page: Page;
  let film: { id: number; title: string };
  let reserve: { id: number; title: string };
  let channel: { id: number; name: string };

  const configOf = (kind: 'film' | 'channel', id: number) =>
    `${service.baseUrl}/embed/v1/config/${kind}/${id}.json`;

  /** Runs one of the api's operator commands beside the running service. */
  function operator(script: string, args: string[]): void {
    runOperator({ databaseUrl: database!.url, dataDir: service.dataDir }, script, args);
  }

  beforeAll(async () => {
    database = await freshPostgres('kadr_e2e_embed');
    if (!database)
      throw new Error('the embed journeys need the local PostgreSQL (operator commands run beside it)');
    service = await startService({
      DATABASE_URL: database.url,
      DEMO_MEDIA: '1',
      DEMO_SCHEDULE: '1',
      LOG_LEVEL: 'error',
      LIVE_PREVIEWS_PER_HOUR: '100',
    });
    partner = await startPartner();
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      // Two published, previewable films (the second is the reserve config's) and a sold channel.
      const films = await db.query<{ id: number; title: string; package_id: number }>(
        `select id, title, package_id from contents
         where type = 'film' and vendor_id is not null and is_preview and package_id is not null
         order by id limit 2`,
      );
      const [first, second] = films.rows;
      if (!first || !second) throw new Error('the demo has fewer than two previewable films');
      film = { id: first.id, title: first.title };
      // The first film is made free here (no package sells it: every viewer may seek). The frame's
      // viewer cannot be granted a package instead: in a third-party frame Chromium denies storage, so
      // the frame's anonymous session lives in memory and a restart makes a new one (decision 035).
      await db.query('update contents set package_id = null where id = $1', [first.id]);
      reserve = { id: second.id, title: second.title };
      const channels = await db.query<{ id: number; name: string }>(
        `select ch.id, ch.name from channels ch
         join lateral (select vendor_id, is_preview from contents
                       where channel_id = ch.id and type = 'channel' order by id limit 1) k on true
         where k.vendor_id is not null and k.is_preview order by ch.id limit 1`,
      );
      if (!channels.rows[0]) throw new Error('the demo has no previewable channel');
      channel = channels.rows[0];
    } finally {
      await db.end();
    }

    // The first start makes the media: wait for what the journeys play.
    const auth = await fetch(`${service.baseUrl}/web/1/auth/web_E2Eembed00000001`);
    const token = ((await auth.json()) as Envelope<{ access_token: string }>).response.access_token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const deadline = Date.now() + MEDIA_WAIT_MS;
    for (const ask of [
      () => fetch(`${service.baseUrl}/web/1/releases/${film.id}?dev_type=PCWEB&dev_model=web`, { headers }),
      () =>
        fetch(`${service.baseUrl}/v1/agregator/getReleaseChannel`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ stream_id: channel.id, dev_model: 'web' }),
        }),
    ]) {
      for (;;) {
        const answer = (await (await ask()).json()) as Envelope<unknown>;
        if (answer.success) break;
        if (Date.now() > deadline)
          throw new Error(`no media in ${MEDIA_WAIT_MS} ms: ${JSON.stringify(answer)}`);
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    }
    browser = await launchBrowser();
  }, MEDIA_WAIT_MS + 60_000);

  afterAll(async () => {
    await browser?.close();
    partner?.server.close();
    await service?.stop();
    await database?.drop();
  });

  it('embeds a film from another origin: ready, then play, pause and seek through the API, with state events', async () => {
    page = await browser.context.newPage();
    await page.goto(`${partner.origin}/`);
    const options = { targetOrigin: service.baseUrl };
    await page.evaluate(({ config, options }) => window.embed('first', config, undefined, options), {
      config: configOf('film', film.id),
      options,
    });
    // Our frame page on the service's origin, loading the config the partner gave.
    const src = new URL((await page.locator('#first iframe').getAttribute('src')) ?? '');
    expect(src.origin + src.pathname).toBe(`${service.baseUrl}/promo/web/embed/`);
    expect(await frameConfig(page, 'first')).toBe(configOf('film', film.id));
    expect((await stateOf(page, 'first')).state).toBe('ready');
    const programme = await page.evaluate(() => window.players.first!.getCurrentProgramme());
    expect(programme).toEqual({ title: film.title, live: false });
    // axe looks into our frame too: the poster with «Смотреть», then the playing player.
    await expectNoSeriousA11yViolations(page);

    await page.evaluate(() => window.players.first!.play());
    await reachesState(page, 'first', 'playing');
    const playingFrame = await frameOf(page, 'first');
    await playingFrame.waitForFunction(
      () => (document.querySelector('video')?.currentTime ?? 0) > 1,
      undefined,
      {
        timeout: 30_000,
      },
    );
    const state = await stateOf(page, 'first');
    expect(state.duration).toBeGreaterThan(10);
    expect(state.seekallowed).toBe(true);
    expect(state.qualities[0]).toEqual({ id: 'auto', label: 'Авто' });
    await expectNoSeriousA11yViolations(page);

    await page.evaluate(() => window.players.first!.pause());
    await reachesState(page, 'first', 'paused');
    const pausedAt = await frameVideoTime(playingFrame);
    await page.waitForTimeout(1000);
    expect(await frameVideoTime(playingFrame)).toBeCloseTo(pausedAt, 1);

    await page.evaluate(() => window.players.first!.setTime(8));
    await playingFrame.waitForFunction(
      () => Math.abs((document.querySelector('video')?.currentTime ?? 0) - 8) < 1,
    );
    await page.waitForFunction(() => Math.abs(window.players.first!.getState().currentTime - 8) < 1);

    // Bad data is refused by the frame, and the refusal reaches the partner's Promise.
    const refused = await page.evaluate(() =>
      window.players.first!.setVolume(Number.NaN).then(
        () => 'resolved',
        (error: Error) => error.message,
      ),
    );
    expect(refused).toBe('setvolume: invalid data');

    await page.evaluate(() => window.players.first!.play());
    await reachesState(page, 'first', 'playing');
    const names = await page.evaluate(() => window.events.first!.map((entry) => entry.event));
    expect(names).toEqual(
      expect.arrayContaining(['playerinitstart', 'playerinitend', 'ready', 'statechange']),
    );
    const states = await page.evaluate(() =>
      window.events
        .first!.filter((entry) => entry.event === 'statechange')
        .map((entry) => (entry.data as { state: string }).state),
    );
    expect(states).toEqual(expect.arrayContaining(['ready', 'playing', 'paused']));
    await page.evaluate(() => window.players.first!.destroy());
    expect(await page.locator('#first iframe').count()).toBe(0);
    await page.close();
  });

  it("casts the frame's own video from its button, and never hands the partner page what plays", async () => {
    page = await browser.context.newPage();
    // The frame's video gets a TV to cast to (headless Chromium has none); the partner page has the
    // Cast framework, which the frame no longer uses (decision 052).
    await page.addInitScript({ path: FAKE_REMOTE_SCRIPT });
    await page.goto(`${partner.origin}/cast`);
    await page.evaluate(() => {
      window.frameMessages = [];
      window.addEventListener('message', (event) => window.frameMessages.push(JSON.stringify(event.data)));
    });
    await page.evaluate(
      ({ config, origin }) => window.embed('first', config, undefined, { targetOrigin: origin }),
      { config: configOf('film', film.id), origin: service.baseUrl },
    );
    await page.evaluate(() => window.players.first!.play());
    await reachesState(page, 'first', 'playing');
    const frame = await frameOf(page, 'first');
    await frame.getByRole('button', { name: 'Смотреть на телевизоре' }).click();
    // The browser's picker for the frame's video; the TV has it: the frame says so.
    await frame.getByText('Идёт трансляция на телевизор').waitFor();
    expect(
      await frame.evaluate(
        () => (window as unknown as { fakeRemote: { prompts: number } }).fakeRemote.prompts,
      ),
    ).toBe(1);

    // The page was never offered a Cast session, and one it starts anyway loads nothing.
    expect(await page.evaluate(() => window.players.first!.getState().castAvailable)).toBe(false);
    expect(await page.evaluate(() => window.fakeCast.log.options)).toEqual([]);
    expect(
      await page.evaluate(() =>
        window.players.first!.requestCasting().then(
          () => 'ok',
          (e: Error) => e.message,
        ),
      ),
    ).toBe('cast unavailable');
    await page.evaluate(() =>
      (
        window as unknown as {
          cast: { framework: { CastContext: { getInstance(): { requestSession(): Promise<void> } } } };
        }
      ).cast.framework.CastContext.getInstance().requestSession(),
    );
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.fakeCast.log.loaded)).toEqual([]);
    // Nothing the frame posted names the media or its grant.
    const posted = await page.evaluate(() => window.frameMessages);
    expect(posted.length).toBeGreaterThan(0);
    for (const message of posted) expect(message).not.toContain('/media/');

    // «Остановить трансляцию»: the same picker ends it, the note goes, the frame plays on.
    await frame.getByRole('button', { name: 'Остановить трансляцию' }).click();
    await frame.getByText('Идёт трансляция на телевизор').waitFor({ state: 'detached' });
    await frame.waitForFunction(() => {
      const video = document.querySelector('video');
      return Boolean(video && !video.paused);
    });
    await page.close();
  });

  it('rejects ready with the reason when the config names nothing, and says so in the frame', async () => {
    page = await browser.context.newPage();
    await page.goto(`${partner.origin}/`);
    const reason = await page.evaluate(
      ({ config, origin }) =>
        window.embed('first', config, undefined, { targetOrigin: origin }).then(
          () => 'ready',
          (error: Error) => error.message,
        ),
      { config: configOf('film', 999_999), origin: service.baseUrl },
    );
    expect(reason).toBe('not_found');
    expect((await stateOf(page, 'first')).state).toBe('error');
    await (await frameOf(page, 'first')).getByText('Это видео недоступно.').waitFor();
    await page.close();
  });

  it('switches to the reserve config the flag names, back to the main one when the status locks it, and again when unlocked', async () => {
    page = await browser.context.newPage();
    // The SDK checks every 60 s (SPEC §9): the partner page's clock is moved on instead of waited for.
    await page.clock.install();
    // The answers may be cached 30 s (decision 033): routed requests skip the browser's HTTP cache,
    // since the fake clock moves the page's time, not the cache's.
    await page.route(/\/embed\/v1\/(status|flag)\?/, (route) => route.continue());
    await page.goto(`${partner.origin}/`);
    const content = `film-${film.id}`;
    const light = Buffer.from(
      JSON.stringify({
        vlbeat: `${service.baseUrl}/embed/v1/flag?content=${content}`,
        vlunbeat: `${service.baseUrl}/embed/v1/status?content=${content}`,
      }),
    ).toString('base64');
    const reserveUrl = configOf('film', reserve.id);
    operator('embed-switch', ['reserve', reserveUrl, '--content', content]);
    try {
      await page.evaluate(
        ({ config, light, origin }) => window.embed('first', config, light, { targetOrigin: origin }),
        { config: configOf('film', film.id), light, origin: service.baseUrl },
      );
      // The first check runs at once: the flag names the reserve, the frame restarts on it.
      await expect.poll(() => frameConfig(page, 'first'), { timeout: 15_000 }).toBe(reserveUrl);
      await reachesState(page, 'first', 'ready');
      await expect
        .poll(() => page.evaluate(() => window.players.first!.getCurrentProgramme().then((p) => p.title)))
        .toBe(reserve.title);

      // The operator locks the main config: at the next check the player goes back to it.
      operator('embed-switch', ['lock', '--content', content]);
      await page.clock.fastForward(61_000);
      await expect
        .poll(() => frameConfig(page, 'first'), { timeout: 15_000 })
        .toBe(configOf('film', film.id));
      await reachesState(page, 'first', 'ready');

      // Unlocked, the reserve still flagged: back on the reserve.
      operator('embed-switch', ['unlock', '--content', content]);
      await page.clock.fastForward(61_000);
      await expect.poll(() => frameConfig(page, 'first'), { timeout: 15_000 }).toBe(reserveUrl);
      expect(await page.locator('#first iframe').count()).toBe(1);
    } finally {
      operator('embed-switch', ['clear', '--content', content]);
      await page.close();
    }
  });

  it('keeps two embeds on one page independent: commands and events stay with their own player', async () => {
    page = await browser.context.newPage();
    await page.goto(`${partner.origin}/`);
    await page.evaluate(
      ({ film, other, origin }) =>
        Promise.all([
          window.embed('first', film, undefined, { targetOrigin: origin }),
          window.embed('second', other, undefined, { targetOrigin: origin }),
        ]),
      { film: configOf('film', film.id), other: configOf('film', reserve.id), origin: service.baseUrl },
    );
    await page.evaluate(() => window.players.first!.play());
    await reachesState(page, 'first', 'playing');
    await page.waitForTimeout(1500);
    // The second never started, and heard none of the first's states.
    expect((await stateOf(page, 'second')).state).toBe('ready');
    const secondStates = await page.evaluate(() =>
      window.events
        .second!.filter((entry) => entry.event === 'statechange')
        .map((entry) => (entry.data as { state: string }).state),
    );
    expect(secondStates).not.toContain('playing');
    const titles = await page.evaluate(() =>
      Promise.all([
        window.players.first!.getCurrentProgramme(),
        window.players.second!.getCurrentProgramme(),
      ]),
    );
    expect(titles.map((programme) => programme.title)).toEqual([film.title, reserve.title]);
    // Pausing the second leaves the first playing.
    await page.evaluate(() => window.players.second!.pause());
    await page.waitForTimeout(500);
    expect((await stateOf(page, 'first')).state).toBe('playing');
    const first = await frameOf(page, 'first');
    expect(await first.evaluate(() => document.querySelector('video')?.paused)).toBe(false);
    const second = await frameOf(page, 'second');
    expect(await second.evaluate(() => document.querySelector('video'))).toBeNull();
    await page.close();
  });

  it('embeds a live channel: the programme on air, then live video with no duration', async () => {
    page = await browser.context.newPage();
    await page.goto(`${partner.origin}/`);
    await page.evaluate(
      ({ config, origin }) =>
        window.embed('first', config, undefined, { targetOrigin: origin, start: 'auto', useControls: false }),
      { config: configOf('channel', channel.id), origin: service.baseUrl },
    );
    // start 'auto': the SDK plays once the frame is ready (SPEC §4); the viewer gets the channel's preview.
    await reachesState(page, 'first', 'playing');
    const frame = await frameOf(page, 'first');
    await frame.waitForFunction(
      () => {
        const video = document.querySelector('video');
        return Boolean(video && !video.paused && video.getVideoPlaybackQuality().totalVideoFrames > 0);
      },
      undefined,
      { timeout: 30_000 },
    );
    const state = await stateOf(page, 'first');
    expect(state.duration).toBeNull();
    // useControls false: the frame shows the video without its control bar.
    expect(await frame.getByRole('toolbar', { name: 'Управление плеером' }).count()).toBe(0);
    const programme = await page.evaluate(() => window.players.first!.getCurrentProgramme());
    expect(programme.live).toBe(true);
    expect(programme.title).not.toBe('');
    const heard = await page.evaluate(
      () => window.events.first!.filter((entry) => entry.event === 'currentprogramme').length,
    );
    expect(heard).toBeGreaterThan(0);
    await page.close();
  });
});
