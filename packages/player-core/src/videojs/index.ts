/**
 * @kadr/player-core/videojs — the browser engine behind the controller: video.js as the shell, hls.js
 * (light build) for HLS over MSE, videojs-contrib-eme for encrypted media (ClearKey, Widevine, PlayReady,
 * FairPlay with the SPEC's JSON licence exchange). Import it lazily: it is the heavy part of the player.
 */
export { createVideoJsAdapter, type VideoJsAdapterOptions } from './adapter.js';
export { buildKeySystems, fairPlayLicenseRequest, readCkcMessage } from './drm.js';
