// The light service's requests (SPEC «request helper»): GET without payload or headers, each aborted after
// its time-out, the URLs tried in random order until one answers OK.

/** What the requests need of `fetch` (the global one by default; tests give theirs). */
export type Fetch = (
  url: string,
  init: { signal: AbortSignal },
) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

export interface FetchJsonOptions {
  /** Each request's time-out, ms (10 000). */
  timeoutMs?: number;
  fetch?: Fetch;
  /** 0 ≤ x < 1, for the order the URLs are tried in (Math.random). */
  random?: () => number;
  /** Aborts the request in flight and stops trying. */
  signal?: AbortSignal;
}

/** An error with the HTTP status of the response that was not OK. */
export type FetchError = Error & { status?: number };

/**
 * The first OK answer's status and JSON body, the URLs tried in random order; throws the last failure
 * (a network error, the time-out, a status not OK with `status` set, a body that is not JSON).
 */
export async function fetchJson(
  urls: string[],
  { timeoutMs = 10_000, fetch: get = fetch, random = Math.random, signal }: FetchJsonOptions = {},
): Promise<{ status: number; body: unknown }> {
  const list = urls.slice();
  for (let i = list.length; i > 1; ) {
    const j = Math.floor(random() * i--);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  let failure: unknown = Error('no URL');
  for (const url of list) {
    if (signal?.aborted) break;
    const controller = new AbortController();
    const abort = () => controller.abort(signal?.reason);
    const timer = setTimeout(() => controller.abort(Error('time-out')), timeoutMs);
    signal?.addEventListener('abort', abort);
    try {
      const response = await get(url, { signal: controller.signal });
      if (!response.ok) throw Object.assign(Error(`HTTP ${response.status}`), { status: response.status });
      return { status: response.status, body: await response.json() };
    } catch (error) {
      failure = error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }
  }
  throw signal?.aborted ? signal.reason : failure;
}
