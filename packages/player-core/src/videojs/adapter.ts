import type { ErrorData, HlsConfig, Level } from 'hls.js';
// `video.js` must resolve to the same module here and in contrib-eme (the plugin registers on it).
// Apps alias it to the core build without VHS (hls.js does the streaming): see README, Bundling.
import videojs from 'video.js';
import { Hls } from './hls-light.js';
import 'videojs-contrib-eme';
import { createSourceRenewal, fetchWithRenewal, type SourceRenewal } from '../source-renewal.js';
import type {
  PlayerQuality,
  VideoAdapter,
  VideoAdapterError,
  VideoAdapterEvent,
  VideoAdapterEvents,
  VideoSource,
} from '../types.js';
import { buildKeySystems, type EmeKeySystemOptions } from './drm.js';

/** Options of the video.js adapter. */
export interface VideoJsAdapterOptions {
  /** Show video.js's own control bar (default false: the app draws the SPEC's controls). */
  readonly controls?: boolean;
  /** Extra hls.js configuration (buffer sizes, start level…). */
  readonly hlsConfig?: Partial<HlsConfig>;
  /** Fetch for licence requests (default: the global fetch). */
  readonly fetch?: typeof fetch;
  /**
   * Called at each load with its engine (null: native HLS), the element and the adapter's `emit`:
   * how `createLiveVideoJsAdapter` (live.ts) follows a channel's timeline. The content player leaves
   * it out and ships none of that.
   */
  readonly onLoad?: (
    engine: Hls | null,
    video: HTMLVideoElement,
    emit: (event: 'timelinechange') => void,
  ) => void;
}

/** The part of a video.js player the adapter uses (video.js's generated types are too loose to help). */
interface VjsPlayer {
  el(): HTMLElement;
  tech(iWillNotUseThisInPlugins: true): { el(): HTMLVideoElement };
  isFullscreen(): boolean | undefined;
  exitFullscreen(): Promise<unknown> | undefined;
  error(): { code: number; message?: string } | null;
  on(event: string, listener: () => void): void;
  eme(options?: object): void;
  dispose(): void;
}

type VjsPlayerWithEme = VjsPlayer & {
  eme: { options: { keySystems?: Record<string, EmeKeySystemOptions> } };
};

const MEDIA_ERROR_CODES: Record<number, VideoAdapterError['code']> = {
  2: 'MEDIA_NETWORK',
  3: 'MEDIA_DECODE',
  4: 'MEDIA_UNSUPPORTED',
  // MEDIA_ERR_ENCRYPTED: contrib-eme reports key-system and licence failures with it.
  5: 'DRM_FAILED',
};

/** hls.js fatal error → adapter error. */
function fromHlsError(data: ErrorData): VideoAdapterError {
  const message = `${data.type}: ${data.details}`;
  if (data.type === Hls.ErrorTypes.NETWORK_ERROR) return { code: 'MEDIA_NETWORK', message };
  if (data.type === Hls.ErrorTypes.MEDIA_ERROR) return { code: 'MEDIA_DECODE', message };
  if (data.type === Hls.ErrorTypes.KEY_SYSTEM_ERROR) return { code: 'DRM_FAILED', message };
  if (data.type === Hls.ErrorTypes.MUX_ERROR) return { code: 'MEDIA_UNSUPPORTED', message };
  return { code: 'UNKNOWN', message };
}

function toQualities(levels: readonly Level[]): PlayerQuality[] {
  return levels.map((level, index) => ({
    id: String(index),
    height: level.height || 0,
    bitrate: level.bitrate || 0,
    label: level.height ? `${level.height}p` : `${Math.round((level.bitrate || 0) / 1000)} kbit/s`,
  }));
}

/** video.js's UI components, left out when the app draws the controls (children options set to false). */
export const VIDEOJS_UI_OFF = {
  controlBar: false,
  loadingSpinner: false,
  errorDisplay: false,
  textTrackSettings: false,
  titleBar: false,
  posterImage: false,
} as const;

/**
 * Creates the browser engine in `container`: a video.js player around a new <video> element (the
 * container stays the app's; the adapter adds and removes only its own nodes), hls.js feeding it over
 * MSE when `Hls.isSupported()` (Chromium answers 'maybe' to native HLS, so that is checked first), native
 * HLS otherwise (Safari, FairPlay). Encrypted media goes through videojs-contrib-eme.
 */
