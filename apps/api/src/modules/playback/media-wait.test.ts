import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_WAIT_MS, waitForMedia } from './media-wait';

describe('waitForMedia', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers what is ready in time', async () => {
    expect(await waitForMedia(Promise.resolve('meta'), 50)).toBe('meta');
  });

  it('gives up after the wait (MEDIA_WAIT_MS by default), and takes a failure for not ready', async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => {});
    const waiting = waitForMedia(never);
    await vi.advanceTimersByTimeAsync(MEDIA_WAIT_MS - 1);
    let settled = false;
    void waiting.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await waiting).toBeUndefined();
    expect(await waitForMedia(Promise.reject(new Error('ffmpeg failed')), 50)).toBeUndefined();
  });
});
