// The messages between a partner page (the SDK) and our frame player (apps/web's embed page), SPEC §7
// «Player component calls»: one file for both sides, so a message one sends is a message the other reads.
// Every message is a plain JSON object posted with `postMessage`: `event`, `data`, and the message flag
// (a property named by the `messageFlag` option, true) that tells our messages from a page's others.

/** The SDK's version (SPEC §9), sent to the frame with `setenv`. */
export const SDK_VERSION = '1.2.0';

/** The message flag's default property name (SPEC §3 player component options). */
export const DEFAULT_MESSAGE_FLAG = 'eump_remote_message';

/** Where the frame page lives on our origin: the SDK's default `playerUrl`, against the config URL's origin. */
export const EMBED_PAGE_PATH = '/promo/web/embed/';

/**
 * The frame page's address for a config: `playerUrl?config=<config URL>`, and `&flag=<name>` when the
 * message flag is not the default (the frame must mark its messages with the partner's flag).
 */
export function framePageUrl(playerUrl: string, configUrl: string, flag: string): string {
  const flagParam = flag === DEFAULT_MESSAGE_FLAG ? '' : `&flag=${encodeURIComponent(flag)}`;
  return `${playerUrl}${playerUrl.includes('?') ? '&' : '?'}config=${encodeURIComponent(configUrl)}${flagParam}`;
}

/** The player's states as the frame reports them in `statechange` ('ready' and 'playing' are the SPEC's). */
export type PlayerStateName = 'init' | 'ready' | 'playing' | 'paused' | 'buffering' | 'ended' | 'error';

/** A quality the viewer may choose (one rendition, or 'auto'). */
export interface EmbedQuality {
  id: string;
  label: string;
}

/** What the frame knows of the page it is embedded in, sent once it starts (`setenv`). */
export interface EmbedEnv {
  /** SDK_VERSION of the SDK that embeds the frame. */
  sdkVersion: string;
  /** The partner page's URL (SPEC §3: the streaming page URL). */
  pageUrl: string;
  /** The browser's user agent, trimmed to 350 characters (SPEC §9). */
  userAgent: string;
  /** Whether the frame shows its own controls (the `useControls` option). */
  useControls: boolean;
  /** The partner's own values (the `env` option), passed through. */
  partner?: Record<string, unknown>;
}

/** The player state a `statechange` carries; every field but `state` may be left out when unchanged. */
export interface EmbedStateChange {
  state: PlayerStateName;
  buffering?: boolean;
  /** Seconds; NaN-free: a live stream or an unknown length is null. */
  currentTime?: number;
  duration?: number | null;
  quality?: string | null;
  qualities?: EmbedQuality[];
  /** Whether seeking is allowed now (not during adverts or a preview's end). */
  seekallowed?: boolean;
  /** Seconds buffered ahead of the playhead. */
  buffered?: number;
  ended?: boolean;
  muted?: boolean;
  volume?: number;
  /**
   * With the state `error`: why the frame cannot play — `'not_found'` (the config or its content is
   * not, or no longer, in the catalogue) or `'failed'` (loading it failed; the frame offers a retry).
   */
  error?: string;
}

/** The programme or title playing (the reply to `getcurrentprogramme`). */
export interface EmbedProgramme {
  title: string;
  /** ISO times, for a live channel's programme on air. */
  start?: string;
  end?: string;
  live: boolean;
}

/**
 * What casting offers (`castavailable`, SPEC §7): the Cast receiver application the host page's Cast
 * framework is set up with. All three are required; without one of them (or of the wrong type) the SDK
 * reports `castunavailable`.
 */
export interface EmbedCastAvailability {
  /** The receiver application's id (`CC1AD845` is Google's Default Media Receiver). */
  appId: string;
  /** What the receiver must do, chrome.cast.Capability values (`'video_out'`, `'audio_out'`). */
  capabilities: string[];
  /** chrome.cast.AutoJoinPolicy: `'tab_and_origin_scoped'`, `'origin_scoped'` or `'page_scoped'`. */
  autoJoinPolicy: string;
}

/**
 * What to play on the Cast receiver: the frame's reply value to `requestcasting`. The SDK loads it into
 * the session with chrome.cast.media.MediaInfo / LoadRequest.
 */
