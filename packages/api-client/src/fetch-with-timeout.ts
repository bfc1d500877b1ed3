/** Default per-request time-out of `fetchWithTimeout` (SPEC §9: 10000 ms). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** `RequestInit` plus the per-request time-out. */
export type FetchWithTimeoutInit = RequestInit & { timeoutMs?: number };

/** Prefix of the error thrown when every URL failed (SPEC §8, verbatim). */
export const ALL_URLS_FAILED = 'All urls fetchWithTimeout failed: ';

/** Fisher–Yates over a copy, driven by `random` (0 ≤ r < 1). */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The SPEC §8 request helper: tries `urls` in random order, each with its own time-out, and returns
 * the first OK response. A non-OK answer counts as a failure ('response not ok'). When all fail it
 * throws `Error('All urls fetchWithTimeout failed: ' + the failures joined by ', ')`. An abort of
 * `init.signal` stops at once and rethrows its reason.
 */
export async function fetchWithTimeout(
  urls: readonly string[],
  init: FetchWithTimeoutInit = {},
  fetchImpl: typeof fetch = globalThis.fetch,
  random: () => number = Math.random,
): Promise<Response> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, signal: outer, ...rest } = init;
  const errors: string[] = [];
  for (const url of shuffled(urls, random)) {
    if (outer?.aborted) throw outer.reason;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`timeout ${timeoutMs} ms`)), timeoutMs);
    const signal = outer ? AbortSignal.any([outer, controller.signal]) : controller.signal;
    try {
      const response = await fetchImpl(url, { ...rest, signal });
      if (response.ok) return response;
      // Free the connection: the body of a failed answer is never read.
      await response.body?.cancel().catch(() => undefined);
      errors.push('response not ok');
    } catch (error) {
      if (outer?.aborted) throw outer.reason;
      errors.push(controller.signal.aborted ? messageOf(controller.signal.reason) : messageOf(error));
    } finally {
      clearTimeout(timer);
    }
  }
  throw new Error(ALL_URLS_FAILED + errors.join(', '));
}
