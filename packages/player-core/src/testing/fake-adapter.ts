import type {
  PlayerQuality,
  VideoAdapter,
  VideoAdapterError,
  VideoAdapterEvent,
  VideoAdapterEvents,
  VideoSource,
  VideoTimeline,
} from '../types.js';

/** How a fake adapter behaves. */
export interface FakeAdapterOptions {
  /** Media length in seconds once loaded (default 1200; `Infinity` for a live stream that never ends). */
  duration?: number;
  qualities?: readonly PlayerQuality[];
  /** `load()` rejects with this. */
  loadError?: VideoAdapterError;
  /** `play()` rejects with this (e.g. `{ name: 'NotAllowedError' }`). */
  playError?: unknown;
  /** `load()` waits for `resolveLoad()` instead of resolving at once. */
  manualLoad?: boolean;
  startFullscreen?: boolean;
}

/** A scriptable stand-in for the video engine: what the controller did, and levers to act as the browser. */
export interface FakeVideoAdapter extends VideoAdapter {
  /** Every call the controller made, in order (`seek:30`, `setMuted:true`, …). */
  readonly calls: string[];
  readonly source: VideoSource | null;
  readonly destroyed: boolean;
  emit<E extends VideoAdapterEvent>(
    event: E,
    ...payload: VideoAdapterEvents[E] extends undefined ? [] : [VideoAdapterEvents[E]]
  ): void;
  /** Plays `seconds` of media: advances currentTime and emits timeupdate (and ended at the end). */
  advance(seconds: number): void;
  /** Something outside the controller resumes playback without any event (a devtools `play()`). */
  resumeSilently(): void;
  /** The viewer drags the native scrubber to `seconds`. */
  scrubTo(seconds: number): void;
  resolveLoad(): void;
  rejectLoad(error: VideoAdapterError): void;
  /** The engine read a playlist: the timeline `getTimeline()` reports from now on (emits timelinechange). */
  setTimeline(timeline: VideoTimeline | null): void;
}

/** Creates a fake adapter; pair it with `vi.useFakeTimers()` to drive the controller's countdown. */
export function createFakeAdapter(options: FakeAdapterOptions = {}): FakeVideoAdapter {
  const listeners = new Map<VideoAdapterEvent, Set<(payload: never) => void>>();
  const calls: string[] = [];
  let source: VideoSource | null = null;
  let paused = true;
  let muted = false;
  let currentTime = 0;
  let duration = 0;
  let fullscreen = options.startFullscreen ?? false;
  let quality: string | null = null;
  let rate = 1;
  let pip = false;
  let destroyed = false;
  let pendingLoad: { resolve: () => void; reject: (error: unknown) => void } | null = null;
  let timeline: VideoTimeline | null = null;

  function emit(event: VideoAdapterEvent, payload?: unknown): void {
    for (const listener of [...(listeners.get(event) ?? [])]) (listener as (value: unknown) => void)(payload);
  }

  function finishLoad(): void {
    duration = options.duration ?? 1200;
    emit('loadedmetadata');
  }

  const adapter: FakeVideoAdapter = {
    calls,
    get source() {
      return source;
    },
    get destroyed() {
      return destroyed;
    },
    load(next) {
      calls.push(`load:${next.url}`);
      // A new source, as the media element's load algorithm: from the start, paused, no timeline yet.
      source = next;
      currentTime = 0;
      paused = true;
      timeline = null;
      if (options.loadError) return Promise.reject(options.loadError);
      if (options.manualLoad) {
        return new Promise<void>((resolve, reject) => {
          pendingLoad = {
            resolve: () => {
              finishLoad();
              resolve();
            },
            reject,
          };
        });
      }
      finishLoad();
      return Promise.resolve();
    },
    renewSource(next) {
      calls.push(`renewSource:${next.url}`);
      source = next;
    },
    play() {
      calls.push('play');
      if (options.playError) return Promise.reject(options.playError);
      if (paused) {
        paused = false;
        emit('playing');
      }
      return Promise.resolve();
    },
    pause() {
      calls.push('pause');
      if (!paused) {
        paused = true;
        emit('pause');
      }
    },
    isPaused: () => paused,
    setMuted(value) {
      calls.push(`setMuted:${value}`);
      muted = value;
    },
    isMuted: () => muted,
    getCurrentTime: () => currentTime,
    getDuration: () => duration,
    seek(seconds) {
      calls.push(`seek:${seconds}`);
      currentTime = seconds;
      emit('seeking');
      emit('timeupdate');
    },
    isFullscreen: () => fullscreen,
    exitFullscreen() {
      calls.push('exitFullscreen');
      fullscreen = false;
      return Promise.resolve();
    },
    getQualities: () => options.qualities ?? [],
    getQuality: () => quality,
    setQuality(id) {
      calls.push(`setQuality:${id}`);
      quality = id;
    },
    getRate: () => rate,
    setRate(value) {
      calls.push(`setRate:${value}`);
      rate = value;
    },
    isPictureInPicture: () => pip,
    getTimeline: () => timeline,
    togglePictureInPicture() {
      calls.push('togglePictureInPicture');
      pip = !pip;
      emit('pictureinpicturechange');
      return Promise.resolve(pip);
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
      calls.push('destroy');
      destroyed = true;
      paused = true;
      listeners.clear();
    },
    emit: (event, ...payload) => emit(event, payload[0]),
    advance(seconds) {
      if (paused) return;
      currentTime = Math.min(duration, currentTime + seconds);
      emit('timeupdate');
      if (currentTime >= duration) {
        paused = true;
        emit('ended');
      }
    },
    resumeSilently() {
      paused = false;
      muted = false;
    },
    scrubTo(seconds) {
      currentTime = seconds;
      emit('seeking');
    },
    resolveLoad() {
      pendingLoad?.resolve();
      pendingLoad = null;
    },
    rejectLoad(error) {
      pendingLoad?.reject(error);
      pendingLoad = null;
    },
    setTimeline(next) {
      timeline = next;
      emit('timelinechange');
    },
  };
  return adapter;
}
