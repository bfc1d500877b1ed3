// The light service (SPEC «light service»): every 60 s the status URL, then the flag URL, tell whether the
// player stays on its main config or restarts with a reserve one. Pure: the core gives it the config and
// restarts the frame in `onSwitch`.
import type { LightConfig, LightLog } from './light-config.js';
import { describeClient, fillPlaceholders } from './placeholders.js';
import { type Fetch, type FetchError, fetchJson } from './request.js';

/** The config to play with: the main one, or the reserve one at `url` (placeholders filled). */
export type LightTarget = { kind: 'main' } | { kind: 'reserve'; url: string };

export interface LightServiceOptions {
  config: LightConfig;
  /** Called on a change only. */
  onSwitch(target: LightTarget): void;
  /** The placeholders' page URL and user agent (location.href and navigator.userAgent). */
  placeholders?: { pageUrl?: string; userAgent?: string };
  fetch?: Fetch;
  /** Milliseconds since 1970 (Date.now), for `{request_time}`. */
  now?: () => number;
  log?: LightLog;
}

export interface LightService {
  /** Stops the timer and aborts the requests in flight; nothing is switched afterwards. */
  stop(): void;
}

/** The period of the checks and each request's time-out, ms. */
export const LIGHT_PERIOD = 60_000;
export const LIGHT_TIMEOUT = 10_000;

const result = (body: unknown) =>
  ((body as { result?: Record<string, unknown> } | null)?.result ?? {}) as Record<string, unknown>;

/** Starts the checks now and every 60 s. */
export function startLightService({
  config: { flagUrl, statusUrl },
  onSwitch,
  placeholders = {},
  fetch: get,
  now = Date.now,
  log = console,
}: LightServiceOptions): LightService {
  const controller = new AbortController();
  const options = { timeoutMs: LIGHT_TIMEOUT, fetch: get, signal: controller.signal };
  const client = describeClient(placeholders.userAgent ?? globalThis.navigator?.userAgent ?? '');
  const pageUrl =
    placeholders.pageUrl ?? (globalThis as { location?: { href: string } }).location?.href ?? '';
  /** The reserve URL in use (unfilled), null on the main config. */
  let current: string | null = null;
  // The last status response.
  let lock: boolean | '' = '';
  let status: number | '' = '';
  let error = '';

  const request = async (url: string) => {
    try {
      return await fetchJson([url], options);
    } catch (failure) {
      if (!controller.signal.aborted) log.error('fetch error', failure);
      throw failure;
    }
  };
  const switchTo = (reserve: string | null) => {
    if (controller.signal.aborted || reserve === current) return;
    current = reserve;
    onSwitch(
      reserve
        ? {
            kind: 'reserve',
            url: fillPlaceholders(reserve, {
              ...client,
              page_url: pageUrl,
              app_id: 0,
              request_time: now(),
              lock,
              status,
              error,
            }),
          }
        : { kind: 'main' },
    );
  };

  const check = async () => {
    if (statusUrl) {
      try {
        const response = await request(statusUrl);
        lock = result(response.body).lock === true;
        status = response.status;
        error = '';
      } catch (failure) {
        lock = '';
        status = (failure as FetchError)?.status ?? '';
        error = (failure as FetchError)?.message ?? String(failure);
      }
      if (lock) return switchTo(null);
    }
    let reserve: string | null = null;
    try {
      const url = result((await request(flagUrl)).body).vlight_url;
      if (typeof url === 'string' && url) reserve = url;
    } catch {}
    switchTo(reserve);
  };
  // Never into the page: a failing onSwitch is the caller's, and the next check tries again.
  const run = () => void check().catch(() => {});

  run();
  const timer = setInterval(run, LIGHT_PERIOD);
  return {
    stop() {
      clearInterval(timer);
      controller.abort();
    },
  };
}
