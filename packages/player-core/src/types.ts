/**
 * Public types of the player core. The release, DRM, goods and episode shapes are structural subsets of
 * the API contract's (SPEC §3), so a `Release` or `Goods` from `@kadr/api-contract` is accepted as is,
 * while this package stays free of zod and React.
 */

/** DRM systems the adapter can drive: the SPEC's three plus W3C ClearKey (demo title, browser tests). */
export type PlayerDrmType = 'fairplay' | 'widevine' | 'playready' | 'clearkey';

/** DRM of a release (SPEC §3 Release.drm). */
export interface PlayerDrm {
  readonly type: PlayerDrmType;
  /** Licence endpoint; for ClearKey a W3C ClearKey JSON licence endpoint. */
  readonly license_server: string;
  /** FairPlay application certificate URL; absent or null for the other systems. */
  readonly certificate?: string | null;
  /** The content's key id at the licence server (FairPlay's content_id when the stream names none). */
  readonly drm_id?: string | null;
}

/** A playable release (SPEC §3 Release): an HLS master playlist URL, its DRM and the preview length. */
export interface PlayerRelease {
  readonly content_url: string;
  /** Null for clear or AES-128 HLS (keys fetched by the HLS engine itself). */
  readonly drm: PlayerDrm | null;
  /** Preview length in seconds for viewers who have not bought; null: the configured default. */
  readonly preview_timer: number | null;
  /**
   * Seconds the grant behind `content_url` keeps working (contract extension, docs/decisions/022): the
   * controller asks for the release again at a third of it and hands the adapter the new URLs.
   */
  readonly expires_in?: number;
}

/** The part of the content's goods the player reads (SPEC §3 Goods). */
export interface PlayerGoods {
  readonly is_bought: boolean;
}

/** One episode of a series, in play order (SPEC §3 Episode). Announced episodes are never played. */
export interface PlayerEpisode {
  readonly EP_id: number;
  readonly is_announce?: boolean;
}

/** What is playing: films and series count as films for the preview default, live channels as live. */
export type ContentKind = 'film' | 'series' | 'live';

/**
 * Preview defaults when the release gives no preview_timer (SPEC §4/§9). The SPEC reads two ways for
 * films: 600 s (the default here) or 60 s; live is 60 s either way.
 */
export interface PreviewDefaults {
  readonly film: 600 | 60;
  readonly live: 60;
}

/** Configuration of a controller. */
export interface PlayerConfig {
  /** Preview length when the release gives none; default `{ film: 600, live: 60 }`. */
  readonly defaultPreviewSeconds?: Partial<PreviewDefaults>;
}

/** Phase of the controller. */
export type PlayerPhase = 'idle' | 'loading' | 'playing' | 'paused' | 'ended' | 'error';

/** Which paywall covers the video: none, the final block after the preview, or the install prompt. */
export type PaywallState = 'none' | 'final' | 'install';

/**
 * Error codes reported with the MOVIE_STARTED_ERROR goal (SPEC §8). `RELEASE_LOAD_FAILED`: the release
 * call failed; `MEDIA_NETWORK`/`MEDIA_DECODE`/`MEDIA_UNSUPPORTED`: the media element or HLS engine gave
 * up; `DRM_FAILED`: licence or key system failure; `PLAY_REJECTED`: the browser refused to start;
 * `UNKNOWN`: anything else.
 */
export type PlayerErrorCode =
  | 'RELEASE_LOAD_FAILED'
  | 'MEDIA_NETWORK'
  | 'MEDIA_DECODE'
  | 'MEDIA_UNSUPPORTED'
  | 'DRM_FAILED'
  | 'PLAY_REJECTED'
  | 'UNKNOWN';

/** A load or playback error. */
export interface PlayerError {
  readonly code: PlayerErrorCode;
  /** Technical detail for logs; never shown to the viewer. */
  readonly message: string;
}

/** A rendition the viewer can pick. */
export interface PlayerQuality {
  /** Stable id within one load (the rendition's index in the master playlist, as a string). */
  readonly id: string;
  /** Frame height in pixels (0 when unknown). */
  readonly height: number;
  /** Peak bit rate in bits per second (0 when unknown). */
  readonly bitrate: number;
  /** Label such as `720p`. */
  readonly label: string;
}

/** Playback speeds offered to buyers. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
/** One playback speed. */
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

/** Seek step of the buyer's controls and the ←/→ keys, in seconds (SPEC §9). */
export const SEEK_STEP_SECONDS = 10;
/** Interval of the watchdog that re-pauses an expired preview, in milliseconds (SPEC §9). */
export const PREVIEW_WATCHDOG_MS = 3_000;

