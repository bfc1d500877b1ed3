/// <reference lib="dom" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClearKeyFixture, startClearKeyFixture } from '../packages/player-core/test/clearkey-fixture.ts';
// The page's globals (window.startKadrPlayer, window.kadrPlayer) for the evaluate callbacks.
import type {} from '../packages/player-core/test/clearkey-page.ts';
import { anonymousApi } from './support/api.ts';
import { type Browser, hasChromium, launchBrowser } from './support/browser.ts';
import { runOperator } from './support/operator.ts';
import { freshPostgres } from './support/postgres.ts';
import { type RunningService, startService } from './support/service.ts';

/**
 * One encrypted-media run in a real Chromium: a CENC (ClearKey) fMP4 HLS title plays through
 * @kadr/player-core's controller and video.js + hls.js + contrib-eme adapter, the licence comes from a
 * W3C ClearKey endpoint, and the decrypted video really advances; a refused licence is DRM_FAILED; the
 * engine's controls work on real media; and the AES-128 HLS of titles without DRM plays too.
 */
describe.skipIf(!hasChromium)('encrypted playback through @kadr/player-core in Chromium', () => {
  let fixture: ClearKeyFixture;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    fixture = await startClearKeyFixture();
    browser = await launchBrowser();
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  it('decrypts and plays: licence requested for the key id, currentTime advances', async () => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const foreignRequests: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(fixture.url)) foreignRequests.push(request.url());
    });
    await page.goto(fixture.url);
    await page.waitForFunction(() => typeof window.startKadrPlayer === 'function');
    await page.evaluate(
      (url) =>
        window.startKadrPlayer({
          content_url: `${url}/hls/master.m3u8`,
          drm: { type: 'clearkey', license_server: `${url}/licence` },
          preview_timer: null,
        }),
      fixture.url,
    );

    await page.waitForFunction(
      () => (window.kadrPlayer?.controller.getSnapshot().currentTime ?? 0) > 2,
      null,
      {
        timeout: 20_000,
      },
    );
    const state = await page.evaluate(() => {
      const video = document.querySelector('video');
      const snapshot = window.kadrPlayer?.controller.getSnapshot();
      return {
        phase: snapshot?.phase,
        error: snapshot?.error,
        videoTime: video?.currentTime ?? 0,
        hasMediaKeys: Boolean(video?.mediaKeys),
        decodedFrames: video?.getVideoPlaybackQuality().totalVideoFrames ?? 0,
        events: window.kadrPlayer?.adapterEvents ?? [],
      };
    });
    expect(pageErrors).toEqual([]);
    // Nothing leaves the origin (video.js would fetch vtt.js from its CDN if it emulated text tracks).
    expect(foreignRequests).toEqual([]);
    expect(state).toMatchObject({ phase: 'playing', error: null, hasMediaKeys: true });
    expect(state.events).toContain('playing');
    expect(state.videoTime).toBeGreaterThan(2);
    expect(state.decodedFrames).toBeGreaterThan(25);
    expect(fixture.licenceRequests.length).toBeGreaterThanOrEqual(1);
    expect(fixture.licenceRequests[0]?.kids).toEqual([fixture.keyId.toString('base64url')]);
  });

  it('a refused licence ends in the error phase with DRM_FAILED and no decoded video', async () => {
    const denied = await browser.context.newPage();
    try {
      await denied.goto(fixture.url);
      await denied.waitForFunction(() => typeof window.startKadrPlayer === 'function');
      await denied.evaluate(
        (url) =>
          window.startKadrPlayer({
            content_url: `${url}/hls/master.m3u8`,
            drm: { type: 'clearkey', license_server: `${url}/licence-denied` },
            preview_timer: null,
          }),
        fixture.url,
      );
      await denied.waitForFunction(
        () => window.kadrPlayer?.controller.getSnapshot().phase === 'error',
        null,
        {
          timeout: 20_000,
        },
      );
      const state = await denied.evaluate(() => ({
        error: window.kadrPlayer?.controller.getSnapshot().error?.code,
        videoTime: document.querySelector('video')?.currentTime ?? -1,
      }));
      expect(state).toEqual({ error: 'DRM_FAILED', videoTime: 0 });
    } finally {
      await denied.close();
    }
  });

  it('drives the real engine: qualities, quality switch, seek, keys, speed, and destroy cleans up', async () => {
    const controls = await browser.context.newPage();
    try {
      await controls.goto(fixture.url);
      await controls.waitForFunction(() => typeof window.startKadrPlayer === 'function');
      await controls.evaluate(
        (url) =>
          window.startKadrPlayer({
            content_url: `${url}/hls/master.m3u8`,
            drm: { type: 'clearkey', license_server: `${url}/licence` },
            preview_timer: null,
          }),
        fixture.url,
      );
      await controls.waitForFunction(
        () => (window.kadrPlayer?.controller.getSnapshot().currentTime ?? 0) > 0.5,
      );
      const qualities = await controls.evaluate(() =>
        window.kadrPlayer?.controller.getSnapshot().qualities.map((quality) => quality.label),
      );
      expect(qualities).toEqual(['180p', '360p']);

      // Pick 360p and jump ahead: the frames that follow come from that rendition.
      await controls.evaluate(() => {
        window.kadrPlayer?.controller.setQuality('1');
        window.kadrPlayer?.controller.seekTo(6);
      });
      await controls.waitForFunction(() => document.querySelector('video')?.videoHeight === 360, null, {
        timeout: 15_000,
      });
      const afterSeek = await controls.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
      expect(afterSeek).toBeGreaterThanOrEqual(6);

      await controls.evaluate(() => {
        window.kadrPlayer?.controller.handleKey('ArrowLeft');
        window.kadrPlayer?.controller.setRate(1.5);
      });
      const afterKey = await controls.evaluate(() => ({
        time: document.querySelector('video')?.currentTime ?? -1,
        rate: document.querySelector('video')?.playbackRate,
        quality: window.kadrPlayer?.controller.getSnapshot().quality,
      }));
      expect(afterKey.time).toBeLessThan(afterSeek);
      expect(afterKey).toMatchObject({ rate: 1.5, quality: '1' });

      const leftover = await controls.evaluate(() => {
        window.kadrPlayer?.controller.destroy();
        return document.getElementById('player')?.children.length;
      });
      expect(leftover).toBe(0);
    } finally {
      await controls.close();
    }
  });

  it('the same adapter plays the AES-128 HLS of titles without DRM (keys fetched by hls.js)', async () => {
    const aes = await browser.context.newPage();
    try {
      await aes.goto(fixture.url);
      await aes.waitForFunction(() => typeof window.startKadrPlayer === 'function');
      await aes.evaluate(
        (url) =>
          window.startKadrPlayer({ content_url: `${url}/aes/master.m3u8`, drm: null, preview_timer: null }),
        fixture.url,
      );
      await aes.waitForFunction(
        () => (window.kadrPlayer?.controller.getSnapshot().currentTime ?? 0) > 1.5,
        null,
        {
          timeout: 20_000,
        },
      );
      expect(await aes.evaluate(() => window.kadrPlayer?.controller.getSnapshot().phase)).toBe('playing');
      expect(fixture.requests).toContain('GET /aes/key');
    } finally {
      await aes.close();
    }
  });

  it('renews the grant while playing: later playlist, key and segment requests carry the newest grant, no reload', async () => {
    const renewing = await browser.context.newPage();
    const refused: string[] = [];
    renewing.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    try {
      await renewing.goto(fixture.url);
      await renewing.waitForFunction(() => typeof window.startKadrRenewingPlayer === 'function');
      await renewing.evaluate(() => window.startKadrRenewingPlayer());
      // The page's timers run ten times faster: a renewal (a third of expires_in) every second, and the
      // fixture refuses every grant older than the one before the newest.
      await renewing.waitForFunction(
        () => (window.kadrPlayer?.controller.getSnapshot().currentTime ?? 0) > 8,
        null,
        { timeout: 30_000 },
      );
      const grantRequests = fixture.requests.filter((r) => r.startsWith('GET /grant/'));
      const grantsUsed = new Set(grantRequests.map((r) => r.split('/')[2]));
      expect(fixture.renewals).toBeGreaterThan(4);
      // Segments fetched after several renewals went out under a newer grant than the one loaded.
      expect(grantsUsed.size).toBeGreaterThan(2);
      expect(refused).toEqual([]);
      // No reload: the master playlist was read once.
      expect(grantRequests.filter((r) => r.endsWith('/master.m3u8'))).toHaveLength(1);
      const state = await renewing.evaluate(() => ({
        phase: window.kadrPlayer?.controller.getSnapshot().phase,
        errors: window.kadrPlayer?.adapterEvents.filter((e) => e.startsWith('error')),
      }));
      expect(state).toEqual({ phase: 'playing', errors: [] });
    } finally {
      await renewing.close();
    }
  });

  it('renews the grant while playing a ClearKey title with a key per fragment: later licences carry the newest grant', async () => {
    const renewing = await browser.context.newPage();
    const refused: string[] = [];
    renewing.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    const renewalsBefore = fixture.renewals;
    try {
      await renewing.goto(fixture.url);
      await renewing.waitForFunction(() => typeof window.startKadrRenewingPlayer === 'function');
      await renewing.evaluate(() => window.startKadrRenewingPlayer('/renew-clearkey'));
      // A renewal a second, 2 s fragments each under its own key fetched as the short buffer needs
      // them: each licence is asked for long after the grant the title was loaded with was refused.
      await renewing.waitForFunction(
        () => (window.kadrPlayer?.controller.getSnapshot().currentTime ?? 0) > 8,
        null,
        { timeout: 30_000 },
      );
      const licences = fixture.rotatingLicences;
      expect(licences.length).toBeGreaterThanOrEqual(4);
      for (const licence of licences) expect(licence.kids).toHaveLength(1);
      expect(new Set(licences.map((licence) => licence.kids[0])).size).toBe(licences.length);
      // The later licences went out under grants handed out after the first (the loaded one).
      const first = renewalsBefore + 1;
      expect(Math.max(...licences.map((licence) => licence.grant))).toBeGreaterThan(first + 2);
      expect(fixture.renewals - renewalsBefore).toBeGreaterThan(4);
      expect(refused).toEqual([]);
      const state = await renewing.evaluate(() => ({
        phase: window.kadrPlayer?.controller.getSnapshot().phase,
        errors: window.kadrPlayer?.adapterEvents.filter((e) => e.startsWith('error')),
      }));
      expect(state).toEqual({ phase: 'playing', errors: [] });
    } finally {
      await renewing.close();
    }
  });
});

