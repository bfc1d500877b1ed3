/// <reference lib="dom" />
// The channel page's journeys (issue 13) in Chromium against the built service, its demo channels'
// looped media and demo guide: the programme on air and live video; channel up in the same player (the
// new channel's playlist and segments fetched, the old one's no more); an archived programme played
// from its start; a non-buyer cut at the preview and shown the paywall; the guide's day tabs and scroll.
// One service on a fresh PostgreSQL database (the operator's grant runs beside it), one browser per viewer.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousApi } from './support/api.ts';
import { type Browser, hasChromium, launchBrowser } from './support/browser.ts';
import { runOperator } from './support/operator.ts';
import { freshPostgres } from './support/postgres.ts';
import { type RunningService, startService } from './support/service.ts';

/** The first start makes the titles' media, then the channels' loops (a channel asked for jumps the queue). */
const MEDIA_WAIT_MS = 300_000;
/** The non-buyer's preview, made short in the test's database (the seller title's preview_timer). */
const PREVIEW_SECONDS = 6;

const VIDEO = 'section[aria-label="Плеер"] video';

interface SoldChannel {
  id: number;
  name: string;
  packageId: number;
}

/** The session the browser holds (the app made an anonymous one on the first visit). */
async function profileOf(page: Page): Promise<number> {
  await page.waitForFunction(() => Boolean(localStorage.getItem('access_token')));
  return page.evaluate(() => Number(localStorage.getItem('profile_id')));
}

/** The player's video: playing, its currentTime, frames decoded. */
function videoState(page: Page) {
  return page.evaluate((selector) => {
    const video = document.querySelector<HTMLVideoElement>(selector);
    if (!video) return null;
    return {
      paused: video.paused,
      time: video.currentTime,
      frames: video.getVideoPlaybackQuality().totalVideoFrames,
      count: document.querySelectorAll(selector).length,
    };
  }, VIDEO);
}

/** Waits until the video plays and has decoded frames; answers its currentTime then. */
async function playing(page: Page, timeout = 60_000): Promise<number> {
  await page.waitForFunction(
    (selector) => {
      const video = document.querySelector<HTMLVideoElement>(selector);
      return Boolean(
        video &&
          !video.paused &&
          video.readyState >= 3 &&
          video.getVideoPlaybackQuality().totalVideoFrames > 0,
      );
    },
    VIDEO,
    { timeout, polling: 100 },
  );
  return (await videoState(page))?.time ?? Number.NaN;
}