/** Immutable state for the UI (`useSyncExternalStore`): a new object only when something changed. */
export interface PlayerSnapshot {
  readonly phase: PlayerPhase;
  /** Whole seconds of preview left for a non-buyer; null for buyers. */
  readonly previewRemaining: number | null;
  /** The preview has run out (the final block is or was shown). */
  readonly previewExpired: boolean;
  readonly paywall: PaywallState;
  /** Buyer controls (seek, episode buttons, quality, speed, picture-in-picture) are available. */
  readonly controlsEnabled: boolean;
  readonly isBought: boolean;
  readonly muted: boolean;
  readonly currentEpisodeId: number | null;
  readonly hasPreviousEpisode: boolean;
  readonly hasNextEpisode: boolean;
  /** Seconds. */
  readonly currentTime: number;
  /** Seconds; 0 until known, and for live (no fixed duration: see the stream's timeline). */
  readonly duration: number;
  readonly qualities: readonly PlayerQuality[];
  /** Chosen rendition id; null: automatic. */
  readonly quality: string | null;
  readonly rate: number;
  readonly pictureInPicture: boolean;
  readonly error: PlayerError | null;
  /** The release being played; null before the first load and after an episode change. */
  readonly release: PlayerRelease | null;
}

/** The goal the controller reports; an app's analytics with a wider goal list fits. */
export interface PlayerAnalytics {
  reachGoal(goal: 'MOVIE_STARTED_ERROR', params: { error_code: PlayerErrorCode }): void;
}

