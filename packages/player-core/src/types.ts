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
  /** Seconds; 0 until known. */
  readonly duration: number;
  readonly qualities: readonly PlayerQuality[];
  /** Chosen rendition id; null: automatic. */
  readonly quality: string | null;
  readonly rate: number;
  readonly pictureInPicture: boolean;
  readonly error: PlayerError | null;
  /** The release being played; null before the first load. */
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
  /** A fatal error: playback cannot continue. */
  error: VideoAdapterError;
}

/** Name of an adapter event. */
export type VideoAdapterEvent = keyof VideoAdapterEvents;

/** The video engine seen by the controller: video.js + hls.js in the browser, a fake in tests. */
export interface VideoAdapter {
  /** Attaches the source; resolves when the engine accepted it (rejects with a `VideoAdapterError`). */
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
