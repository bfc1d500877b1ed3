import type { StorageLike } from '@kadr/auth-session';

/** The address parameter naming the visit's analytics counter (SPEC §7: "a default metric id is used when no 'metric' query parameter exists"). */
export const METRIC_PARAM = 'metric';

/** Session storage key keeping the address's counter for the rest of the visit (the address loses it on the first navigation). */
export const METRIC_SESSION_KEY = 'metric';

/** A Yandex Metrica counter id: digits only, at most 12 of them (counters are 8 digits today). */
const COUNTER_ID = /^[1-9]\d{0,11}$/;

/** The counters a visit may use. */
export interface MetricCounters {
  /** The default metric id: the configured counter (empty: analytics off). */
  fallback: string;
  /**
   * Counters an address may name instead (partners' and campaigns' own). Only these: otherwise anyone
   * could send a link that reports a visitor's way through the site to a counter of their own.
   */
  allowed: readonly string[];
}

/**
 * The Metrica counter this visit's goals go to (docs/decisions/043-default-metric-id.md): the address's
 * `metric` when it is an allowed counter id (kept in session storage for the visit), else one kept
 * earlier in the visit, else the default. Anything else is ignored, never sent on.
 */
export function resolveMetricCounterId(
  href: string,
  sessionStorage: StorageLike,
  counters: MetricCounters,
): string {
  const usable = (id: string | null): id is string =>
    id !== null && COUNTER_ID.test(id) && counters.allowed.includes(id);
  const fromAddress = new URL(href).searchParams.get(METRIC_PARAM);
  if (usable(fromAddress)) {
    sessionStorage.setItem(METRIC_SESSION_KEY, fromAddress);
    return fromAddress;
  }
  const kept = sessionStorage.getItem(METRIC_SESSION_KEY);
  return usable(kept) ? kept : counters.fallback;
}
