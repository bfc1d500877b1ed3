import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchJson } from './request.js';

const answer = (status: number, body: unknown) =>
  ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response;
const hang = (_: unknown, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) =>
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
  );

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('fetchJson', () => {
  it('GETs without payload or headers and returns the status and JSON body', async () => {
    const fetch = vi.fn(async () => answer(200, { result: { lock: true } }));
    await expect(fetchJson(['https://a.example/s'], { fetch })).resolves.toEqual({
      status: 200,
      body: { result: { lock: true } },
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://a.example/s');
    expect(Object.keys(init)).toEqual(['signal']);
  });

  it('tries the URLs in random order until one answers OK', async () => {
    const asked: string[] = [];
    const fetch = vi.fn(async (url: string) => {
      asked.push(url);
      if (url === 'c') throw new TypeError('network');
      return url === 'a' ? answer(200, 'A') : answer(500, null);
    });
    // random 0 → each step swaps the last with the first: [a, b, c] → [c, b, a] → [b, c, a].
    await expect(fetchJson(['a', 'b', 'c'], { fetch, random: () => 0 })).resolves.toEqual({
      status: 200,
      body: 'A',
    });
    expect(asked).toEqual(['b', 'c', 'a']);
    asked.length = 0;
    // random near 1 → no swaps: the given order.
    await fetchJson(['a', 'b', 'c'], { fetch, random: () => 0.99 });
    expect(asked).toEqual(['a']);
  });

  it('throws the last failure, with the status of a response not OK', async () => {
    const fetch = vi.fn(async () => answer(503, null));
    await expect(fetchJson(['a'], { fetch })).rejects.toMatchObject({ message: 'HTTP 503', status: 503 });
    await expect(fetchJson([], { fetch })).rejects.toThrow('no URL');
  });

  it('aborts a request after its time-out and tries the next', async () => {
    const signals: AbortSignal[] = [];
    const fetch = vi.fn((url: string, init?: RequestInit) => {
      signals.push(init!.signal!);
      return url === 'slow' ? hang(url, init) : Promise.resolve(answer(200, 'fast'));
    });
    const result = fetchJson(['slow', 'fast'], { fetch, timeoutMs: 10_000, random: () => 0.99 });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(signals[0]?.aborted).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals[0]?.aborted).toBe(true);
    await expect(result).resolves.toEqual({ status: 200, body: 'fast' });
    await expect(
      Promise.all([fetchJson(['slow'], { fetch, timeoutMs: 100 }), vi.advanceTimersByTimeAsync(100)]),
    ).rejects.toThrow('time-out');
  });

  it('stops with its signal: the request in flight aborted, no other tried', async () => {
    const fetch = vi.fn(hang);
    const controller = new AbortController();
    const result = fetchJson(['a', 'b'], { fetch, signal: controller.signal });
    controller.abort(new Error('stopped'));
    await expect(result).rejects.toThrow('stopped');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
