/// <reference lib="dom" />
// The viewer's journey across two api instances behind nginx (docs/decisions/024-scale-out.md): sign in
// → buy «Сериалы» in the sandbox widget → watch past the preview → cancel, with nginx sending the
// requests to both instances in turn (each names itself in X-Kadr-Instance); then the same journey with
// one instance killed by SIGKILL after sign-in, completed on the other without the viewer noticing.
// api-1 packages the demo media into the shared DATA_DIR (one packager for the store); api-2 is the one
// killed, so the second journey's media and payments all go through api-1.
import { randomInt } from 'node:crypto';
import pg from 'pg';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, hasChromium, launchBrowser } from './support/browser.ts';
import { type Cluster, clusterUnavailable, startCluster } from './support/cluster.ts';
import { signInInOpenDialog } from './support/sign-in.ts';

const unavailable = hasChromium ? await clusterUnavailable() : 'no Chromium';

interface Envelope<T> {
  success: boolean;
  response: T;
}
interface ContentCard {
  EK_id: number;
  EK_type: string;
  goods: { is_preview: boolean; package_name: string };
  episodes: { EP_id: number; is_announce: boolean }[];
}

/** The <video> the engine mounted in the player block. */
const VIDEO = 'section[aria-label="Плеер"] video';

/** Waits until the player's video plays past `seconds` (or reached its end past them). */
async function playsPast(page: Page, seconds: number, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    ({ selector, seconds }) => {
      const video = document.querySelector<HTMLVideoElement>(selector);
      return Boolean(video && (!video.paused || video.ended) && video.currentTime > seconds);
    },
    { selector: VIDEO, seconds },
    { timeout, polling: 100 },
  );
}

function widgetFrame(page: Page): FrameLocator {
  return page.getByRole('region', { name: 'Форма оплаты картой' }).frameLocator('iframe');
}

/** API paths: never answered from the browser's cache (the web app's assets and images are, with their header). */
const API_PATH = /^\/(v1|v2|web|sandbox)\//;

/**
 * Which instance answered each API request of a page (nginx's own answers, media segments, name none;
 * the app's hashed assets are left out: the browser's cache replays them with the first answer's header).
 */
function recordInstances(page: Page, baseUrl: string): Array<{ name: string; url: string }> {
  const served: Array<{ name: string; url: string }> = [];
  page.on('response', (response) => {
    const name = response.headers()['x-kadr-instance'];
    const url = new URL(response.url());
    if (url.origin === baseUrl && API_PATH.test(url.pathname) && name)
      served.push({ name, url: response.url() });
  });
  return served;
}

