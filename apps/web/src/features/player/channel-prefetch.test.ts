import type { PlayerChannel, PlayerChannelRelease } from '@kadr/player-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChannelPrefetch } from './channel-prefetch';

const grant = (streamId: number, expires_in: number | null = 300): PlayerChannelRelease => ({
  stream: { stream_url: `/media/channel/g${streamId}/master.m3u8` },
  drm: null,
  preview_timer: null,
  ...(expires_in === null ? {} : { expires_in }),
});

const live = (streamId: number): PlayerChannel => ({ streamId, archiveStart: null });

/** A getReleaseChannel that records its calls and answers each with the channel's grant. */
function api(expiresIn: number | null = 300) {
  const calls: { streamId: number; signal: AbortSignal }[] = [];
  const load = vi.fn((channel: PlayerChannel, signal: AbortSignal) => {
    calls.push({ streamId: channel.streamId, signal });
    return Promise.resolve(grant(channel.streamId, expiresIn));
  });
  return { calls, load };
}

describe('createChannelPrefetch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks once for each channel kept, and hands its grant out once', async () => {
    const { calls, load } = api();
    const prefetch = createChannelPrefetch(load, Date.now);
    prefetch.keep([2, 3]);
    prefetch.keep([2, 3]);
    expect(calls.map((call) => call.streamId)).toEqual([2, 3]);
    await vi.advanceTimersByTimeAsync(0);
    await expect(prefetch.take(live(2))).resolves.toEqual(grant(2));
    // Taken: the next change to it asks the api.
    expect(prefetch.take(live(2))).toBeNull();
    // Never a programme of the archive, never a channel not kept.
    expect(prefetch.take({ streamId: 3, archiveStart: '2026-11-27T09:00:00Z' })).toBeNull();
    expect(prefetch.take(live(4))).toBeNull();
  });

  it('counts a grant’s expires_in from when it was asked, and refuses one past a third of its life', async () => {
    const { load } = api(300);
    const prefetch = createChannelPrefetch(load, Date.now);
    prefetch.keep([2, 3]);
    await vi.advanceTimersByTimeAsync(40_000);
    await expect(prefetch.take(live(2))).resolves.toMatchObject({ expires_in: 260 });
    // Past 100 s of 300 the grant is asked for afresh (while still kept), and that one is handed out.
    await vi.advanceTimersByTimeAsync(61_000);
    await expect(prefetch.take(live(3))).resolves.toMatchObject({ expires_in: 299 });
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('hands out a grant still in flight: the change joins the request', async () => {
    let answer: (release: PlayerChannelRelease) => void = () => {};
    const load = vi.fn(
      () =>
        new Promise<PlayerChannelRelease>((resolve) => {
          answer = resolve;
        }),
    );
    const prefetch = createChannelPrefetch(load, Date.now);
    prefetch.keep([2]);
    const taken = prefetch.take(live(2));
    answer(grant(2));
    await expect(taken).resolves.toEqual(grant(2));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps no grant without expires_in (a live preview) and no failed answer', async () => {
    const preview = createChannelPrefetch(api(null).load, Date.now);
    preview.keep([2]);
    await vi.advanceTimersByTimeAsync(0);
    expect(preview.take(live(2))).toBeNull();

    const failing = createChannelPrefetch(() => Promise.reject(new Error('500')), Date.now);
    failing.keep([2]);
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.take(live(2))).toBeNull();
  });

  it('drops and aborts the channels no longer kept, and everything on clear, with no refresh after', async () => {
    const { calls, load } = api(300);
    const prefetch = createChannelPrefetch(load, Date.now);
    prefetch.keep([2, 3]);
    prefetch.keep([3, 4]);
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls[1]?.signal.aborted).toBe(false);
    expect(prefetch.take(live(2))).toBeNull();
    prefetch.clear();
    expect(calls.every((call) => call.signal.aborted)).toBe(true);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(prefetch.take(live(3))).toBeNull();
  });
});
