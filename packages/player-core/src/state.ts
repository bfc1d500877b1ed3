/**
 * The player's store of facts, the events that change it and the effects it asks for. `reduce` (reducer.ts)
 * is the only code that turns one state into the next; the runner (controller.ts) feeds it events and
 * carries out the effects. Everything here is plain, serialisable data (no adapters, no callbacks), so
 * the rules are table-testable and a frame player or a cast session can replay the same events.
 */
import type {
  ContentKind,
  PlayerChannel,
  PlayerConfig,
  PlayerError,
  PlayerErrorCode,
  PlayerQuality,
  PlayerRelease,
  PlayerSnapshot,
  VideoSource,
  VideoTimeline,
} from './types.js';

/**
 * Who may watch: `full` (a buyer: no countdown, buyer controls), `preview` (a non-buyer inside the
 * preview), `locked` (a non-buyer whose preview ran out or who seeked: the final block, SPEC §4/§6).
 */
export type PlayerAccess = 'preview' | 'full' | 'locked';

/**
 * What kind of stream plays. VOD has a fixed duration. Live (a channel's broadcast) has none: a
 * sliding DVR window whose edge is live. Archive is a finished programme of a channel played as VOD
 * (a duration, 0 = the programme's start). Live and archive keep the adapter's last `timeline` (the
 * seekable window, the live edge and program date-time; null until the playlist is read).
 */
export type PlayerStream =
  | { readonly kind: 'vod' }
  | { readonly kind: 'live' | 'archive'; readonly timeline: VideoTimeline | null };

/**
 * Where the picture goes. Only this page's video today; casting adds `{ kind: 'cast', … }` with a cast
 * adapter behind the same `VideoAdapter` interface (the runner swaps adapters, the rules stay).
 */
export type PlayerOutput = { readonly kind: 'local' };

/** The preview granted for the current episode (non-buyers, once a release arrived). */
export interface PlayerPreview {
  /** Seconds granted by the release's preview_timer or the configured default. */
  readonly limit: number;
  /** Whole seconds left. */
  readonly remaining: number;
}

/** Which step of a load is in flight: the release call, the adapter factory, `adapter.load`, `adapter.play`. */
export type PlayerLoadStep = 'release' | 'adapter' | 'media' | 'start';

/**
 * The load in flight. While the release call runs (`release`), the adapter is usually being created
 * beside it (`adapterRequested`: `adapter.create` went out with `release.load`; `adapterAttached` says
 * it arrived). `adapter.load` goes out once both are there, whichever answer came second; a release
 * that arrives first waits at `adapter`. A given release, and a reload of a preview with nothing left
 * to play, ask for the adapter only after the release (`adapterRequested: false`), as before.
 */
export type PlayerLoad =
  | { readonly step: 'release'; readonly adapterRequested: boolean }
  | { readonly step: Exclude<PlayerLoadStep, 'release'> };

/** What does not change during a controller's life. */
export interface PlayerSetup {
  readonly contentKind: ContentKind;
  /** Playable (non-announced) episode ids, in play order. */
  readonly playable: readonly number[];
  readonly config: PlayerConfig;
}

/**
 * The store of facts (SPEC §4, §6): everything `reduce` needs and nothing a selector can derive. The facts
 * the UI sees as they are (phase, time, qualities, error, release…) are the snapshot's own fields.
 */
export interface PlayerState
  extends Pick<
    PlayerSnapshot,
    | 'phase'
    | 'muted'
    | 'currentEpisodeId'
    | 'currentTime'
    | 'duration'
    | 'qualities'
    | 'quality'
    | 'rate'
    | 'pictureInPicture'
    | 'error'
    | 'release'
  > {
  readonly setup: PlayerSetup;
  readonly stream: PlayerStream;
  readonly output: PlayerOutput;
  readonly access: PlayerAccess;
  /** Null for buyers and until the first release of the episode arrived. */
  readonly preview: PlayerPreview | null;
  /** The install paywall is shown (it never covers the final block). */
  readonly installPaywall: boolean;
  /** The install paywall paused a playing video and owes it a resume. */
  readonly pausedByInstallPaywall: boolean;
  /**
   * The channel a channel controller plays (`archiveStart` null for the broadcast); null for content.
   * Loads and renewals of a channel fetch its stream instead of a release.
   */
  readonly channel: PlayerChannel | null;
  /** Last position seen by `time-updated` or set by a seek, to tell a scrub from the engine's nudges. */
  readonly lastKnownTime: number;
  /** A release handed in by the caller, used once for the first load instead of the release call. */
  readonly givenRelease: PlayerRelease | null;
  /**
   * Bumped whenever async work in flight becomes stale: a new load, an error that abandons one, destroy.
   * Facts answering an effect carry the generation of that effect; `reduce` ignores older ones.
   */
  readonly generation: number;
  /** The load in flight; null when none is. */
  readonly load: PlayerLoad | null;
  /**
   * An adapter of the current generation exists and sends facts (during a load's release step too, when
   * it was created beside the release call and came first).
   */
  readonly adapterAttached: boolean;
  /** Playback reached `playing` at least once with the current adapter. */
  readonly started: boolean;
  /** This load already reported its start error (engines repeat a fatal error: one goal per load). */
  readonly startErrorReported: boolean;
  readonly destroyed: boolean;
}