describe.skipIf(unavailable !== null)(
  `the viewer's journey across two instances behind nginx ${unavailable ?? ''}`,
  () => {
    let cluster: Cluster;
    let db: pg.Client;
    const browsers: Browser[] = [];
    let packageId: number;
    let series: ContentCard;
    let episodeId: number;

    const url = (path: string) => `${cluster.baseUrl}/promo/web${path}`;

    beforeAll(async () => {
      cluster = await startCluster({
        prefix: 'kadr_e2e_scaleout_journey',
        env: {
          LOG_LEVEL: 'error',
          // Every browser here comes from 127.0.0.1, and the per-address limits live in the shared Redis
          // for an hour: a few runs in a row would meet them. The limits' own tests are elsewhere.
          RATE_LIMIT_IP_HOUR: '1000',
          RATE_LIMIT_SUBNET_HOUR: '1000',
          RATE_LIMIT_ANONYMOUS_IP_HOUR: '10000',
          RATE_LIMIT_ANONYMOUS_SUBNET_HOUR: '10000',
          RATE_LIMIT_ANONYMOUS_HOUR: '10000',
        },
        envOf: (i) => ({ DEMO_MEDIA: i === 0 ? '1' : '0' }),
      });
      db = new pg.Client({ connectionString: cluster.databaseUrl });
      await db.connect();
      packageId = (await db.query<{ id: number }>("select id from packages where name = 'Сериалы'")).rows[0]!
        .id;

      const auth = await fetch(`${cluster.baseUrl}/web/1/auth/web_E2Escaleout000001`);
      const { response: session } = (await auth.json()) as Envelope<{ access_token: string }>;
      const get = async <T>(path: string) =>
        (await (
          await fetch(`${cluster.baseUrl}${path}`, {
            headers: { authorization: `Bearer ${session.access_token}` },
          })
        ).json()) as Envelope<T>;
      const { response: home } = await get<{ collections: { EKs: { EK_id: number }[] }[] }>(
        '/web/1/collections?tab_id=Main2&RB_queue_count=15&RB_teaser_count=15',
      );
      for (const id of new Set(
        home.collections.flatMap((rail) => (rail.EKs ?? []).map((item) => item.EK_id)),
      )) {
        const card = await get<ContentCard>(`/web/2/contents/${id}`);
        if (
          card.success &&
          card.response.EK_type === 'TVShow' &&
          card.response.goods.package_name === 'Сериалы'
        ) {
          series = card.response;
          break;
        }
      }
      episodeId = series.episodes.find((episode) => !episode.is_announce)!.EP_id;
      // api-1 packages the demo media in the background; asking for the episode moves it first.
      const deadline = Date.now() + 120_000;
      while (
        !(await get(`/web/1/releases/${series.EK_id}?dev_type=PCWEB&dev_model=web&EP_id=${episodeId}`))
          .success
      ) {
        if (Date.now() > deadline) throw new Error('no media for the episode in 120 s');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }, 180_000);

    afterAll(async () => {
      for (const browser of browsers) await browser.close();
      await db?.end();
      await cluster?.stop();
    });

    /** A new visitor: their own Chromium profile, so their own session. */
    async function newViewer(): Promise<Page> {
      const browser = await launchBrowser();
      browsers.push(browser);
      return browser.context.newPage();
    }

    async function signIn(page: Page): Promise<string> {
      await page.goto(url('/'));
      await page.getByRole('button', { name: 'Войти' }).first().click();
      return signInInOpenDialog(page, cluster.baseUrl, `999${String(randomInt(1e7)).padStart(7, '0')}`);
    }

    async function buyWatchCancel(page: Page): Promise<void> {
      // Buy in the sandbox widget.
      await page.goto(url(`/account/packages/${packageId}`));
      await page.getByRole('button', { name: 'Оформить за 249 ₽' }).click();
      const form = widgetFrame(page);
      await form.getByLabel('Номер карты').fill('5555 5555 5555 4444');
      await form.getByLabel('Срок действия').fill('12/30');
      await form.getByLabel('CVC').fill('123');
      await form.getByRole('button', { name: 'Заплатить 249,00 ₽' }).click();
      await page.getByRole('dialog', { name: 'Сериалы' }).waitFor({ state: 'detached', timeout: 20_000 });
      await page.getByText('Подписка продлевается автоматически каждый месяц').waitFor();

      // Watch past the 6 s preview: no paywall for a buyer.
      await page.goto(url(`/movie/${series.EK_id}/${episodeId}/`));
      await page.getByRole('button', { name: 'Смотреть', exact: true }).click();
      await playsPast(page, 6.2);
      expect(await page.getByRole('dialog', { name: 'Бесплатный просмотр закончился' }).count()).toBe(0);

      // Cancel with a reason, once the first hours have passed (FIRST_HOURS: only «Проверка платежа» before).
      const profileId = Number(await page.evaluate(() => localStorage.getItem('profile_id')));
      await db.query(
        `update subscriptions set last_paid_at = last_paid_at - interval '4 hours'
        where profile_id = $1 and ended_at is null`,
        [profileId],
      );
      await page.goto(url(`/account/packages/${packageId}`));
      // A bought package's main button is named for what it does (decision 059).
      await page.getByRole('button', { name: 'Отменить подписку' }).click();
      await page
        .getByRole('dialog', { name: 'Управление подпиской' })
        .getByRole('button', { name: 'Отменить подписку' })
        .click();
      const reasons = page.getByRole('dialog', { name: 'Дайте нам всё исправить!' });
      await reasons.getByRole('radio', { name: 'Не устраивает цена' }).check();
      await reasons.getByRole('button', { name: 'Отменить подписку' }).click();
      await page.getByRole('alertdialog', { name: 'Подписка успешно отменена' }).waitFor();
      const { rows } = await db.query(
        'select status, cancel_reason from subscriptions where profile_id = $1 and ended_at is null',
        [profileId],
      );
      expect(rows).toEqual([{ status: 'cancelled', cancel_reason: 'price' }]);
    }

    it('signs in, buys, watches and cancels with requests served by both instances in turn', async () => {
      const page = await newViewer();
      const served = recordInstances(page, cluster.baseUrl);
      await signIn(page);
      await buyWatchCancel(page);
      const count = (name: string) => served.filter((s) => s.name === name).length;
      // Round robin: each instance served a fair share of the journey's api requests.
      expect(count('api-1') + count('api-2')).toBe(served.length);
      expect(count('api-1')).toBeGreaterThan(served.length / 4);
      expect(count('api-2')).toBeGreaterThan(served.length / 4);
      await page.close();
    });

    it('completes the journey on the other instance when one is killed by SIGKILL after sign-in', async () => {
      const page = await newViewer();
      const served = recordInstances(page, cluster.baseUrl);
      const failures: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 500) failures.push(`${response.status()} ${response.url()}`);
      });
      await signIn(page);
      expect(new Set(served.map((s) => s.name))).toEqual(new Set(['api-1', 'api-2']));
      // Between two steps, as a crash is most likely to meet a viewer: nothing of theirs is in flight.
      await page.waitForLoadState('networkidle');
      await cluster.instances[1]!.kill();
      const before = served.length;
      await buyWatchCancel(page);
      // Everything after the kill was served by api-1; nginx passed on what met the dead instance.
      expect(served.slice(before).length).toBeGreaterThan(10);
      expect(served.slice(before).filter((s) => s.name !== 'api-1')).toEqual([]);
      expect(failures).toEqual([]);
      await page.close();
    });
  },
);
