// The heavy half of the player, loaded with a dynamic import only when playback starts (player-engine.ts).
import { createPlayerController } from '@kadr/player-core';
import { createVideoJsAdapter } from '@kadr/player-core/videojs';
import type { PlayerEngine } from './player-engine';

/** player-core's controller over a video.js + hls.js adapter mounted in the block's video host. */
export const videoJsEngine: PlayerEngine = {
  createController: ({ host, ...options }) =>
    createPlayerController({ ...options, adapterFactory: () => createVideoJsAdapter(host) }),
};
