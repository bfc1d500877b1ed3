import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClearKeyFixture, startClearKeyFixture } from '../packages/player-core/test/clearkey-fixture.ts';
// The page's globals (window.startKadrPlayer, window.kadrPlayer) for the evaluate callbacks.
import type {} from '../packages/player-core/test/clearkey-page.ts';
import { type Browser, hasChromium, launchBrowser } from './support/browser.ts';

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
