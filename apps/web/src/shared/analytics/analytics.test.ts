import { describe, expect, it, vi } from 'vitest';
import { createConsoleAnalytics, createRecordingAnalytics, fanOutAnalytics, GOALS } from './analytics';
import { type AnalyticsWindow, createConfiguredAnalytics } from './sinks';

const off = { metrikaCounterId: '', gtagMeasurementId: '', console: false };

function setup(config: Partial<typeof off> = {}) {
  const page: AnalyticsWindow = {};
  const loaded: string[] = [];
  const analytics = createConfiguredAnalytics({ ...off, ...config }, page, (src) => loaded.push(src));
  return { page, loaded, analytics };
}

describe('goals', () => {
  it('lists the goals the SPEC names', () => {
    expect(GOALS).toEqual(['nocontent', 'MOVIE_STARTED_ERROR', 'EK_BUY_SUCCESS', 'PLAYER_BUY_SUCCESS']);
  });

  it('writes a goal and its parameters to the console sink', () => {
    const log = vi.fn();
    createConsoleAnalytics(log).reachGoal('PLAYER_BUY_SUCCESS', { EK_id: 3, package_id: 1 });
    expect(log).toHaveBeenCalledWith('[analytics] goal', 'PLAYER_BUY_SUCCESS', { EK_id: 3, package_id: 1 });
  });

  it('sends a goal to every sink, even when one of them fails', () => {
    const first = createRecordingAnalytics();
    const last = createRecordingAnalytics();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = {
      reachGoal: () => {
        throw new Error('blocked');
      },
    };
    fanOutAnalytics([first, broken, last]).reachGoal('MOVIE_STARTED_ERROR', {
      error_code: 'network',
      EK_id: 7,
    });
    const expected = [{ goal: 'MOVIE_STARTED_ERROR', params: { error_code: 'network', EK_id: 7 } }];
    expect(first.goals).toEqual(expected);
    expect(last.goals).toEqual(expected);
    warn.mockRestore();
  });
});

describe('configured analytics', () => {
  it('attaches no service and loads no script by default', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { page, loaded, analytics } = setup();
    analytics.reachGoal('nocontent', { EK_id: 404 });
    expect({ page, loaded, logged: info.mock.calls.length }).toEqual({ page: {}, loaded: [], logged: 0 });
    info.mockRestore();
  });

  it('writes to the console when asked', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    setup({ console: true }).analytics.reachGoal('nocontent', { EK_id: 404 });
    expect(info).toHaveBeenCalledWith('[analytics] goal', 'nocontent', { EK_id: 404 });
    info.mockRestore();
  });

  it('sends goals to Yandex Metrica as reachGoal of the configured counter, loading its tag once', () => {
    const { page, loaded, analytics } = setup({ metrikaCounterId: '123' });
    const ym = vi.fn();
    page.ym = ym;
    analytics.reachGoal('EK_BUY_SUCCESS', { EK_id: 12, package_id: 1 });
    expect(loaded).toEqual(['https://mc.yandex.ru/metrika/tag.js']);
    expect(ym).toHaveBeenCalledWith(123, 'reachGoal', 'EK_BUY_SUCCESS', { EK_id: 12, package_id: 1 });
  });

  it('queues Metrica calls until its tag arrives', () => {
    const { page, analytics } = setup({ metrikaCounterId: '123' });
    analytics.reachGoal('nocontent', { EK_id: 5 });
    expect((page.ym as unknown as { a: unknown[] }).a).toEqual([
      [123, 'init', {}],
      [123, 'reachGoal', 'nocontent', { EK_id: 5 }],
    ]);
  });

  it('sends goals to Google Analytics as events of the configured measurement id', () => {
    const { page, loaded, analytics } = setup({ gtagMeasurementId: 'G-TEST' });
    analytics.reachGoal('MOVIE_STARTED_ERROR', { error_code: 'MEDIA_NETWORK', EK_id: 12, EP_id: 101 });
    expect(loaded).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST']);
    expect(page.dataLayer?.map((args) => Array.from(args as ArrayLike<unknown>)).at(-1)).toEqual([
      'event',
      'MOVIE_STARTED_ERROR',
      { error_code: 'MEDIA_NETWORK', EK_id: 12, EP_id: 101, send_to: 'G-TEST' },
    ]);
  });
});