export interface EmbedCastMedia {
  /** The media's URL (an HLS or DASH manifest, or a file) the receiver fetches itself, without the frame's cookies. */
  contentId: string;
  /** Its MIME type: `'application/x-mpegurl'`, `'application/dash+xml'`, `'video/mp4'`. */
  contentType: string;
  /** A live stream (chrome.cast.media.StreamType LIVE) rather than a title with a length (BUFFERED). */
  live?: boolean;
  /** The title the receiver shows. */
  title?: string;
  /** An image's URL the receiver shows; without it, the SDK's `placeholder` option. */
  poster?: string;
  /** Where to start, seconds (the frame's own playhead). */
  currentTime?: number;
  /** Passed to a custom receiver as the load request's customData (a DRM licence URL, a token). */
  customData?: Record<string, unknown>;
}

/** What the Cast receiver is doing (`castreceiveraction`): the receiver's state, not an order to the frame. */
export type EmbedCastAction = 'play' | 'pause' | 'stop';

/** Commands the SDK sends the frame, with their data (SPEC §7 outgoing events). */
export interface EmbedCommands {
  setenv: EmbedEnv;
  getcurrentprogramme: undefined;
  play: undefined;
  pause: undefined;
  setmuted: { muted: boolean };
  /** 0…1. */
  setvolume: { volume: number };
  /** Seconds from the start (VOD) or within the DVR window (live). */
  settime: { time: number };
  setquality: { quality: string };
  /** A captions track's language, or null for none. */
  setcaptions: { language: string | null };
  setcaptionsstyle: { color?: string; background?: string; size?: number };
  requestfullscreen: undefined;
  exitfullscreen: undefined;
  /**
   * A Cast session has started (or resumed) on the host page: the frame pauses its own video, shows that
   * it is casting, and replies with what to play (`EmbedCastMedia`); a refusal ends the session.
   */
  requestcasting: undefined;
  /**
   * The receiver's playback, as the host's RemotePlayerController reports it: 'play' or 'pause' with the
   * receiver's time (seconds; on every change, about once a second while playing), 'stop' when the
   * receiver goes idle (the media ended or was stopped there). The frame mirrors it; it stays in casting.
   */
  castreceiveraction: { action: EmbedCastAction; time?: number };
  /** Casting is over (the session ended): the frame resumes locally, from `time` (seconds) when given. */
  stopcasting: { time?: number } | undefined;
  /** The host page cannot cast (no Cast API there, or the `castavailable` data is unusable): hide the cast button. */
  castunavailable: undefined;
}

/** Events the frame sends the SDK, with their data (SPEC §7 incoming events, and the replies). */
export interface EmbedEvents {
  playerinitstart: undefined;
  playerinitend: undefined;
  advertsmodechange: { adverts: boolean };
  statechange: EmbedStateChange;
  /** The content can be cast to the receiver application named; the host sets up its Cast framework. */
  castavailable: EmbedCastAvailability;
  /** The content cannot be cast (any more). */
  castunavailable: undefined;
  /** The viewer pressed the frame's cast button: the host opens the browser's Cast dialog. */
  castrequest: undefined;
  /** The viewer pressed the frame's "stop casting": the host ends the session (then sends `stopcasting`). */
  caststop: undefined;
  currentprogramme: EmbedProgramme;
  /** The frame's answer to a command (`replyTo` names it): done, or refused with a reason. */
  reply: { ok: true; value?: unknown } | { ok: false; error: string };
}

export type EmbedCommandName = keyof EmbedCommands;
export type EmbedEventName = keyof EmbedEvents;

/** One message on the wire. `id` numbers a command, `replyTo` the command a reply answers. */
export interface EmbedMessage<Name extends string = string, Data = unknown> {
  event: Name;
  data?: Data;
  id?: number;
  replyTo?: number;
}

/** A message with the flag set, ready to post. */
export function toWire<Name extends string, Data>(
  flag: string,
  message: EmbedMessage<Name, Data>,
): EmbedMessage<Name, Data> & Record<string, unknown> {
  return { ...message, [flag]: true };
}

/**
 * The message in `value` if it is one of ours (an object with the flag set and a string `event`), else
 * null: anything else a page's windows post is ignored, never thrown on.
 */
export function fromWire(flag: string, value: unknown): EmbedMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (record[flag] !== true || typeof record.event !== 'string') return null;
  const { event, data, id, replyTo } = record;
  const message: EmbedMessage = { event, data };
  if (Number.isSafeInteger(id)) message.id = id as number;
  if (Number.isSafeInteger(replyTo)) message.replyTo = replyTo as number;
  return message;
}
