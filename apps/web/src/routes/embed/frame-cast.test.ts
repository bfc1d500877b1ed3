import type { PlayerSnapshot } from '@kadr/player-core';
import { describe, expect, it, vi } from 'vitest';
import { castable, type FrameCast, promptCast, watchCast } from './frame-cast';

const playing = (release: PlayerSnapshot['release']) => ({ release }) as unknown as PlayerSnapshot;
const CLEAR = { content_url: '/media/play/g/master.m3u8', drm: null, preview_timer: null };

/** A video whose `remote` is a scriptable stand-in for the browser's RemotePlayback. */
function videoWithRemote(watch: 'supported' | 'unsupported' = 'supported') {
  const remote = new EventTarget() as EventTarget & {
    state: RemotePlaybackState;
    watchAvailability: ReturnType<typeof vi.fn>;
    cancelWatchAvailability: ReturnType<typeof vi.fn>;
    prompt: ReturnType<typeof vi.fn>;
  };
  let callback: ((available: boolean) => void) | undefined;
  remote.state = 'disconnected';
  remote.watchAvailability = vi.fn(async (cb: (available: boolean) => void) => {
    if (watch === 'unsupported') throw new DOMException('no', 'NotSupportedError');
    callback = cb;
    return 7;
  });
  remote.cancelWatchAvailability = vi.fn(async () => {});
  remote.prompt = vi.fn(async () => {});
  const video = document.createElement('video');
  Object.defineProperty(video, 'remote', { value: remote });
  /** The browser: devices come and go; a connection moves through its states. */
  const browser = {
    devices: (available: boolean) => callback?.(available),
    state: (state: RemotePlaybackState) => {
      remote.state = state;
      remote.dispatchEvent(
        new Event(state === 'connected' ? 'connect' : state === 'connecting' ? 'connecting' : 'disconnect'),
      );
    },
  };
  return { video, remote, browser };
}

describe('castable', () => {
  it('is what plays without DRM: nothing before a release, nothing with DRM', () => {
    expect(castable(playing(CLEAR))).toBe(true);
    expect(castable(null)).toBe(false);
    expect(castable(playing(null))).toBe(false);
    const drm = { type: 'widevine', license_url: 'https://kadr.example/licence' } as never;
    expect(castable(playing({ ...CLEAR, drm }))).toBe(false);
  });
});

describe('watchCast', () => {
  it("follows the browser's devices and the connection of the frame's own video", async () => {
    const { video, browser } = videoWithRemote();
    const seen: FrameCast[] = [];
    const stop = watchCast(video, (cast) => seen.push(cast));
    await vi.waitFor(() => expect(video.remote.watchAvailability).toHaveBeenCalled());
    browser.devices(true);
    browser.state('connecting');
    browser.state('connected');
    browser.state('disconnected');
    expect(seen).toEqual([
      { available: false, casting: false },
      { available: true, casting: false },
      { available: true, casting: true },
      { available: true, casting: true },
      { available: true, casting: false },
    ]);
    stop();
    browser.devices(false);
    browser.state('connected');
    expect(seen).toHaveLength(5);
    await vi.waitFor(() => expect(video.remote.cancelWatchAvailability).toHaveBeenCalledWith(7));
  });

  it('offers nothing where the browser cannot watch for devices, or has no Remote Playback', async () => {
    const { video } = videoWithRemote('unsupported');
    const seen: FrameCast[] = [];
    watchCast(video, (cast) => seen.push(cast));
    await vi.waitFor(() => expect(video.remote.watchAvailability).toHaveBeenCalled());
    await Promise.resolve();
    expect(seen).toEqual([{ available: false, casting: false }]);
    const plain = document.createElement('video');
    Object.defineProperty(plain, 'remote', { value: undefined });
    const onChange = vi.fn();
    watchCast(plain, onChange)();
    watchCast(null, onChange)();
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('promptCast', () => {
  it("opens the browser's picker for the frame's video; a closed picker is no error", async () => {
    const { video, remote } = videoWithRemote();
    await promptCast(video);
    expect(remote.prompt).toHaveBeenCalledOnce();
    remote.prompt.mockRejectedValueOnce(new DOMException('closed', 'NotAllowedError'));
    await expect(promptCast(video)).resolves.toBeUndefined();
    await expect(promptCast(null)).resolves.toBeUndefined();
  });
});
