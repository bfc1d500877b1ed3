// @kadr/embed-player: embed the Kadr player on a partner page (README.md).
export { EmbedPlayer } from './embed-player.js';
export { decodeLightConfig, type LightConfig, type LightLog } from './light-config.js';
export {
  LIGHT_PERIOD,
  LIGHT_TIMEOUT,
  type LightService,
  type LightServiceOptions,
  type LightTarget,
  startLightService,
} from './light-service.js';
export type {
  EmbedPlayerEvents,
  EmbedPlayerOptions,
  EmbedPlayerResolvedOptions,
  EmbedPlayerState,
  EmbedStart,
} from './options.js';
export {
  DEFAULT_MESSAGE_FLAG,
  type EmbedCastAction,
  type EmbedCastAvailability,
  type EmbedCastMedia,
  type EmbedCommandName,
  type EmbedCommands,
  type EmbedEnv,
  type EmbedEventName,
  type EmbedEvents,
  type EmbedProgramme,
  type EmbedQuality,
  type EmbedStateChange,
  type PlayerStateName,
  SDK_VERSION,
} from './protocol.js';