/** Timers, injectable for tests (defaults to the global timers). */
export interface PlayerClock {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** What the adapter plays. */
export interface VideoSource {
  /** HLS master playlist URL. */
  readonly url: string;
  readonly drm: PlayerDrm | null;
}

/**
 * What the engine knows of a stream's timeline (hls.js: the playing rendition's playlist), in media
 * seconds — the scale of `getCurrentTime()`. A live playlist slides: `start` and `end` move on as
 * segments come and go. A finished one (VOD, an archived programme) keeps them.
 */
export interface VideoTimeline {
  /** The playlist is live (no EXT-X-ENDLIST): a sliding window. */
  readonly live: boolean;
  /** The seekable window: the first segment's start and the last one's end. */
  readonly start: number;
  readonly end: number;
  /** Where live playback sits (hls.js `liveSyncPosition`: `end` less a few target durations); null when not live. */
  readonly liveEdge: number | null;
  /** EXT-X-TARGETDURATION, seconds; null when the engine does not say (native HLS). */
  readonly targetDuration: number | null;
  /** Wall clock (ms since epoch) at media time 0, from EXT-X-PROGRAM-DATE-TIME; null when the playlist names none. */
  readonly dateAtZero: number | null;
}

/** A media or DRM error from the adapter. */
export interface VideoAdapterError {
  readonly code: Exclude<PlayerErrorCode, 'RELEASE_LOAD_FAILED'>;
  readonly message: string;
}

/** Events the adapter emits (the controller's only view of the video). */
export interface VideoAdapterEvents {
  loadedmetadata: undefined;
  timeupdate: undefined;
  playing: undefined;
  pause: undefined;
  ended: undefined;
  /** The position is jumping (the viewer scrubbed, or code set currentTime). */
  seeking: undefined;
  /** The rendition list changed. */
  qualitieschange: undefined;
  /** Entered or left picture-in-picture. */
  pictureinpicturechange: undefined;
  /** The timeline changed: a live playlist slid, or the playhead entered a segment with another date. */
  timelinechange: undefined;
  /** A fatal error: playback cannot continue. */
  error: VideoAdapterError;
}

/** Name of an adapter event. */
export type VideoAdapterEvent = keyof VideoAdapterEvents;

/** The video engine seen by the controller: video.js + hls.js in the browser, a fake in tests. */
export interface VideoAdapter {
  /**
   * Attaches the source; resolves when the engine accepted it (rejects with a `VideoAdapterError`). A
   * channel switch calls it again on the same adapter: the previous source is dropped first.
   */
  load(source: VideoSource): Promise<void>;
  /** Starts playback; rejects when the browser refuses (`NotAllowedError`) or the media fails. */
  play(): Promise<void>;
  pause(): void;
  isPaused(): boolean;
  setMuted(muted: boolean): void;
  isMuted(): boolean;
  getCurrentTime(): number;
  /** Seconds; NaN or 0 until known. */
  getDuration(): number;
  seek(seconds: number): void;
  isFullscreen(): boolean;
  exitFullscreen(): Promise<void>;
  getQualities(): readonly PlayerQuality[];
  /** Null: automatic. */
  getQuality(): string | null;
  setQuality(id: string | null): void;
  getRate(): number;
  setRate(rate: number): void;
  isPictureInPicture(): boolean;
  /** Enters or leaves picture-in-picture; resolves to whether it is now on. */
  togglePictureInPicture(): Promise<boolean>;
  on<E extends VideoAdapterEvent>(event: E, listener: (payload: VideoAdapterEvents[E]) => void): () => void;
  /**
   * Carries on with a renewed release of the same video (a new grant in its URLs) without reloading:
   * requests made from now on — keys, playlists — use the new URLs. Adapters without it play until the
   * grant they loaded with expires.
   */
  renewSource?(source: VideoSource): void;
  /**
   * The stream's seekable window, live edge and program date-time, as of the last `timelinechange`;
   * null until known. Adapters without it play live streams without a DVR window (seeks are refused).
   */
  getTimeline?(): VideoTimeline | null;
  /** Stops playback, releases the engine and removes what the adapter added to the page. */
  destroy(): void;
}

/** Makes a fresh adapter (sync, or async for a lazily imported engine). Called once per (re)load. */
export type VideoAdapterFactory = () => VideoAdapter | Promise<VideoAdapter>;

/** Options of `createPlayerController`. */
export interface PlayerControllerOptions {
  readonly contentKind: ContentKind;
  /** Goods of the content: `is_bought` decides buyer or preview. */
  readonly goods: PlayerGoods;
  /** Fetches the release of the content or of an episode (GET /web/1/releases/{id}[?EP_id]). */
  readonly loadRelease: (episodeId: number | null) => Promise<PlayerRelease>;
  /** An already loaded release for the current episode; the first `play()` then skips the call. */
  readonly release?: PlayerRelease;
  /** Series episodes in play order; announced ones are skipped. */
  readonly episodes?: readonly PlayerEpisode[];
  /** The episode to play; defaults to the first playable one for a series, null otherwise. */
  readonly currentEpisodeId?: number | null;
  readonly config?: PlayerConfig;
  readonly adapterFactory: VideoAdapterFactory;
  readonly clock?: PlayerClock;
  readonly analytics?: PlayerAnalytics;
  /** Called when the controller moves to another episode (next at the end, or the episode buttons). */
  readonly onEpisodeChange?: (episodeId: number) => void;
}

/** Keys the controller understands. */
export type PlayerKey = 'ArrowLeft' | 'ArrowRight' | ' ';

/** The React-free player: state plus commands. */
export interface PlayerController {
  subscribe(listener: () => void): () => void;
  getSnapshot(): PlayerSnapshot;
  /** Loads the release if needed, creates the player and starts; resumes when paused; retries after an error. */
  play(): Promise<void>;
  pause(): void;
  /** Buyers: moves by ±seconds, clamped to [0, duration]. Non-buyers after play: the final block. */
  seekBy(deltaSeconds: number): void;
  /** Buyers: moves to a position, clamped to [0, duration]. Non-buyers after play: the final block. */
  seekTo(seconds: number): void;
  /** ←/→ seek by 10 s, space toggles play; returns whether the key was handled (then preventDefault). */
  handleKey(key: string): boolean;
  /** Buyers: picks a rendition (null: automatic). */
  setQuality(id: string | null): void;
  /** Buyers: playback speed (one of PLAYBACK_RATES). */
  setRate(rate: number): void;
  /** Buyers: enters or leaves picture-in-picture. */
  togglePictureInPicture(): Promise<void>;
  setMuted(muted: boolean): void;
  /** The install paywall: pauses while shown. */
  showInstallPaywall(): void;
  /** Hides the install paywall and resumes if it paused the video. */
  hideInstallPaywall(): void;
  /** is_bought changed: reloads the release, toggles controls, re-creates the player, hides the paywall. */
  setBought(isBought: boolean): Promise<void>;
  /** Re-loads the release and re-creates the player (after payment or unsubscribe). */
  reload(): Promise<void>;
  /**
   * Renews the release's grant now, without a reload (call it when the viewer signs in or out: the
   * grant being played ended with the old session). Does nothing when no loaded release expires.
   */
  renewGrant(): void;
  /** Resets the player and loads the release of another episode, then plays it. */
  changeEpisode(episodeId: number): Promise<void>;
  previousEpisode(): Promise<void>;
  nextEpisode(): Promise<void>;
  /** Stops timers and destroys the adapter; later commands do nothing. */
  destroy(): void;
}

// ---- live channels (docs/decisions/031-player-live.md) ----

/**
 * A channel to play (SPEC §7 getReleaseChannel's `stream_id`): its broadcast, or with `archiveStart`
 * one programme of its archive.
 */
export interface PlayerChannel {
  readonly streamId: number;
  /**
   * `tv_air_date_start` of an archived programme: that programme as VOD from its start (contract
   * extension `archive_start`). Null or absent: the live broadcast.
   */
  readonly archiveStart?: string | null;
}

/** getReleaseChannel's answer (SPEC §3 Channel stream), as the API contract gives it. */
export interface PlayerChannelRelease {
  readonly stream: { readonly stream_url: string };
  readonly drm: PlayerDrm | null;
  /** Preview length in seconds for viewers without the channel's package; null: 60 s (SPEC §9). */
  readonly preview_timer: number | null;
  /** As for a release (docs/decisions/022): seconds the stream's grant lasts. */
  readonly expires_in?: number;
}

/** Label of the back-to-live action (the UI's button text). */
export const GO_LIVE_LABEL = 'В эфир';

/** The live part of a channel's snapshot: the DVR window, the live edge and the wall clock. */
export interface PlayerLiveSnapshot {
  /** `live`: the broadcast, a sliding DVR window; `archive`: a finished programme played as VOD. */
  readonly kind: 'live' | 'archive';
  /** The channel (and programme) playing; null for a live content card loaded with `getRelease`. */
  readonly channel: PlayerChannel | null;
  /**
   * Where seeks can go, in `currentTime`'s seconds: live, from the oldest segment kept to the live edge
   * (seeks are clamped to it); archive, 0 to the programme's duration. Null until the playlist is read.
   */
  readonly windowStart: number | null;
  readonly windowEnd: number | null;
  /** The playhead is at the live edge (within `LIVE_EDGE_TOLERANCE_TARGET_DURATIONS`); false for archive. */
  readonly atLiveEdge: boolean;
  /** «В эфир» would do something: live and behind the edge, or an archived programme (back to the broadcast). */
  readonly canGoLive: boolean;
  /** Wall clock at the playhead (ms since epoch) from EXT-X-PROGRAM-DATE-TIME; null while unknown. */
  readonly playheadDate: number | null;
  /** Wall clock at `windowStart` and `windowEnd`; null while unknown. */
  readonly windowStartDate: number | null;
  readonly windowEndDate: number | null;
}

/** A channel controller's snapshot: the player's, plus the live part. */
export interface ChannelSnapshot extends PlayerSnapshot {
  readonly live: PlayerLiveSnapshot;
}

/** Options of `createChannelController`: a channel's broadcast or archive, its package's goods. */
export interface ChannelControllerOptions {
  /** The goods of the channel's package (getPackageByChannel): `is_bought` decides buyer or preview. */
  readonly goods: PlayerGoods;
  /** The channel (and programme) to play first. */
  readonly channel: PlayerChannel;
  /** Fetches a channel's stream (POST getReleaseChannel with stream_id and, for archive, archive_start). */
  readonly loadChannel: (channel: PlayerChannel) => Promise<PlayerChannelRelease>;
  /** An already loaded stream of `channel`; the first `play()` then skips the call. */
  readonly release?: PlayerChannelRelease;
  readonly config?: PlayerConfig;
  readonly adapterFactory: VideoAdapterFactory;
  readonly clock?: PlayerClock;
  readonly analytics?: PlayerAnalytics;
}

/** A channel's player: the player's commands (no episodes), «В эфир» and switching channels in place. */
export interface ChannelController
  extends Omit<PlayerController, 'getSnapshot' | 'changeEpisode' | 'previousEpisode' | 'nextEpisode'> {
  getSnapshot(): ChannelSnapshot;
  /**
   * «В эфир»: live, seek to the live edge and play; an archived programme, the channel's broadcast
   * instead (in the same player); nothing playing yet, start (a live load starts at the edge).
   */
  goLive(): Promise<void>;
  /**
   * Plays another channel, another programme of the archive, or the broadcast again, keeping the
   * video element and adapter (channel up/down). `goods` are the new channel's package's.
   */
  switchChannel(channel: PlayerChannel, goods: PlayerGoods): Promise<void>;
}
