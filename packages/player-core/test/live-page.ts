/**
 * The browser side of the live run: the real channel controller driving the live video.js adapter,
 * bundled by live-fixture.ts. The test reads `window.kadrChannel` from Playwright.
 */
import {
  type ChannelController,
  createChannelController,
  type PlayerChannel,
  selectProgrammeOnAir,
  type TimedProgramme,
} from '@kadr/player-core';
import { createLiveVideoJsAdapter } from '@kadr/player-core/videojs';

declare global {
  interface Window {
    kadrChannel?: {
      controller: ChannelController;
      adapterEvents: string[];
      /** How many times the adapter factory ran (a channel switch keeps the adapter). */
      adapters: number;
    };
    startKadrChannel(options: {
      channel: PlayerChannel;
      isBought: boolean;
      previewTimer?: number;
    }): Promise<void>;
    /** The programme on air at the playhead, by `selectProgrammeOnAir`. */
    kadrProgrammeOnAir(schedule: TimedProgramme[]): TimedProgramme | null;
  }
}

window.startKadrChannel = async ({ channel, isBought, previewTimer }) => {
  const container = document.getElementById('player');
  if (!container) throw new Error('no #player');
  const adapterEvents: string[] = [];
  const state = { controller: null as unknown as ChannelController, adapterEvents, adapters: 0 };
  state.controller = createChannelController({
    goods: { is_bought: isBought },
    channel,
    // What getReleaseChannel answers: the broadcast, or with archive_start the programme as VOD.
    loadChannel: async ({ streamId, archiveStart }) => ({
      stream: {
        stream_url: `${location.origin}/${archiveStart ? 'archive' : 'live'}/${streamId}/master.m3u8`,
      },
      drm: null,
      preview_timer: previewTimer ?? null,
    }),
    adapterFactory: () => {
      state.adapters += 1;
      const adapter = createLiveVideoJsAdapter(container);
      // Headless Chromium has no user gesture here: muted playback is always allowed.
      adapter.setMuted(true);
      adapter.on('error', (error) => adapterEvents.push(`error:${error.code}:${error.message}`));
      adapter.on('playing', () => adapterEvents.push('playing'));
      return adapter;
    },
  });
  window.kadrChannel = state;
  await state.controller.play();
};

window.kadrProgrammeOnAir = (schedule) =>
  selectProgrammeOnAir(window.kadrChannel?.controller.getSnapshot().live, schedule, Date.now());