// ---- events: intents (what someone asks for) ----

/**
 * Commands from the app, the keyboard or — later — the frame player's protocol (`play`, `pause`,
 * `settime` → `seek-to`, `setmuted` → `set-muted`, `setquality` → `set-quality`). An intent may be
 * refused by the rules (a non-buyer's quality change, play on an expired preview).
 */
export type PlayerIntent =
  | { readonly type: 'play' }
  | { readonly type: 'pause' }
  | { readonly type: 'seek-to'; readonly seconds: number }
  | { readonly type: 'seek-by'; readonly deltaSeconds: number }
  | { readonly type: 'set-quality'; readonly id: string | null }
  | { readonly type: 'set-rate'; readonly rate: number }
  | { readonly type: 'toggle-picture-in-picture' }
  | { readonly type: 'set-muted'; readonly muted: boolean }
  | { readonly type: 'show-install-paywall' }
  | { readonly type: 'hide-install-paywall' }
  | { readonly type: 'set-bought'; readonly isBought: boolean }
  | { readonly type: 'reload' }
  /** The viewer's session changed (signed in or out): fetch a fresh grant now (docs/decisions/022). */
  | { readonly type: 'renew-grant' }
  | { readonly type: 'change-episode'; readonly episodeId: number }
  | { readonly type: 'previous-episode' }
  | { readonly type: 'next-episode' }
  | { readonly type: 'destroy' };

/** Intents only a channel's player has (`reduceLive`, docs/decisions/031). */
export type LiveIntent =
  /** «В эфир»: back to the live edge, or from an archived programme to the broadcast. */
  | { readonly type: 'go-live' }
  /** Another channel or programme in the same player (channel up/down, the archive). */
  | { readonly type: 'switch-channel'; readonly channel: PlayerChannel; readonly isBought: boolean };

// ---- events: facts (what happened) ----

/** Answers to the runner's async effects; each carries the generation of the effect it answers. */
export type PlayerResultFact =
  | { readonly type: 'release-loaded'; readonly generation: number; readonly release: PlayerRelease }
  | { readonly type: 'release-failed'; readonly generation: number; readonly error: PlayerError }
  | { readonly type: 'adapter-created'; readonly generation: number }
  | { readonly type: 'adapter-failed'; readonly generation: number; readonly error: PlayerError }
  | {
      readonly type: 'media-loaded';
      readonly generation: number;
      readonly currentTime: number;
      readonly duration: number;
      readonly qualities: readonly PlayerQuality[];
    }
  | { readonly type: 'media-failed'; readonly generation: number; readonly error: PlayerError }
  /** A renewal (`release.renew`) answered: the same video with a fresh grant. */
  | { readonly type: 'release-renewed'; readonly generation: number; readonly release: PlayerRelease }
  /** A renewal failed (network, refusal): playback goes on; the next tick tries again. */
  | { readonly type: 'release-renew-failed'; readonly generation: number }
  /** `adapter.play()` resolved; `paused`: what the adapter reported right after. */
  | { readonly type: 'play-started'; readonly generation: number; readonly paused: boolean }
  | { readonly type: 'play-failed'; readonly generation: number; readonly error: PlayerError };

/** Events of the attached adapter, with the readings the runner took when they fired. */
export type PlayerAdapterFact =
  | {
      readonly type: 'metadata-loaded';
      readonly currentTime: number;
      readonly duration: number;
      readonly qualities: readonly PlayerQuality[];
    }
  | { readonly type: 'time-updated'; readonly currentTime: number; readonly duration: number }
  | { readonly type: 'playing' }
  | { readonly type: 'paused' }
  | { readonly type: 'ended'; readonly currentTime: number; readonly duration: number }
  /** The position is jumping (the viewer scrubbed, or the engine nudged over a gap). */
  | { readonly type: 'seeking'; readonly currentTime: number }
  | {
      readonly type: 'qualities-changed';
      readonly qualities: readonly PlayerQuality[];
      readonly quality: string | null;
    }
  | { readonly type: 'picture-in-picture-changed'; readonly active: boolean }
  /** A fatal error: playback cannot continue. */
  | { readonly type: 'media-error'; readonly error: PlayerError };

/**
 * The adapter's timeline (window, live edge, program date-time) changed; null: none known. With the
 * position read at the same moment (the last `time-updated` may be a quarter of a second old, or older
 * than the engine's own jump to the live edge). Channels only.
 */
