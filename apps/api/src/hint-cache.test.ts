import { describe, expect, it, vi } from 'vitest';
import { HintCache } from './hint-cache';

function setup(maxEntries = 2, ttlMs = 1000) {
  let ms = 0;
  const clock = { now: () => new Date(ms), advance: (seconds: number) => (ms += seconds * 1000) };
  const cache = new HintCache<string>(clock, { maxEntries, ttlMs });
  return { clock, cache };
}

describe('HintCache', () => {
  it('computes a value once while it is fresh', async () => {
    const { cache } = setup();
    const compute = vi.fn(async () => 'v');
    expect(await cache.get('k', compute)).toBe('v');
    expect(await cache.get('k', compute)).toBe('v');
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('computes again once the entry expired', async () => {
    const { cache, clock } = setup();
    const compute = vi.fn(async () => 'v');
    await cache.get('k', compute);
    clock.advance(1);
    await cache.get('k', compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('shares one computation between concurrent misses', async () => {
    const { cache } = setup();
    const compute = vi.fn(async () => 'v');
    expect(await Promise.all([cache.get('k', compute), cache.get('k', compute)])).toEqual(['v', 'v']);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('drops the least recently used entry beyond the limit', async () => {
    const { cache } = setup(2);
    const compute = vi.fn(async () => 'v');
    await cache.get('a', compute);
    await cache.get('b', compute);
    await cache.get('a', compute);
    await cache.get('c', compute);
    await cache.get('a', compute);
    expect(compute).toHaveBeenCalledTimes(3);
    await cache.get('b', compute);
    expect(compute).toHaveBeenCalledTimes(4);
  });

  it('does not keep a failure', async () => {
    const { cache } = setup();
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 'v')).toBe('v');
  });

  it('keeps nothing with a limit of 0', async () => {
    const { cache } = setup(0);
    await cache.get('k', async () => 'v');
    expect(cache.size).toBe(0);
  });

  it('does not remember a computation that was under way when it was cleared', async () => {
    const { cache } = setup();
    let finish: (value: string) => void = () => {};
    const stale = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish('old');
    expect(await stale).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('does not join a computation that was under way when it was cleared', async () => {
    const { cache } = setup();
    let finish: (value: string) => void = () => {};
    const stale = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    const fresh = cache.get('k', async () => 'new');
    finish('old');
    expect(await Promise.all([stale, fresh])).toEqual(['old', 'new']);
  });
});
