import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LiveFixture,
  SEGMENT_SECONDS,
  startLiveFixture,
} from '../packages/player-core/test/live-fixture.ts';
// The page's globals (window.startKadrChannel, window.kadrChannel) for the evaluate callbacks.
import type {} from '../packages/player-core/test/live-page.ts';
import { type Browser, hasChromium, launchBrowser } from './support/browser.ts';

/**
 * Channels in a real Chromium through @kadr/player-core's channel controller and live video.js adapter
 * (docs/decisions/031), against a live playlist computed from the wall clock (packages/player-core/test/
 * live-fixture.ts): the DVR window, the live edge and program date-time reach the snapshot; pause falls
 * behind live and «В эфир» comes back; a channel switch keeps the video element; an archived programme
 * plays from its start; a non-buyer's channel preview ends in the final block. The channel page's own
 * journeys (apps/web) are the web's.
 */
describe.skipIf(!hasChromium)('live channels through @kadr/player-core in Chromium', () => {
  let fixture: LiveFixture;
  let browser: Browser;

  beforeAll(async () => {
    fixture = await startLiveFixture();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  async function open(options: {
    streamId: number;
    archiveStart?: string;
    isBought: boolean;
    previewTimer?: number;
  }) {
    const page = await browser.context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(fixture.url);
    await page.waitForFunction(() => typeof window.startKadrChannel === 'function');
    await page.evaluate(
      ({ streamId, archiveStart, isBought, previewTimer }) =>
        window.startKadrChannel({ channel: { streamId, archiveStart }, isBought, previewTimer }),
      options,
    );
    return { page, pageErrors };
  }

  const snapshot = (page: Page) => page.evaluate(() => window.kadrChannel?.controller.getSnapshot());

  /** Waits until the channel plays with its timeline read and the playhead moving. */
  async function playingLive(page: Page): Promise<void> {
    await page.waitForFunction(
      () => {
        const snap = window.kadrChannel?.controller.getSnapshot();
        return snap?.phase === 'playing' && snap.live.windowStart !== null && snap.live.playheadDate !== null;
      },
      null,
      { timeout: 20_000 },
    );
    const from = (await snapshot(page))?.currentTime ?? 0;
    await page.waitForFunction(
      (from) => (window.kadrChannel?.controller.getSnapshot().currentTime ?? 0) > from + 1,
      from,
      {
        timeout: 10_000,
      },
    );
  }

  it('plays live: no duration, the DVR window, at the live edge, the wall clock from program date-time', async () => {
    const { page, pageErrors } = await open({ streamId: 7, isBought: true });
    try {
      await playingLive(page);
      const now = Date.now();
      const snap = await snapshot(page);
      expect(snap).toMatchObject({ phase: 'playing', duration: 0, error: null });
      expect(snap?.live).toMatchObject({ kind: 'live', atLiveEdge: true, canGoLive: false });
      const live = snap!.live;
      // The playlist keeps 30 s; the edge sits three segments before its end.
      expect(live.windowEnd! - live.windowStart!).toBeGreaterThan(20);
      expect(live.windowEnd! - live.windowStart!).toBeLessThanOrEqual(30);
      // What plays aired a few segments ago: behind the clock by the sync distance and a segment or two.
      expect(live.playheadDate!).toBeLessThan(now);
      expect(live.playheadDate!).toBeGreaterThan(now - 8 * SEGMENT_SECONDS * 1000);
      // Program date-time maps media time to the fixture's clock exactly: segment n aired at epoch + 2 s·n.
      const offset = (live.playheadDate! - fixture.epoch) / 1000 - snap!.currentTime;
      expect(Math.abs(offset - Math.round(offset / SEGMENT_SECONDS) * SEGMENT_SECONDS)).toBeLessThan(0.5);

      // The programme on air at the playhead, from a schedule around it.
      const at = live.playheadDate!;
      const iso = (ms: number) => new Date(ms).toISOString();
      const onAir = await page.evaluate(
        (schedule) => window.kadrProgrammeOnAir(schedule),
        [
          { tv_air_date_start: iso(at - 3_600_000), tv_air_date_end: iso(at - 60_000), title: 'before' },
          { tv_air_date_start: iso(at - 60_000), tv_air_date_end: iso(at + 60_000), title: 'now' },
          { tv_air_date_start: iso(at + 60_000), tv_air_date_end: iso(at + 3_600_000), title: 'after' },
        ],
      );
      expect(onAir).toMatchObject({ title: 'now' });
      expect(pageErrors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('pause falls behind live; «В эфир» returns to the edge and plays; seeks stay in the window', async () => {
    const { page } = await open({ streamId: 7, isBought: true });
    try {
      await playingLive(page);
      await page.evaluate(() => window.kadrChannel?.controller.pause());
      // The edge moves on with each playlist refresh while the picture stands still.
      await page.waitForFunction(
        () => window.kadrChannel?.controller.getSnapshot().live.canGoLive === true,
        null,
        {
          timeout: 20_000,
        },
      );
      expect(await snapshot(page)).toMatchObject({ phase: 'paused', live: { atLiveEdge: false } });

      await page.evaluate(() => window.kadrChannel?.controller.goLive());
      await page.waitForFunction(
        () => {
          const snap = window.kadrChannel?.controller.getSnapshot();
          return snap?.phase === 'playing' && snap.live.atLiveEdge;
        },
        null,
        { timeout: 10_000 },
      );

      // Far before the window: the oldest point kept; the video element follows.
      await page.evaluate(() => window.kadrChannel?.controller.seekTo(-1000));
      const after = await page.evaluate(() => ({
        snap: window.kadrChannel?.controller.getSnapshot().live,
        video: document.querySelector('video')?.currentTime ?? -1,
      }));
      expect(after.video).toBeGreaterThanOrEqual(after.snap!.windowStart!);
      expect(after.video).toBeLessThan(after.snap!.windowStart! + 2 * SEGMENT_SECONDS);
    } finally {
      await page.close();
    }
  });

  it('switches channel in the same video element and adapter', async () => {
    const { page } = await open({ streamId: 7, isBought: true });
    try {
      await playingLive(page);
      await page.evaluate(() => {
        (document.querySelector('video') as HTMLVideoElement & { marked?: boolean }).marked = true;
      });
      await page.evaluate(() =>
        window.kadrChannel?.controller.switchChannel({ streamId: 8 }, { is_bought: true }),
      );
      await playingLive(page);
      const state = await page.evaluate(() => ({
        channel: window.kadrChannel?.controller.getSnapshot().live.channel,
        adapters: window.kadrChannel?.adapters,
        sameElement:
          (document.querySelector('video') as HTMLVideoElement & { marked?: boolean }).marked === true,
        videos: document.querySelectorAll('video').length,
        errors: window.kadrChannel?.adapterEvents.filter((event) => event.startsWith('error')),
      }));
      expect(state).toEqual({
        channel: { streamId: 8, archiveStart: null },
        adapters: 1,
        sameElement: true,
        videos: 1,
        errors: [],
      });
      expect(fixture.requests).toContain('GET /live/8/media.m3u8');
      // The previous channel's engine is gone: its playlist is no longer refreshed.
      const previous = () =>
        fixture.requests.filter((request) => request === 'GET /live/7/media.m3u8').length;
      const before = previous();
      await page.waitForTimeout(3 * SEGMENT_SECONDS * 1000);
      expect(previous()).toBe(before);
    } finally {
      await page.close();
    }
  });

  it('an archived programme plays from its start, dated by program date-time; «В эфир» returns to the broadcast', async () => {
    const archiveStart = new Date(fixture.archiveDate).toISOString();
    const { page } = await open({ streamId: 7, archiveStart, isBought: true });
    try {
      await page.waitForFunction(
        () => (window.kadrChannel?.controller.getSnapshot().currentTime ?? 0) > 1,
        null,
        {
          timeout: 20_000,
        },
      );
      const snap = await snapshot(page);
      expect(snap?.duration).toBeGreaterThan(19);
      expect(snap?.currentTime).toBeLessThan(6);
      expect(snap?.live).toMatchObject({
        kind: 'archive',
        windowStart: 0,
        atLiveEdge: false,
        canGoLive: true,
      });
      expect(
        Math.abs(snap!.live.playheadDate! - (fixture.archiveDate + snap!.currentTime * 1000)),
      ).toBeLessThan(50);

      await page.evaluate(() => window.kadrChannel?.controller.goLive());
      await playingLive(page);
      expect((await snapshot(page))?.live).toMatchObject({
        kind: 'live',
        channel: { streamId: 7, archiveStart: null },
      });
    } finally {
      await page.close();
    }
  });

  it('a non-buyer’s channel preview is counted in watched seconds and ends in the final block', async () => {
    const { page } = await open({ streamId: 9, isBought: false, previewTimer: 3 });
    try {
      await page.waitForFunction(
        () => window.kadrChannel?.controller.getSnapshot().paywall === 'final',
        null,
        {
          timeout: 20_000,
        },
      );
      const state = await page.evaluate(() => ({
        snap: window.kadrChannel?.controller.getSnapshot(),
        paused: document.querySelector('video')?.paused,
        muted: document.querySelector('video')?.muted,
      }));
      expect(state.snap).toMatchObject({
        previewRemaining: 0,
        previewExpired: true,
        phase: 'paused',
        live: { canGoLive: false },
      });
      expect(state).toMatchObject({ paused: true, muted: true });
    } finally {
      await page.close();
    }
  });
});
