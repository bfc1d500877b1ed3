/**
 * @kadr/player-core/videojs — the browser engine behind the controller: video.js as the shell, hls.js
 * (light build) for HLS over MSE, videojs-contrib-eme for encrypted media (ClearKey, Widevine, PlayReady,
 * FairPlay with the SPEC's JSON licence exchange); `createLiveVideoJsAdapter` for channels (live and
 * archive). Import it lazily: it is the heavy part of the player.
 */
export { createVideoJsAdapter, type VideoJsAdapterOptions } from './adapter.js';
export { buildKeySystems, fairPlayLicenseRequest, readCkcMessage } from './drm.js';
export {
  createLiveVideoJsAdapter,
  type ElementReading,
  followTimeline,
  LIVE_SYNC_TARGET_DURATIONS,
  liveHlsConfig,
  type PlaylistReading,
  timelineOfElement,
  timelineOfPlaylist,
} from './live.js';
