/**
 * @kadr/player-core — the React-free play logic of the Kadr player (SPEC §4, §6, §8, §9): preview and
 * trial countdown, final and install paywalls, the expired-preview watchdog, the non-buyer seek guard,
 * buyer controls, episode changes and next-episode, error codes for MOVIE_STARTED_ERROR. The rules are a
 * pure `reduce(state, event)`; `createPlayerController` runs it over an adapter. The video engine
 * (video.js + hls.js + EME) lives in the separate entry `@kadr/player-core/videojs`.
 */
export { createPlayerController } from './controller.js';
export { resolvePreviewSeconds } from './preview.js';
export {
  COUNTDOWN_TICK_MS,
  ENGINE_NUDGE_SECONDS,
  initialPlayerState,
  MIN_RENEWAL_MS,
  type PlayerStateOptions,
  PREVIEW_CUT_TOLERANCE_SECONDS,
  reduce,
} from './reducer.js';
export {
  type IntentQueueKey,
  type IntentStamp,
  selectAdapterReady,
  selectIntentQueueKey,
  selectIntentStamp,
  selectKeyIntent,
  selectNeighbours,
  selectPaywall,
  selectSnapshot,
  selectWaitingIntentApplies,
} from './selectors.js';
export { createSourceRenewal, type SourceRenewal } from './source-renewal.js';
export type {
  PlayerAccess,
  PlayerAdapterFact,
  PlayerEffect,
  PlayerEvent,
  PlayerFact,
  PlayerIntent,
  PlayerLoad,
  PlayerLoadStep,
  PlayerOutput,
  PlayerPreview,
  PlayerResultFact,
  PlayerSetup,
  PlayerState,
  PlayerStream,
  PlayerTimer,
  PlayerTimerFact,
  PlayerTransition,
} from './state.js';
export {
  type ContentKind,
  type PaywallState,
  PLAYBACK_RATES,
  type PlaybackRate,
  type PlayerAnalytics,
  type PlayerClock,
  type PlayerConfig,
  type PlayerController,
  type PlayerControllerOptions,
  type PlayerDrm,
  type PlayerDrmType,
  type PlayerEpisode,
  type PlayerError,
  type PlayerErrorCode,
  type PlayerGoods,
  type PlayerKey,
  type PlayerPhase,
  type PlayerQuality,
  type PlayerRelease,
  type PlayerSnapshot,
  PREVIEW_WATCHDOG_MS,
  type PreviewDefaults,
  SEEK_STEP_SECONDS,
  type VideoAdapter,
  type VideoAdapterError,
  type VideoAdapterEvent,
  type VideoAdapterEvents,
  type VideoAdapterFactory,
  type VideoSource,
} from './types.js';