/** Seconds of the day of «HH:MM» or «HH:MM:SS». */
function secondsOfDay(clock: string): number {
  const [h = 0, m = 0, s = 0] = clock.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

describe.skipIf(!hasChromium)('the channel page in Chromium (demo channels)', () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  let service: RunningService;
  let buyer: Browser;
  let page: Page;
  let channels: SoldChannel[];
  let first: SoldChannel;
  const requests: { url: string; at: number }[] = [];

  beforeAll(async () => {
    database = await freshPostgres('kadr_e2e_channel');
    if (!database)
      throw new Error('the channel journeys need the local PostgreSQL (the grant runs beside it)');
    service = await startService({
      DATABASE_URL: database.url,
      DEMO_MEDIA: '1',
      DEMO_SCHEDULE: '1',
      LOG_LEVEL: 'error',
      // The readiness polls below are previews too.
      LIVE_PREVIEWS_PER_HOUR: '100',
    });
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      // The channels a title sells, with an archive (the demo's are all previewable).
      const { rows } = await db.query<{ id: number; name: string; package_id: number }>(
        `select ch.id, ch.name, k.package_id from channels ch
         join lateral (select package_id, is_preview from contents
                       where channel_id = ch.id and type = 'channel' order by id limit 1) k on true
         where k.package_id is not null and k.is_preview and ch.archive_days > 0 order by ch.id`,
      );
      channels = rows.map((row) => ({ id: row.id, name: row.name, packageId: row.package_id }));
      await db.query(`update contents set preview_timer = $1 where type = 'channel'`, [PREVIEW_SECONDS]);
    } finally {
      await db.end();
    }
    if (channels.length < 2) throw new Error('the demo has fewer than two channels sold with an archive');
    first = channels[0]!;

    // The loops of the channel the journeys start on: made on first start, this one first.
    const call = await anonymousApi(service.baseUrl, `web_E2Echannel${randomBytes(6).toString('hex')}`);
    const deadline = Date.now() + MEDIA_WAIT_MS;
    for (;;) {
      try {
        await call('/v1/agregator/getReleaseChannel', { stream_id: first.id, dev_model: 'web' });
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    }

    buyer = await launchBrowser();
    page = await buyer.context.newPage();
    page.on('request', (request: Request) => requests.push({ url: request.url(), at: Date.now() }));
    await page.goto(`${service.baseUrl}/promo/web/tv/${first.id}/`);
    const profileId = await profileOf(page);
    // The operator grants every channel package to the buyer.
    for (const packageId of new Set(channels.map((channel) => channel.packageId))) {
      runOperator({ databaseUrl: database.url, dataDir: service.dataDir }, 'package-access', [
        'grant',
        '--profile',
        String(profileId),
        '--package',
        String(packageId),
      ]);
    }
  }, MEDIA_WAIT_MS + 60_000);

  afterAll(async () => {
    await buyer?.close();
    await service?.stop();
    await database?.drop();
  });

  it('shows the programme on air and plays live video: frames decoded, currentTime advancing', async () => {
    await page.goto(`${service.baseUrl}/promo/web/tv/${first.id}/`);
    await page.getByRole('heading', { level: 1, name: first.name }).waitFor();
    await page.getByText('Сейчас в эфире').waitFor();
    const onAir = (await page.getByRole('heading', { level: 2 }).first().textContent())?.trim() ?? '';
    expect(onAir).not.toBe('');
    await page.getByRole('button', { name: 'Смотреть', exact: true }).click();
    const t1 = await playing(page);
    await page.waitForTimeout(2000);
    const after = await videoState(page);
    expect(after?.time).toBeGreaterThan(t1 + 1);
    expect(after?.frames).toBeGreaterThan(0);
    // The live bar: no VOD position, at the live edge, the programme at the playhead is the one on air.
    const bar = page.getByRole('toolbar', { name: 'Управление плеером' });
    await bar.getByText('Прямой эфир').waitFor();
    await expect
      .poll(() => bar.getByText(/^Сейчас в плеере: /).textContent())
      .toBe(`Сейчас в плеере: ${onAir}`);
    expect(await bar.getByText(/\d+:\d\d \/ \d+:\d\d/).count()).toBe(0);
    // Behind the edge «В эфир» appears, and takes the player back.
    await page.keyboard.press('Tab'); // focus into the page so the player's keys are its own
    const slider = bar.getByRole('slider', { name: 'Перемотка эфира' });
    const min = Number(await slider.getAttribute('min'));
    await slider.fill(String(Math.ceil(min + 2)));
    await bar.getByRole('button', { name: 'В эфир' }).click();
    await bar.getByText('Прямой эфир').waitFor({ timeout: 15_000 });
  });

  it('channel up switches channels in the same player: the new channel fetched, the old one no more', async () => {
    const next = page.getByRole('link', { name: /^Следующий канал: / });
    const nextName = ((await next.getAttribute('aria-label')) ?? (await next.textContent()) ?? '').replace(
      /^Следующий канал: /,
      '',
    );
    const nextId = Number(/\/tv\/(\d+)\//.exec((await next.getAttribute('href')) ?? '')?.[1]);
    expect(nextId).toBeGreaterThan(0);
    const oldSegments = `/media/live/${first.id}/`;
    const newSegments = `/media/live/${nextId}/`;
    expect(requests.some((request) => request.url.includes(oldSegments))).toBe(true);
    const switchedAt = Date.now();
    // PageUp is a channel key in the player (elsewhere it scrolls the page): focused, then pressed.
    await page.getByRole('region', { name: 'Плеер' }).press('PageUp');
    await page.waitForURL(`**/tv/${nextId}/`);
    await page.getByRole('heading', { level: 1, name: nextName }).waitFor();
    await expect
      .poll(() => requests.some((r) => r.at > switchedAt && r.url.includes(newSegments)), { timeout: 60_000 })
      .toBe(true);
    const t = await playing(page);
    expect(Number.isFinite(t)).toBe(true);
    // A new grant's playlist was fetched after the switch, and after a few seconds nothing of the old channel.
    expect(requests.some((r) => r.at > switchedAt && /\/media\/channel\/.+\/index\.m3u8/.test(r.url))).toBe(
      true,
    );
    await page.waitForTimeout(6000);
    const quietSince = Date.now() - 4000;
    expect(requests.filter((r) => r.at > quietSince && r.url.includes(oldSegments))).toEqual([]);
    expect((await videoState(page))?.count).toBe(1);
  });

  it('plays an archived programme from its start (the date at the playhead is the programme’s start)', async () => {
    const week = page.getByRole('region', { name: 'Телепрограмма на неделю' });
    const today = week.getByRole('region', { name: 'Сегодня' });
    const all = today.getByRole('button', { name: /^Вся программа/ });
    if (await all.count()) await all.click();
    const archived = today.getByRole('button', { name: /^Смотреть: \d\d:\d\d .* В записи$/ });
    await archived.first().waitFor();
    const line = archived.last();
    const name = (await line.getAttribute('aria-label')) ?? (await line.textContent()) ?? '';
    const start = /(\d\d:\d\d)/.exec(name)?.[1] ?? '';
    await line.click();
    await playing(page);
    const bar = page.getByRole('toolbar', { name: 'Управление плеером' });
    await bar.getByRole('button', { name: 'В эфир' }).waitFor();
    const slider = bar.getByRole('slider', { name: 'Перемотка эфира' });
    await expect.poll(() => slider.getAttribute('aria-valuetext'), { timeout: 15_000 }).toMatch(/^Эфир /);
    const text = (await slider.getAttribute('aria-valuetext')) ?? '';
    const time = (await videoState(page))?.time ?? 0;
    const playhead = secondsOfDay(text.replace(/^Эфир /, ''));
    // The playhead's date minus the seconds played is the programme's start (to the displayed second).
    expect(Math.abs(playhead - time - secondsOfDay(start))).toBeLessThanOrEqual(3);
    expect(time).toBeLessThan(30);
  });

  it('cuts a non-buyer at the preview and shows the paywall, whose button opens the payment window', async () => {
    const viewer = await launchBrowser();
    try {
      const guest = await viewer.context.newPage();
      await guest.goto(`${service.baseUrl}/promo/web/tv/${first.id}/`);
      await guest.getByRole('heading', { level: 1, name: first.name }).waitFor();
      await guest.getByRole('button', { name: 'Смотреть', exact: true }).click();
      // Live media time starts where the window does: the preview is counted from where playing began.
      const started = await playing(guest);
      await guest.getByRole('timer').waitFor();
      const final = guest.getByRole('dialog', { name: 'Бесплатный просмотр закончился' });
      await final.waitFor({ timeout: (PREVIEW_SECONDS + 30) * 1000 });
      const state = await videoState(guest);
      expect(state?.paused).toBe(true);
      expect((state?.time ?? Number.POSITIVE_INFINITY) - started).toBeLessThan(PREVIEW_SECONDS + 10);
      await final.getByRole('button').click();
      await guest
        .getByRole('dialog')
        .filter({ hasNotText: 'Бесплатный просмотр закончился' })
        .first()
        .waitFor();
    } finally {
      await viewer.close();
    }
  });

  it('keeps the guide’s day tabs and scroll in agreement', async () => {
    await page.goto(`${service.baseUrl}/promo/web/tv/${first.id}/tv_guide`);
    const days = page.getByRole('navigation', { name: 'Дни' });
    const tabs = days.getByRole('button');
    await expect.poll(() => tabs.count(), { timeout: 30_000 }).toBeGreaterThan(3);
    // A tab scrolls to its day, and becomes the current one.
    // Days in the middle: the last one may be too short to scroll to the top.
    const target = tabs.nth(1);
    const label = (await target.textContent()) ?? '';
    await target.click();
    await expect.poll(() => target.getAttribute('aria-current')).toBe('true');
    const heading = page.getByRole('heading', { level: 2, name: label, exact: true });
    await expect
      .poll(async () => {
        const box = await heading.boundingBox();
        const bar = await days.boundingBox();
        return box && bar ? Math.abs(box.y - (bar.y + bar.height)) : Number.POSITIVE_INFINITY;
      })
      .toBeLessThan(120);
    // Scrolling to another day makes its tab the current one.
    const other = tabs.nth(2);
    const otherLabel = (await other.textContent()) ?? '';
    await page.evaluate((text) => {
      const title = [...document.querySelectorAll('h2')].find((h) => h.textContent === text);
      const nav = document.querySelector('nav[aria-label="Дни"]');
      if (title)
        window.scrollTo(
          0,
          title.getBoundingClientRect().top +
            window.scrollY -
            (nav?.getBoundingClientRect().bottom ?? 0) -
            10,
        );
    }, otherLabel);
    await expect.poll(() => other.getAttribute('aria-current')).toBe('true');
    expect(await target.getAttribute('aria-current')).toBeNull();
  });
});