export interface LiveFact {
  readonly type: 'timeline-updated';
  readonly timeline: VideoTimeline | null;
  readonly currentTime: number;
}

/** The runner's timers firing. The watchdog carries what the adapter reports (null: no adapter). */
export type PlayerTimerFact =
  | { readonly type: 'countdown-tick' }
  /** Time to renew the release's grant. */
  | { readonly type: 'renewal-tick' }
  | {
      readonly type: 'watchdog-tick';
      readonly adapter: { readonly paused: boolean; readonly muted: boolean } | null;
    };

/** Things that happened: answers to effects, adapter events and timer ticks. */
export type PlayerFact = PlayerResultFact | PlayerAdapterFact | PlayerTimerFact;

/**
 * Everything `reduce` understands. The union is open by design: the frame player adds no events of its
 * own (its commands are intents, its outgoing events are read from snapshots); casting adds `cast-*`
 * facts that switch `PlayerOutput`. A new member is a new `case` in `reduce`. Live channels add theirs
 * beside it (`ChannelEvent`), for the live rules that wrap `reduce`.
 */
export type PlayerEvent = PlayerIntent | PlayerFact;

/** Everything `reduceLive` understands: the content events, and the live intents and timeline fact. */
export type ChannelEvent = PlayerEvent | LiveIntent | LiveFact;

/** What a channel's player can be asked for. */
export type ChannelIntent = PlayerIntent | LiveIntent;

// ---- effects ----

/**
 * The runner's named timers: the 1 s preview countdown, the 3 s expired-preview watchdog and the grant
 * renewal (a third of the release's `expires_in`).
 */
export type PlayerTimer = 'countdown' | 'watchdog' | 'renewal';

/**
 * What `reduce` asks the runner to do, as data. Async effects carry the state's generation; the runner
 * answers each with a fact of the same generation (or drops it when a newer generation made it stale).
 */
export type PlayerEffect =
  /**
   * Fetch the release of an episode (or of the content) — or, with `channel`, that channel's stream:
   * answered by `release-loaded`/`release-failed`.
   */
  | ReleaseRequest<'release.load'>
  /** Fetch the release (or channel stream) again for a fresh grant: answered by `release-renewed`/`release-renew-failed`. */
  | ReleaseRequest<'release.renew'>
  /** `adapter.renewSource(source)`: the same video, new URLs, no reload. */
  | { readonly type: 'adapter.renewSource'; readonly source: VideoSource }
  /** Call the adapter factory and attach: answered by `adapter-created`/`adapter-failed`. */
  | { readonly type: 'adapter.create'; readonly generation: number }
  /** `adapter.load(source)`: answered by `media-loaded`/`media-failed`. */
  | { readonly type: 'adapter.load'; readonly generation: number; readonly source: VideoSource }
  /** `adapter.play()`: answered by `play-started`/`play-failed`. */
  | { readonly type: 'adapter.play'; readonly generation: number }
  | { readonly type: 'adapter.pause' }
  | { readonly type: 'adapter.setMuted'; readonly muted: boolean }
  | { readonly type: 'adapter.seek'; readonly seconds: number }
  /** Leave fullscreen if the adapter is in it; a refusal (no user gesture) is ignored. */
  | { readonly type: 'adapter.exitFullscreen' }
  | { readonly type: 'adapter.setQuality'; readonly id: string | null }
  | { readonly type: 'adapter.setRate'; readonly rate: number }
  /** Answered by `picture-in-picture-changed` (the adapter's own state when the browser refuses). */
  | { readonly type: 'adapter.togglePictureInPicture'; readonly generation: number }
  /** Detach and destroy the current adapter. */
  | { readonly type: 'adapter.destroy' }
  | { readonly type: 'timer.start'; readonly timer: PlayerTimer; readonly ms: number }
  | { readonly type: 'timer.stop'; readonly timer: PlayerTimer }
  /** SPEC §8: a load or start error is reported once per load. */
  | {
      readonly type: 'analytics';
      readonly goal: 'MOVIE_STARTED_ERROR';
      readonly params: { readonly error_code: PlayerErrorCode };
    }
  /** Tell the app the controller moved to another episode (it follows with the address). */
  | { readonly type: 'episode.changed'; readonly episodeId: number };

/** What a load or renewal fetches: a content's (episode's) release, or a channel's stream. */
export interface ReleaseRequest<
  T extends 'release.load' | 'release.renew' = 'release.load' | 'release.renew',
> {
  readonly type: T;
  readonly generation: number;
  readonly episodeId: number | null;
  /** Set for a channel controller: getReleaseChannel for this channel instead of getRelease. */
  readonly channel?: PlayerChannel;
}

/** The result of one `reduce` step. */
export interface PlayerTransition {
  readonly state: PlayerState;
  readonly effects: readonly PlayerEffect[];
}
