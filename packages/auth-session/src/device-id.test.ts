import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDeviceId, createMemoryStorage, getOrCreateDeviceUid, StorageKey } from './index.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createDeviceId', () => {
  it('is web_ followed by 16 letters or digits', () => {
    expect(createDeviceId()).toMatch(/^web_[A-Za-z0-9]{16}$/);
  });

  it('gives a different id each time', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => createDeviceId()));
    expect(ids.size).toBe(1000);
  });

  it('maps the random source onto A-Z, a-z, 0-9', () => {
    let i = 0;
    const sequence = [0, 25, 26, 51, 52, 61];
    expect(createDeviceId(() => sequence[i++ % sequence.length]!)).toBe('web_AZaz09AZaz09AZaz');
  });

  it('asks the random source for indexes below 62', () => {
    const randomInt = vi.fn((_max: number) => 0);
    createDeviceId(randomInt);
    expect(randomInt).toHaveBeenCalledTimes(16);
    expect(randomInt.mock.calls.every(([max]) => max === 62)).toBe(true);
  });

  it('throws away random bytes that would bias the modulo', () => {
    // 248 = 4 × 62: bytes 248..255 are rejected, so 250 is skipped and 1 gives 'B'.
    const bytes = [250, 1, ...Array(15).fill(0)];
    vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
      (array as Uint8Array)[0] = bytes.shift()!;
      return array;
    });
    expect(createDeviceId()).toBe(`web_B${'A'.repeat(15)}`);
  });

  it('draws every character about equally often', () => {
    const counts = new Map<string, number>();
    for (let n = 0; n < 2000; n += 1) {
      for (const c of createDeviceId().slice(4)) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    // 32 000 draws over 62 characters: about 516 each; a biased source would skew the low ones.
    expect(counts.size).toBe(62);
    for (const count of counts.values()) expect(count).toBeGreaterThan(380);
  });
});

describe('getOrCreateDeviceUid', () => {
  it('creates and stores an id on first use', () => {
    const storage = createMemoryStorage();
    const id = getOrCreateDeviceUid(storage);
    expect(id).toMatch(/^web_[A-Za-z0-9]{16}$/);
    expect(storage.getItem(StorageKey.deviceUid)).toBe(id);
  });

  it('returns the stored id afterwards', () => {
    const storage = createMemoryStorage({ device_uid: 'web_storedstoredstor' });
    expect(getOrCreateDeviceUid(storage)).toBe('web_storedstoredstor');
  });
});