export function createVideoJsAdapter(
  container: HTMLElement,
  options: VideoJsAdapterOptions = {},
): VideoAdapter {
  const element = document.createElement('video');
  element.className = 'video-js vjs-fill';
  element.setAttribute('playsinline', '');
  container.appendChild(element);

  const controls = options.controls ?? false;
  const player = videojs(element, {
    controls,
    preload: 'auto',
    fill: true,
    bigPlayButton: false,
    // Without video.js's own controls its UI components are not made at all: the app loads no video.js
    // stylesheet, so `vjs-hidden` hides nothing and the unused control bar, spinner and modal dialogs
    // would stay in the page — invisible, yet focusable and read out in English by screen readers.
    ...(controls ? {} : VIDEOJS_UI_OFF),
    userActions: { hotkeys: false, doubleClick: false },
    // The browser's own text tracks: otherwise video.js emulates them and fetches vtt.js from its CDN.
    html5: { nativeTextTracks: true },
  }) as unknown as VjsPlayerWithEme;
  player.eme();
  const video = player.tech(true).el();
  // Fill the app's container without requiring video.js's stylesheet (the app draws its own controls).
  player.el().style.cssText = 'position:relative;width:100%;height:100%';
  // video.js makes its box a region named "Video Player", in English: the app's own player (its section,
  // named in the app's language) is the region; a second one inside it only repeats it.
  player.el().removeAttribute('role');
  player.el().removeAttribute('aria-label');
  video.style.cssText = 'width:100%;height:100%;object-fit:contain;background:#000';

  const listeners = new Map<VideoAdapterEvent, Set<(payload: never) => void>>();
  let hls: Hls | null = null;
  let renewal: SourceRenewal | null = null;
  let qualities: PlayerQuality[] = [];
  let chosenQuality: string | null = null;
  let destroyed = false;

  function emit<E extends VideoAdapterEvent>(event: E, payload?: VideoAdapterEvents[E]): void {
    if (destroyed) return;
    for (const listener of [...(listeners.get(event) ?? [])]) (listener as (value: unknown) => void)(payload);
  }

  const forwarded: [keyof HTMLMediaElementEventMap | string, VideoAdapterEvent][] = [
    ['loadedmetadata', 'loadedmetadata'],
    ['timeupdate', 'timeupdate'],
    ['playing', 'playing'],
    ['pause', 'pause'],
    ['ended', 'ended'],
    ['seeking', 'seeking'],
    ['enterpictureinpicture', 'pictureinpicturechange'],
    ['leavepictureinpicture', 'pictureinpicturechange'],
  ];
  const domListeners = forwarded.map(([domEvent, event]) => {
    const listener = () => emit(event);
    video.addEventListener(domEvent, listener);
    return () => video.removeEventListener(domEvent, listener);
  });

  // Media element and contrib-eme errors surface as video.js player errors. Under hls.js only the DRM
  // ones (code 5, from contrib-eme) are taken from here: hls.js reports media errors itself and first
  // tries its recovery, which a media-element error must not pre-empt.
  player.on('error', () => {
    const error = player.error();
    if (!error) return;
    if (hls && error.code !== 5) return;
    emit('error', {
      code: MEDIA_ERROR_CODES[error.code] ?? 'UNKNOWN',
      message: error.message ?? `code ${error.code}`,
    });
  });

  /** The load in flight on the engine: its promise's settlers and whether its media error was retried. */
  let hlsLoad: {
    settled: boolean;
    recoveredMediaError: boolean;
    resolve: () => void;
    reject: (error: VideoAdapterError) => void;
  } | null = null;
  /** False once the engine had an error it did not recover from: the next load builds a new one. */
  let hlsHealthy = false;

  /**
   * The hls.js engine, made once and kept from load to load (a channel switch hands the same engine the
   * next stream: no new engine, transmuxer worker or listeners; hls.js still re-opens the MediaSource
   * for a new URL). One that failed is replaced.
   */
  function engineForLoad(): Hls {
    if (hls && hlsHealthy) return hls;
    hls?.destroy();
    const ownSetup = options.hlsConfig?.xhrSetup;
    const engine = new Hls({
      ...options.hlsConfig,
      // Playlists and keys read before a renewal are asked with the newest grant (source-renewal.ts):
      // opening the request here is how hls.js lets a setup change its URL.
      xhrSetup: (xhr, url, context) => {
        const target = renewal?.rewrite(url) ?? url;
        if (target !== url) xhr.open('GET', target, true);
        return ownSetup?.(xhr, target, context);
      },
    });
    engine.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
      qualities = toQualities(data.levels);
      emit('qualitieschange');
      if (hlsLoad && !hlsLoad.settled) {
        hlsLoad.settled = true;
        hlsLoad.resolve();
      }
    });
    engine.on(Hls.Events.LEVEL_SWITCHED, () => emit('qualitieschange'));
    engine.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal || !hlsLoad) return;
      if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !hlsLoad.recoveredMediaError) {
        // hls.js's documented recovery: re-attach the media once before giving up.
        hlsLoad.recoveredMediaError = true;
        engine.recoverMediaError();
        return;
      }
      hlsHealthy = false;
      const error = fromHlsError(data);
      if (!hlsLoad.settled) {
        hlsLoad.settled = true;
        hlsLoad.reject(error);
      } else {
        emit('error', error);
      }
    });
    engine.attachMedia(video);
    hls = engine;
    hlsHealthy = true;
    return engine;
  }

  function loadWithHls(source: VideoSource): Promise<void> {
    renewal = createSourceRenewal(source.url);
    const engine = engineForLoad();
    return new Promise<void>((resolve, reject) => {
      hlsLoad = { settled: false, recoveredMediaError: false, resolve, reject };
      engine.loadSource(source.url);
    });
  }

  function loadNative(source: VideoSource): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onLoaded = () => {
        video.removeEventListener('error', onError);
        resolve();
      };
      const onError = () => {
        video.removeEventListener('loadedmetadata', onLoaded);
        const code = video.error?.code ?? 0;
        reject({
          code: MEDIA_ERROR_CODES[code] ?? 'UNKNOWN',
          message: video.error?.message || `code ${code}`,
        });
      };
      video.addEventListener('loadedmetadata', onLoaded, { once: true });
      video.addEventListener('error', onError, { once: true });
      video.src = source.url;
    });
  }

  const adapter: VideoAdapter = {
    renewSource(source) {
      // hls.js only: Safari's native HLS fetches by itself and plays until the loaded grant expires.
      renewal?.renew(source.url);
    },
    load(source) {
      // Called again on a channel switch: the element and the engine stay, the previous source goes.
      chosenQuality = null;
      if (source.drm) {
        const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
        // Licences carry the newest grant too: each segment has its own key, asked for as it loads.
        player.eme.options.keySystems = buildKeySystems(
          source.drm,
          fetchWithRenewal(fetchImpl, () => renewal),
        );
      }
      const loading = Hls.isSupported()
        ? loadWithHls(source)
        : video.canPlayType('application/vnd.apple.mpegurl')
          ? loadNative(source)
          : Promise.reject({ code: 'MEDIA_UNSUPPORTED', message: 'neither MSE nor native HLS available' });
      // `hls` is this load's engine now (null under native HLS).
      options.onLoad?.(Hls.isSupported() ? hls : null, video, emit);
      return loading;
    },
    play: () => video.play(),
    pause: () => video.pause(),
    isPaused: () => video.paused,
    setMuted(muted) {
      video.muted = muted;
    },
    isMuted: () => video.muted,
    getCurrentTime: () => video.currentTime,
    getDuration: () => video.duration,
    seek(seconds) {
      video.currentTime = seconds;
    },
    isFullscreen: () => Boolean(player.isFullscreen()),
    async exitFullscreen() {
      await player.exitFullscreen();
    },
    getQualities: () => qualities,
    getQuality: () => chosenQuality,
    setQuality(id) {
      chosenQuality = id;
      // -1 hands the choice back to hls.js's bandwidth estimate.
      if (hls) hls.currentLevel = id === null ? -1 : Number(id);
    },
    getRate: () => video.playbackRate,
    setRate(rate) {
      video.playbackRate = rate;
    },
    isPictureInPicture: () => document.pictureInPictureElement === video,
    async togglePictureInPicture() {
      if (document.pictureInPictureElement === video) await document.exitPictureInPicture();
      else await video.requestPictureInPicture();
      return document.pictureInPictureElement === video;
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      listeners.clear();
      for (const remove of domListeners) remove();
      hls?.destroy();
      hls = null;
      hlsLoad = null;
      // dispose() removes the player's element (and the <video>) from the container.
      player.dispose();
    },
  };
  return adapter;
}
