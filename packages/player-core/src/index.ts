/**
 * @kadr/player-core — the React-free play logic of the Kadr player (SPEC §4, §6, §8, §9): preview and
 * trial countdown, final and install paywalls, the expired-preview watchdog, the non-buyer seek guard,
 * buyer controls, episode changes and next-episode, error codes for MOVIE_STARTED_ERROR; live channels
 * and their archive (DVR window, «В эфир», program date-time, the programme on air, channel switching).
 * The rules are a pure `reduce(state, event)` (and `reduceLive` over it for channels);
 * `createPlayerController` and `createChannelController` run them over an adapter. The video engine
 * (video.js + hls.js + EME) lives in the separate entry `@kadr/player-core/videojs`.
 */
export { createChannelController } from './channel-controller.js';
export { createPlayerController } from './controller.js';
export {
  type ChannelStateOptions,
  channelRelease,
  initialChannelState,
  reduceLive,
} from './live-rules.js';
export {
  selectChannelSnapshot,
  selectLive,
  selectProgrammeOnAir,
  selectWallClock,
  type TimedProgramme,
} from './live-selectors.js';
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
  ChannelEvent,
  ChannelIntent,
  LiveFact,
  LiveIntent,
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
  ReleaseRequest,
} from './state.js';
export {
  DEFAULT_TARGET_DURATION_SECONDS,
  isAtLiveEdge,
  LIVE_EDGE_TOLERANCE_TARGET_DURATIONS,
} from './timeline.js';
export {
  type ChannelController,
  type ChannelControllerOptions,
  type ChannelSnapshot,
  type ContentKind,
  GO_LIVE_LABEL,
  type PaywallState,
  PLAYBACK_RATES,
  type PlaybackRate,
  type PlayerAnalytics,
  type PlayerChannel,
  type PlayerChannelRelease,
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
  type PlayerLiveSnapshot,
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
  type VideoTimeline,
} from './types.js';
