// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createVideoJsAdapter } from './adapter.js';

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

  it('keeps video.js’s control bar when asked for it', () => {
    const host = container();
    const adapter = createVideoJsAdapter(host, { controls: true });
    expect(host.querySelector('.vjs-control-bar')).not.toBeNull();
    adapter.destroy();
  });
});
