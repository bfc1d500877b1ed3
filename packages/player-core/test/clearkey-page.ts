/**
 * The browser side of the ClearKey run: the real controller driving the real video.js adapter, bundled
 * by clearkey-fixture.ts. The test reads `window.kadrPlayer` from Playwright.
 */
import { createPlayerController, type PlayerController, type PlayerRelease } from '@kadr/player-core';
import { createVideoJsAdapter } from '@kadr/player-core/videojs';

declare global {
  interface Window {
    kadrPlayer?: { controller: PlayerController; adapterEvents: string[] };
    startKadrPlayer(release: PlayerRelease): Promise<void>;
    startKadrRenewingPlayer(renewPath?: string): Promise<void>;
  }
}

window.startKadrPlayer = async (release) => {
  const container = document.getElementById('player');
  if (!container) throw new Error('no #player');
  const adapterEvents: string[] = [];
  const controller = createPlayerController({
    contentKind: 'film',
    goods: { is_bought: true },
    release,
    loadRelease: async () => release,
    adapterFactory: () => {
      const adapter = createVideoJsAdapter(container);
      // Headless Chromium has no user gesture here: muted playback is always allowed.
      adapter.setMuted(true);
      adapter.on('error', (error) => adapterEvents.push(`error:${error.code}:${error.message}`));
      adapter.on('playing', () => adapterEvents.push('playing'));
      return adapter;
    },
  });
  window.kadrPlayer = { controller, adapterEvents };
  await controller.play();
};

/**
 * A buyer's film whose grant the fixture renews (`GET /renew`, or `/renew-clearkey`: the next grant's
 * release, `expires_in` 30 s), with the controller's timers ten times faster — a renewal every second —
 * and a short buffer, so segments (and their licences) keep being fetched across renewals
 * (docs/decisions/022).
 */
window.startKadrRenewingPlayer = async (renewPath = '/renew') => {
  const container = document.getElementById('player');
  if (!container) throw new Error('no #player');
  const adapterEvents: string[] = [];
  const renew = async () => (await (await fetch(renewPath)).json()) as PlayerRelease;
  const controller = createPlayerController({
    contentKind: 'film',
    goods: { is_bought: true },
    release: await renew(),
    loadRelease: renew,
    clock: {
      setInterval: (callback, ms) => setInterval(callback, ms / 10),
      clearInterval: (handle) => clearInterval(handle as number),
    },
    adapterFactory: () => {
      const adapter = createVideoJsAdapter(container, {
        hlsConfig: { maxBufferLength: 2, maxMaxBufferLength: 3 },
      });
      adapter.setMuted(true);
      adapter.on('error', (error) => adapterEvents.push(`error:${error.code}:${error.message}`));
      adapter.on('playing', () => adapterEvents.push('playing'));
      return adapter;
    },
  });
  window.kadrPlayer = { controller, adapterEvents };
  await controller.play();
};
