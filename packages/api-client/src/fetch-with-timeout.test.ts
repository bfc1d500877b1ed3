import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../test/test-server.js';
import { fetchWithTimeout } from './index.js';

const URLS = ['https://a.test/', 'https://b.test/', 'https://c.test/'];

/** A fetch that answers per URL and records the order; `hang` never answers but honours abort. */
function setup(answers: Record<string, 'ok' | 'not-ok' | 'hang' | Error>) {
  const tried: string[] = [];
  const fetchImpl = vi.fn((input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    tried.push(url);
    const answer = answers[url];
    if (answer instanceof Error) return Promise.reject(answer);
    if (answer === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    }
    return Promise.resolve(new Response(url, { status: answer === 'ok' ? 200 : 503 }));
  }) as unknown as typeof fetch;
  return { tried, fetchImpl };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('fetchWithTimeout', () => {
  it('returns the first OK answer', async () => {
    const { fetchImpl, tried } = setup({
      'https://a.test/': 'not-ok',
      'https://b.test/': 'ok',
      'https://c.test/': 'ok',
    });
    const response = await fetchWithTimeout(URLS, {}, fetchImpl, () => 0.99);
    expect(await response.text()).toBe(tried.at(-1));
    expect(response.ok).toBe(true);
  });

  it('tries the URLs in the order the random source gives', async () => {
    const all = {
      'https://a.test/': 'not-ok',
      'https://b.test/': 'not-ok',
      'https://c.test/': 'not-ok',
    } as const;
    const first = setup(all);
    await fetchWithTimeout(URLS, {}, first.fetchImpl, () => 0).catch(() => undefined);
    const second = setup(all);
    await fetchWithTimeout(URLS, {}, second.fetchImpl, () => 0.99).catch(() => undefined);
    // Fisher–Yates: r = 0 rotates [a, b, c] to [b, c, a]; r → 1 keeps the order.
    expect(first.tried).toEqual(['https://b.test/', 'https://c.test/', 'https://a.test/']);
    expect(second.tried).toEqual(URLS);
  });

  it('counts non-OK answers as failures and throws the aggregated SPEC message', async () => {
    const { fetchImpl } = setup({ 'https://a.test/': 'not-ok', 'https://b.test/': 'not-ok' });
    await expect(fetchWithTimeout(URLS.slice(0, 2), {}, fetchImpl, () => 0.99)).rejects.toThrow(
      new Error('All urls fetchWithTimeout failed: response not ok, response not ok'),
    );
  });

  it('aborts a request after its time-out and moves on', async () => {
    vi.useFakeTimers();
    const { fetchImpl, tried } = setup({ 'https://a.test/': 'hang', 'https://b.test/': 'ok' });
    const result = fetchWithTimeout(URLS.slice(0, 2), { timeoutMs: 500 }, fetchImpl, () => 0.99);
    await vi.advanceTimersByTimeAsync(499);
    expect(tried).toEqual(['https://a.test/']);
    await vi.advanceTimersByTimeAsync(1);
    expect((await result).ok).toBe(true);
    expect(tried).toEqual(['https://a.test/', 'https://b.test/']);
  });

  it('lists time-outs, thrown errors and non-OK answers in the order tried', async () => {
    vi.useFakeTimers();
    const { fetchImpl } = setup({
      'https://a.test/': 'hang',
      'https://b.test/': new TypeError('fetch failed'),
      'https://c.test/': 'not-ok',
    });
    const result = fetchWithTimeout(URLS, { timeoutMs: 100 }, fetchImpl, () => 0.99);
    const assertion = expect(result).rejects.toThrow(
      'All urls fetchWithTimeout failed: timeout 100 ms, fetch failed, response not ok',
    );
    await vi.advanceTimersByTimeAsync(100);
    await assertion;
  });

  it('stops when the caller aborts', async () => {
    const { fetchImpl, tried } = setup({ 'https://a.test/': 'hang', 'https://b.test/': 'ok' });
    const controller = new AbortController();
    const result = fetchWithTimeout(URLS.slice(0, 2), { signal: controller.signal }, fetchImpl, () => 0.99);
    controller.abort(new Error('gone'));
    await expect(result).rejects.toThrow('gone');
    expect(tried).toEqual(['https://a.test/']);
  });

  it('works with the real fetch against a local server', async () => {
    const server = await startTestServer((req) => ({ status: req.url === '/ok' ? 200 : 500, body: req.url }));
    try {
      const response = await fetchWithTimeout([`${server.url}/bad`, `${server.url}/ok`], { timeoutMs: 2000 });
      expect(await response.text()).toBe('/ok');
    } finally {
      await server.close();
    }
  });
});
