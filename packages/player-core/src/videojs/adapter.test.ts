// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVideoJsAdapter } from './adapter.js';
import { Hls } from './hls-light.js';

/** Controls a keyboard or a screen reader reaches inside the player, besides the player and its video. */
function exposed(container: HTMLElement): string[] {
  return [...container.querySelectorAll('.video-js [tabindex], .video-js button, .video-js [role]')]
    .filter((element) => element.tagName !== 'VIDEO' && !element.closest('[aria-hidden="true"]'))
    .map((element) => element.outerHTML.slice(0, 80));
}

describe('createVideoJsAdapter: video.js UI', () => {
  const containers: HTMLElement[] = [];
  afterEach(() => {
    for (const container of containers.splice(0)) container.remove();
  });
  function container(): HTMLElement {
    const element = document.createElement('div');
    document.body.appendChild(element);
    containers.push(element);
    return element;
  }

  it('makes none of video.js’s own controls when the app draws them (the default)', () => {
    const host = container();
    const adapter = createVideoJsAdapter(host);
    expect(host.querySelector('video')).not.toBeNull();
    expect(host.querySelector('.vjs-control-bar, .vjs-modal-dialog, .vjs-loading-spinner')).toBeNull();
    expect(exposed(host)).toEqual([]);
    adapter.destroy();
  });

  it('adds no region of its own (video.js names one "Video Player", in English, inside the app’s player)', () => {
    const host = container();
    const adapter = createVideoJsAdapter(host);
    expect(host.querySelector('[role="region"], [aria-label]')).toBeNull();
    adapter.destroy();
  });

  it('keeps video.js’s control bar when asked for it', () => {
    const host = container();
    const adapter = createVideoJsAdapter(host, { controls: true });
    expect(host.querySelector('.vjs-control-bar')).not.toBeNull();
    adapter.destroy();
  });
});

describe('createVideoJsAdapter: one hls.js engine from load to load', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  /** jsdom has no MSE: hls.js is said to be supported, and its attach and loads are recorded, not run. */
  function fakeHls() {
    vi.spyOn(Hls, 'isSupported').mockReturnValue(true);
    const engines: Hls[] = [];
    const attach = vi.spyOn(Hls.prototype, 'attachMedia').mockImplementation(function (this: Hls) {
      engines.push(this);
    });
    const loads = vi.spyOn(Hls.prototype, 'loadSource').mockImplementation(() => {});
    const destroys = vi.spyOn(Hls.prototype, 'destroy');
    const parsed = (engine: Hls) => engine.trigger(Hls.Events.MANIFEST_PARSED, { levels: [] } as never);
    return { engines, attach, loads, destroys, parsed };
  }

  it('a second source (a channel switch) goes to the same engine, attached once', async () => {
    const fake = fakeHls();
    const host = document.createElement('div');
    document.body.appendChild(host);
    const adapter = createVideoJsAdapter(host);
    const first = adapter.load({ url: 'https://cdn.test/1/master.m3u8', drm: null });
    const [engine] = fake.engines;
    if (!engine) throw new Error('no engine');
    fake.parsed(engine);
    await first;
    const second = adapter.load({ url: 'https://cdn.test/2/master.m3u8', drm: null });
    fake.parsed(engine);
    await second;
    expect(fake.attach).toHaveBeenCalledTimes(1);
    expect(fake.loads.mock.calls).toEqual([
      ['https://cdn.test/1/master.m3u8'],
      ['https://cdn.test/2/master.m3u8'],
    ]);
    expect(fake.destroys).not.toHaveBeenCalled();
    adapter.destroy();
    expect(fake.destroys).toHaveBeenCalledTimes(1);
  });

  it('an engine that failed for good is replaced at the next load', async () => {
    const fake = fakeHls();
    const host = document.createElement('div');
    document.body.appendChild(host);
    const adapter = createVideoJsAdapter(host);
    const first = adapter.load({ url: 'https://cdn.test/1/master.m3u8', drm: null });
    const [engine] = fake.engines;
    if (!engine) throw new Error('no engine');
    engine.trigger(Hls.Events.ERROR, {
      type: Hls.ErrorTypes.NETWORK_ERROR,
      details: Hls.ErrorDetails.MANIFEST_LOAD_ERROR,
      fatal: true,
    } as never);
    await expect(first).rejects.toMatchObject({ code: 'MEDIA_NETWORK' });
    const second = adapter.load({ url: 'https://cdn.test/1/master.m3u8', drm: null });
    expect(fake.engines).toHaveLength(2);
    expect(fake.destroys).toHaveBeenCalledTimes(1);
    fake.parsed(fake.engines[1] as Hls);
    await second;
    adapter.destroy();
  });
});
