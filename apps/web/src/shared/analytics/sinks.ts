import { type Analytics, createConsoleAnalytics, fanOutAnalytics } from './analytics';

/** Which analytics services goals go to (env.ts reads them from VITE_* variables). */
export interface AnalyticsConfig {
  /** Yandex Metrica counter id: goals go to `ym(id, 'reachGoal', goal, params)`; empty = off. */
  metrikaCounterId: string;
  /** Google Analytics measurement id: goals go to `gtag('event', goal, params)`; empty = off. */
  gtagMeasurementId: string;
  /** Also write every goal to the console (on by default in the dev server only). */
  console: boolean;
}

/** The page globals the two services' tags define. */
export interface AnalyticsWindow {
  /** Yandex Metrica: `ym(counterId, method, …args)`. */
  ym?: (counterId: number, method: string, ...args: unknown[]) => void;
  /** gtag.js: `gtag(command, …args)`. */
  gtag?: (command: string, ...args: unknown[]) => void;
  dataLayer?: unknown[];
}

/** Adds a script to the page once, asynchronously (the services' own tags). */
export type LoadScript = (src: string) => void;

/** The page's document as a {@link LoadScript}. */
export const loadScriptInPage: LoadScript = (src) => {
  if (document.querySelector(`script[src="${src}"]`)) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
};

/**
 * Yandex Metrica: its tag is loaded and initialised; until it arrives, calls wait in the queue its
 * snippet defines.
 */
export function createMetrikaAnalytics(
  counterId: number,
  page: AnalyticsWindow,
  load: LoadScript,
): Analytics {
  if (!page.ym) {
    const queued: unknown[] = [];
    // The snippet's queue: tag.js replays `ym.a` when it arrives.
    page.ym = Object.assign((...args: unknown[]) => void queued.push(args), { a: queued, l: Date.now() });
    load('https://mc.yandex.ru/metrika/tag.js');
    page.ym(counterId, 'init', {});
  }
  return { reachGoal: (goal, params) => page.ym?.(counterId, 'reachGoal', goal, params) };
}

/** Google Analytics (gtag.js): loaded and configured; calls wait in `dataLayer` until it arrives. */
export function createGtagAnalytics(
  measurementId: string,
  page: AnalyticsWindow,
  load: LoadScript,
): Analytics {
  if (!page.gtag) {
    page.dataLayer = page.dataLayer ?? [];
    const dataLayer = page.dataLayer;
    // gtag.js reads `arguments` objects from dataLayer, as its snippet pushes them.
    page.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: the gtag.js protocol is the arguments object.
      dataLayer.push(arguments);
    };
    load(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`);
    page.gtag('js', new Date());
    page.gtag('config', measurementId, { send_page_view: false });
  }
  return {
    reachGoal: (goal, params) => page.gtag?.('event', goal, { ...params, send_to: measurementId }),
  };
}

/**
 * The app's analytics from its configuration: each configured service, and the console when asked.
 * With nothing configured goals go nowhere (SPEC: they are not product behaviour).
 */
export function createConfiguredAnalytics(
  config: AnalyticsConfig,
  page: AnalyticsWindow,
  load: LoadScript = loadScriptInPage,
): Analytics {
  const sinks: Analytics[] = [];
  const counterId = Number(config.metrikaCounterId);
  if (config.metrikaCounterId && Number.isInteger(counterId)) {
    sinks.push(createMetrikaAnalytics(counterId, page, load));
  }
  if (config.gtagMeasurementId) sinks.push(createGtagAnalytics(config.gtagMeasurementId, page, load));
  if (config.console) sinks.push(createConsoleAnalytics());
  return fanOutAnalytics(sinks);
}
