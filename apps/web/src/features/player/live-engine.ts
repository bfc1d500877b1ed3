// The heavy half of the channel player, loaded with a dynamic import when a channel plays (channel-engine.ts).
import { createChannelController, selectProgrammeOnAir } from '@kadr/player-core';
import { createLiveVideoJsAdapter } from '@kadr/player-core/videojs';
import type { ChannelEngine } from './channel-engine';

/** player-core's channel controller over the live video.js + hls.js adapter mounted in the slot's host. */
export const liveEngine: ChannelEngine = {
  createChannelController: ({ host, ...options }) =>
    createChannelController({ ...options, adapterFactory: () => createLiveVideoJsAdapter(host) }),
  programmeOnAir: selectProgrammeOnAir,
};

// The content engine's chunk is the channel engine's base: what both use stays in that one chunk (the
// watch page loads no second chunk of shared player code, nor its exports).
export { videoJsEngine } from './videojs-engine';
