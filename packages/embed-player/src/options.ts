// The EmbedPlayer's options, state and events (types only: nothing here runs).
import type {
  EmbedCastAvailability,
  EmbedProgramme,
  EmbedQuality,
  EmbedStateChange,
  PlayerStateName,
} from './protocol.js';

/** How the player starts: 'auto' plays as soon as the frame is ready, 'none' waits for the viewer. */
export type EmbedStart = 'none' | 'auto';

/** The options of `new EmbedPlayer(containerId, configUrl, lightConfig, options)` (SPEC §3). */
export interface EmbedPlayerOptions {
  /** The message flag's property name; default 'eump_remote_message'. */
  messageFlag?: string;
  /**
   * The frame's origin: messages are posted to it, and (unless '*') only messages from it are read.
   * Default '*'. Given as a URL, its origin is taken (`https://kadr.example/` → `https://kadr.example`).
   */
  targetOrigin?: string;
  /** Default 'none'. Unset, a restart derives it from the player's state (`saveStateOnChange`). */
  start?: EmbedStart;
  /** On restart, keep playing if the player was playing or showing adverts; default true. */
  saveStateOnChange?: boolean;
  /** Whether the frame shows its own controls; default true. */
  useControls?: boolean;
  /**
   * Whether the page has set up the Cast framework itself (`CastContext.setOptions`); default false: the
   * SDK sets it up with the receiver the frame names in `castavailable`.
   */
  castInited?: boolean;
  /** The partner's own values, passed to the frame (`setenv`'s `partner`). Unset by default. */
  env?: Record<string, unknown>;
  /** 0…1, applied once the frame is ready. Unset by default. */
  volume?: number;
  /** Applied once the frame is ready. Unset by default. */
  muted?: boolean;
  /** The image's URL the Cast receiver shows when the frame names no poster. Unset by default. */
  placeholder?: string;
  /**
   * The frame page's address; the config URL goes in its `config` parameter. Default: our frame page
   * (`/promo/web/embed/`) on the origin of the config being played (a reserve config's, after a switch).
   */
  playerUrl?: string;
  /** How long a command waits for the frame's reply before it rejects, ms; default 10 000. */
  commandTimeoutMs?: number;
}

/** The options with their defaults filled in. */
export type EmbedPlayerResolvedOptions = Required<
  Omit<EmbedPlayerOptions, 'env' | 'volume' | 'muted' | 'placeholder' | 'playerUrl'>
> &
  Pick<EmbedPlayerOptions, 'env' | 'volume' | 'muted' | 'placeholder' | 'playerUrl'>;

/** What the SDK knows of the player (`getState()` returns a copy). */
export interface EmbedPlayerState {
  /** The configuration URL the frame plays. */
  source: string;
  state: PlayerStateName;
  buffering: boolean;
  quality: string | null;
  qualities: EmbedQuality[];
  seekallowed: boolean;
  /** Seconds buffered ahead of the playhead. */
  buffered: number;
  advertsmode: boolean;
  /** Whether the SDK listens to the page's messages (false once destroyed). */
  listenerAttached: boolean;
  ended: boolean;
  /** Seconds; null for a live stream or an unknown length. */
  duration: number | null;
  currentTime: number;
  muted: boolean;
  volume: number;
  /** Whether casting is available (`castavailable` / `castunavailable`). */
  castAvailable: boolean;
}

/** The events `on` subscribes to, with their data; any other name the frame sends gets its raw data. */
export interface EmbedPlayerEvents {
  statechange: EmbedStateChange;
  /** The frame is ready to play (once per frame); the data is the state. */
  ready: EmbedPlayerState;
  advertsmodechange: { adverts: boolean };
  /** The frame offered casting and the page's Cast framework is set up for it. */
  castavailable: EmbedCastAvailability;
  /** Casting is unavailable: the frame said so, or the page has no Cast API, or the offer was unusable. */
  castunavailable: undefined;
  currentprogramme: EmbedProgramme;
}
