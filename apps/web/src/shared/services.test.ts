import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsWindow } from './analytics/sinks';

type Page = Window & AnalyticsWindow;

/** createBrowserServices with a build's analytics variables, on a page at `search` (env.ts reads them on import). */
async function servicesAt(search: string, metricFromAddress: boolean) {
  vi.stubEnv('VITE_METRIKA_COUNTER_ID', '11111111');
  vi.stubEnv('VITE_METRIKA_ALLOWED_COUNTERS', '22222222, 33333333');
  vi.resetModules();
  window.history.replaceState(null, '', `/promo/web/${search}`);
  const { createBrowserServices } = await import('./services');
  return createBrowserServices({ metricFromAddress });
}

/** The counters the Metrica queue was called with. */
function countersCalled(): unknown[] {
  const queue = ((window as Page).ym as unknown as { a: unknown[][] }).a;
  return queue.filter((call) => call[1] === 'reachGoal').map((call) => call[0]);
}

afterEach(() => {
  vi.unstubAllEnvs();
  delete (window as Page).ym;
  window.sessionStorage.clear();
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('the browser services’ analytics counter (decision 043)', () => {
  it('is the default metric id when the address names none', async () => {
    (await servicesAt('', true)).analytics.reachGoal('nocontent', { EK_id: 1 });
    expect(countersCalled()).toEqual([11111111]);
  });

  it('is the allowed counter the address names', async () => {
    (await servicesAt('?metric=33333333', true)).analytics.reachGoal('nocontent', { EK_id: 1 });
    expect(countersCalled()).toEqual([33333333]);
  });

  it('stays the default in the frame player, whatever its address says', async () => {
    (await servicesAt('embed/?metric=33333333', false)).analytics.reachGoal('nocontent', { EK_id: 1 });
    expect(countersCalled()).toEqual([11111111]);
  });
});