/** The demo's ClearKey film (apps/api/src/media/demo.ts CLEARKEY_DEMO_TITLE, kod-dostupa-avrora). */
const CLEARKEY_FILM = 'Код доступа: Аврора';
/** Demo media is made on first start; the requested film jumps the queue, the wait allows a busy machine. */
const MEDIA_WAIT_MS = 240_000;
const VIDEO = 'section[aria-label="Плеер"] video';

interface DemoRelease {
  content_url: string;
  drm: { type: string; license_server: string } | null;
  preview_timer: number | null;
}

/** One licence exchange the page made: the key ids the CDM asked for and those the licence answered. */
interface LicenceExchange {
  grant: string;
  asked: string[];
  status: number;
  answered: string[];
}

/** Records the page's ClearKey licence exchanges (key ids as hex). */
function recordLicences(page: Page): LicenceExchange[] {
  const exchanges: LicenceExchange[] = [];
  const hex = (kid: string) => Buffer.from(kid, 'base64url').toString('hex');
  page.on('response', async (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/media/license/')) return;
    const body = response.request().postDataBuffer();
    const asked = body ? (JSON.parse(body.toString('utf8')) as { kids: string[] }).kids.map(hex) : [];
    const answered =
      response.status() === 200 ? ((await response.json()) as { keys: { kid: string }[] }).keys : [];
    exchanges.push({
      grant: url.pathname.split('/')[3]!,
      asked,
      status: response.status(),
      answered: answered.map((key) => hex(key.kid)),
    });
  });
  return exchanges;
}

/** The key id each packaged segment names in its moof pssh (cenc.ts), read from the service's store. */
function segmentKeyIds(dataDir: string, asset: string, rendition: string): string[] {
  const dir = join(dataDir, 'media', 'hls', asset, rendition);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.m4s'))
    .sort()
    .map((name) => {
      const segment = readFileSync(join(dir, name));
      const pssh = segment.indexOf('pssh', 0, 'latin1') - 4;
      expect(segment.readUInt32BE(pssh + 28)).toBe(1);
      return segment.toString('hex', pssh + 32, pssh + 48);
    });
}

/**
 * The api's own ClearKey title in the web app: the demo film packaged with a key and key id per
 * segment (CENC key rotation, docs/decisions/022). A preview's licences answer the keys of the
 * preview's segments only, and it plays to its end and is cut; a buyer's answer every key and the film
 * plays past where the preview stopped.
 */
describe.skipIf(!hasChromium)(
  'the ClearKey demo film through the api, a key per segment, in Chromium',
  () => {
    let database: Awaited<ReturnType<typeof freshPostgres>>;
    let service: RunningService;
    let browser: Browser;
    let page: Page;
    let filmId = 0;
    let packageId = 0;
    /** Each segment's key id (hex), in order. */
    let kids: string[] = [];
    /** The page's licence exchanges, both journeys (one page). */
    let licences: LicenceExchange[] = [];
    /** Segments the preview plays (those starting before its end). */
    let previewSegments = 0;

    beforeAll(async () => {
      database = await freshPostgres('kadr_e2e_clearkey');
      if (!database)
        throw new Error('the ClearKey journey needs the local PostgreSQL (the grant runs beside it)');
      service = await startService({ DATABASE_URL: database.url, DEMO_MEDIA: '1', LOG_LEVEL: 'error' });
      const call = await anonymousApi(service.baseUrl, 'web_E2Eclearkey00001');
      const home = await call<{ collections: { EKs?: { EK_id: number }[] }[] }>(
        '/web/1/collections?tab_id=Main2&RB_queue_count=15&RB_teaser_count=15',
      );
      for (const id of new Set(
        home.collections.flatMap((rail) => (rail.EKs ?? []).map((item) => item.EK_id)),
      )) {
        const card = await call<{ EK_title: string }>(`/web/2/contents/${id}`);
        if (card.EK_title === CLEARKEY_FILM) filmId = id;
      }
      if (!filmId) throw new Error(`the demo catalogue has no «${CLEARKEY_FILM}» on the home page`);
      packageId = (await call<{ goods: { package_id: number } }>(`/web/2/contents/${filmId}`)).goods
        .package_id;
      // The first start packages the demo media; asking for the film's release moves it to the front.
      const deadline = Date.now() + MEDIA_WAIT_MS;
      for (;;) {
        const release = await call<DemoRelease>(
          `/web/1/releases/${filmId}?dev_type=PCWEB&dev_model=web`,
        ).catch(() => null);
        if (release) {
          expect(release.drm?.type).toBe('clearkey');
          break;
        }
        if (Date.now() > deadline) throw new Error(`no media for the ClearKey film in ${MEDIA_WAIT_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      kids = segmentKeyIds(service.dataDir, `ek-${filmId}`, '360p');
      browser = await launchBrowser();
      page = await browser.context.newPage();
      licences = recordLicences(page);
    }, MEDIA_WAIT_MS + 60_000);

    afterAll(async () => {
      await browser?.close();
      await service?.stop();
      await database?.drop();
    });

    const videoState = () =>
      page.evaluate((selector) => {
        const video = document.querySelector<HTMLVideoElement>(selector);
        return {
          time: video?.currentTime ?? Number.NaN,
          paused: video?.paused ?? true,
          frames: video?.getVideoPlaybackQuality().totalVideoFrames ?? 0,
          hasMediaKeys: Boolean(video?.mediaKeys),
        };
      }, VIDEO);

    it("plays a preview to its end and cuts it: its licences hold the preview's segment keys only", async () => {
      // Six 4 s segments, each with its own key id, and a 15 s preview: segments 0–3 play.
      expect(new Set(kids).size).toBe(kids.length);
      expect(kids.length).toBeGreaterThanOrEqual(5);
      await page.goto(`${service.baseUrl}/promo/web/movie/${filmId}/`);
      await page.getByRole('heading', { level: 1, name: CLEARKEY_FILM }).waitFor();
      await page.getByRole('button', { name: 'Смотреть', exact: true }).click();
      const paywall = page.getByRole('dialog', { name: 'Бесплатный просмотр закончился' });
      await paywall.waitFor({ timeout: 60_000 });
      const cut = await videoState();
      const release = (await page.evaluate(async (id) => {
        const response = await fetch(`/web/1/releases/${id}?dev_type=PCWEB&dev_model=web`, {
          headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` },
        });
        return ((await response.json()) as { response: unknown }).response;
      }, filmId)) as DemoRelease;
      const previewTimer = release.preview_timer!;
      expect(previewTimer).toBeGreaterThan(0);
      // Played (decrypted frames, not a stall at 0) up to the preview's end, then stopped there.
      expect(cut).toMatchObject({ paused: true, hasMediaKeys: true });
      expect(cut.time).toBeGreaterThan(previewTimer - 1.5);
      expect(cut.time).toBeLessThan(previewTimer + 6);
      expect(cut.frames).toBeGreaterThan(previewTimer * 4);

      // One licence per fragment (its pssh names one key id), each answered with that key only …
      const seen = [...licences];
      expect(seen.length).toBeGreaterThanOrEqual(2);
      for (const exchange of seen) {
        expect(exchange.asked).toHaveLength(1);
        expect(exchange).toMatchObject({ status: 200, answered: exchange.asked });
      }
      // … the keys of the segments the preview plays, and none past them.
      previewSegments = Math.ceil(previewTimer / 4);
      const answered = new Set(seen.flatMap((exchange) => exchange.answered));
      expect([...answered].sort()).toEqual(kids.slice(0, previewSegments).sort());
      // Asked directly, the preview's licence refuses the next segment's key id.
      const refused = await page.evaluate(
        async ({ url, kid }) => {
          const response = await fetch(url, { method: 'POST', body: JSON.stringify({ kids: [kid] }) });
          return { status: response.status, body: await response.text() };
        },
        {
          url: release.drm!.license_server,
          kid: Buffer.from(kids[previewSegments]!, 'hex').toString('base64url'),
        },
      );
      expect(refused.status).toBe(403);
      expect(refused.body).toContain('past_preview');
    }, 120_000);

    it("plays the whole film for a buyer: every segment's key, past where the preview stopped", async () => {
      const profileId = await page.evaluate(() => Number(localStorage.getItem('profile_id')));
      runOperator({ databaseUrl: database!.url, dataDir: service.dataDir }, 'package-access', [
        ...['grant', '--profile', String(profileId), '--package', String(packageId)],
      ]);
      const before = licences.length;
      await page.goto(`${service.baseUrl}/promo/web/movie/${filmId}/`);
      await page.getByRole('button', { name: 'Смотреть', exact: true }).click();
      // A guest who bought is asked to register first (SPEC §4).
      await page.getByRole('button', { name: 'Смотреть без регистрации' }).click();
      await page.waitForFunction(
        (selector) => (document.querySelector<HTMLVideoElement>(selector)?.currentTime ?? 0) > 1,
        VIDEO,
        { timeout: 60_000 },
      );
      // Jump towards the end (→ seeks 10 s) and play on through the last segments.
      const player = page.getByRole('region', { name: 'Плеер' });
      await player.focus();
      await page.keyboard.press('ArrowRight');
      const end = (kids.length - 1) * 4 + 1;
      await page.waitForFunction(
        ({ selector, end }) => {
          const video = document.querySelector<HTMLVideoElement>(selector);
          return Boolean(video && (video.currentTime > end || video.ended));
        },
        { selector: VIDEO, end },
        { timeout: 60_000, polling: 100 },
      );
      expect(await page.getByRole('dialog', { name: 'Бесплатный просмотр закончился' }).count()).toBe(0);
      const state = await videoState();
      expect(state.time).toBeGreaterThan(end);
      const bought = licences.slice(before);
      for (const exchange of bought)
        expect(exchange).toMatchObject({ status: 200, answered: exchange.asked });
      const answered = new Set(bought.flatMap((exchange) => exchange.answered));
      // The keys past the preview came with the buyer's grant.
      for (const kid of kids.slice(previewSegments)) expect(answered.has(kid), kid).toBe(true);
    }, 120_000);
  },
);
