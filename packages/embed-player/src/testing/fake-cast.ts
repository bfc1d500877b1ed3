// Test helpers: a fake Google Cast Web Sender API on `window` (`cast.framework` and `chrome.cast`), with
// the real one's shapes and values (developers.google.com/cast/docs/reference/web_sender): a CastContext
// singleton with setOptions, requestSession (a Promise rejecting with a chrome.cast.ErrorCode string),
// getCurrentSession, endCurrentSession and SESSION_STATE_CHANGED events; CastSession's loadMedia and
// getMediaSession; RemotePlayer and RemotePlayerController with RemotePlayerEventType events. Tests drive
// the receiver's side through the returned handle. Not published (tsconfig.build.json leaves it out).
import { type Mock, vi } from 'vitest';

type Listener = (event: Record<string, unknown>) => void;

class Emitter {
  readonly listeners = new Map<string, Set<Listener>>();
  addEventListener(type: string, listener: Listener): void {
    const set = this.listeners.get(type) ?? new Set();
    this.listeners.set(type, set);
    set.add(listener);
  }
  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }
  dispatch(type: string, event: Record<string, unknown>): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener({ type, ...event });
  }
  /** How many listeners are attached, all types together. */
  count(): number {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
}

const ErrorCode = {
  CANCEL: 'cancel',
  TIMEOUT: 'timeout',
  API_NOT_INITIALIZED: 'api_not_initialized',
  INVALID_PARAMETER: 'invalid_parameter',
  EXTENSION_NOT_COMPATIBLE: 'extension_not_compatible',
  EXTENSION_MISSING: 'extension_missing',
  RECEIVER_UNAVAILABLE: 'receiver_unavailable',
  SESSION_ERROR: 'session_error',
  CHANNEL_ERROR: 'channel_error',
  LOAD_MEDIA_FAILED: 'load_media_failed',
} as const;

const SessionState = {
  NO_SESSION: 'NO_SESSION',
  SESSION_STARTING: 'SESSION_STARTING',
  SESSION_STARTED: 'SESSION_STARTED',
  SESSION_START_FAILED: 'SESSION_START_FAILED',
  SESSION_ENDING: 'SESSION_ENDING',
  SESSION_ENDED: 'SESSION_ENDED',
  SESSION_RESUMED: 'SESSION_RESUMED',
} as const;

const RemotePlayerEventType = {
  ANY_CHANGE: 'anyChanged',
  IS_CONNECTED_CHANGED: 'isConnectedChanged',
  IS_MEDIA_LOADED_CHANGED: 'isMediaLoadedChanged',
  DURATION_CHANGED: 'durationChanged',
  CURRENT_TIME_CHANGED: 'currentTimeChanged',
  IS_PAUSED_CHANGED: 'isPausedChanged',
  VOLUME_LEVEL_CHANGED: 'volumeLevelChanged',
  IS_MUTED_CHANGED: 'isMutedChanged',
  PLAYER_STATE_CHANGED: 'playerStateChanged',
} as const;

/** The fields of chrome.cast.Image, chrome.cast.media.MediaInfo, GenericMediaMetadata and LoadRequest. */
class Image {
  height: number | null = null;
  width: number | null = null;
  constructor(readonly url: string) {}
}
class MediaInfo {
  contentUrl: string | undefined = undefined;
  streamType = 'BUFFERED';
  metadata: unknown = null;
  duration: number | null = null;
  customData: unknown = null;
  constructor(
    readonly contentId: string,
    readonly contentType: string,
  ) {}
}
class GenericMediaMetadata {
  metadataType = 0;
  type = 0;
  title: string | undefined = undefined;
  subtitle: string | undefined = undefined;
  images: Image[] | undefined = undefined;
}
class LoadRequest {
  type = 'LOAD';
  autoplay = true;
  currentTime: number | null = null;
  customData: unknown = null;
  activeTrackIds: number[] | null = null;
  constructor(readonly media: MediaInfo) {}
}

/** cast.framework.RemotePlayer: the receiver's state, kept up to date by its controller. */
class RemotePlayer {
  isConnected = false;
  isMediaLoaded = false;
  duration = 0;
  currentTime = 0;
  isPaused = false;
  isMuted = false;
  volumeLevel = 1;
  playerState: string | null = null;
}

/** A session as tests see it: CastSession's methods, spied on. */
export interface FakeSession {
  loadMedia: Mock<(request: LoadRequest) => Promise<undefined>>;
  getMediaSession: Mock<() => { media: MediaInfo } | null>;
  getSessionId: () => string;
}

/** The handle tests drive the fake with. */
export interface FakeCast {
  /** The CastContext singleton's spies. */
  context: {
    setOptions: Mock<(options: Record<string, unknown>) => void>;
    requestSession: Mock<() => Promise<undefined>>;
    endCurrentSession: Mock<(stopCasting: boolean) => void>;
    /** Listeners on the context (all event types). */
    listeners: () => number;
  };
  /** Listeners on every RemotePlayerController made (all event types). */
  remoteListeners: () => number;
  /** The current session, or null. */
  session: () => FakeSession | null;
  /** A session starts (or resumes) from the receiver's side, as the browser's Cast dialog or menu makes it. */
  startSession: (state?: 'SESSION_STARTED' | 'SESSION_RESUMED', playing?: MediaInfo) => FakeSession;
  /** The session ends from the receiver's side (the TV, or the browser's Cast dialog). */
  endSession: () => void;
  /** The receiver's playback changes: every RemotePlayer updates, and its controller tells its listeners. */
  remote: (changes: Partial<Pick<RemotePlayer, 'isPaused' | 'currentTime' | 'playerState'>>) => void;
  /** chrome.cast.media's classes: what a resumed session already plays, what the SDK loads. */
  MediaInfo: typeof MediaInfo;
  LoadRequest: typeof LoadRequest;
}

/** Puts a fake Cast Web Sender API on `window` (remove it with `removeFakeCast`). */
export function installFakeCast(): FakeCast {
  const context = new Emitter();
  let current: FakeSession | null = null;
  const controllers: { player: RemotePlayer; emitter: Emitter }[] = [];

  const startSession: FakeCast['startSession'] = (state = SessionState.SESSION_STARTED, playing) => {
    const session: FakeSession = {
      loadMedia: vi.fn(async (request: LoadRequest) => {
        session.getMediaSession.mockReturnValue({ media: request.media });
        return undefined;
      }),
      getMediaSession: vi.fn(() => (playing ? { media: playing } : null)),
      getSessionId: () => 'session-1',
    };
    current = session;
    for (const { player } of controllers) player.isConnected = true;
    context.dispatch('sessionstatechanged', { session, sessionState: state, errorCode: undefined });
    return session;
  };

  const endSession = (): void => {
    const session = current;
    if (!session) return;
    current = null;
    for (const { player } of controllers) player.isConnected = false;
    context.dispatch('sessionstatechanged', {
      session,
      sessionState: SessionState.SESSION_ENDED,
      errorCode: undefined,
    });
  };

  const spies = {
    setOptions: vi.fn<(options: Record<string, unknown>) => void>(),
    // The real dialog starts a session, then resolves; a test makes it reject with an ErrorCode.
    requestSession: vi.fn(async () => {
      startSession();
      return undefined;
    }),
    endCurrentSession: vi.fn((_stopCasting: boolean) => endSession()),
  };
  const castContext = Object.assign(context, spies, {
    getCurrentSession: () => current,
    getCastState: () => (current ? 'CONNECTED' : 'NOT_CONNECTED'),
    getSessionState: () => (current ? SessionState.SESSION_STARTED : SessionState.NO_SESSION),
  });

  class RemotePlayerController extends Emitter {
    constructor(player: RemotePlayer) {
      super();
      controllers.push({ player, emitter: this });
    }
  }

  const events = {
    isPaused: RemotePlayerEventType.IS_PAUSED_CHANGED,
    currentTime: RemotePlayerEventType.CURRENT_TIME_CHANGED,
    playerState: RemotePlayerEventType.PLAYER_STATE_CHANGED,
  } as const;

  const global = window as unknown as Record<string, unknown>;
  global.chrome = {
    cast: {
      AutoJoinPolicy: {
        TAB_AND_ORIGIN_SCOPED: 'tab_and_origin_scoped',
        ORIGIN_SCOPED: 'origin_scoped',
        PAGE_SCOPED: 'page_scoped',
      },
      Capability: {
        VIDEO_OUT: 'video_out',
        AUDIO_OUT: 'audio_out',
        VIDEO_IN: 'video_in',
        AUDIO_IN: 'audio_in',
      },
      ErrorCode,
      Image,
      media: {
        DEFAULT_MEDIA_RECEIVER_APP_ID: 'CC1AD845',
        MediaInfo,
        GenericMediaMetadata,
        LoadRequest,
        StreamType: { BUFFERED: 'BUFFERED', LIVE: 'LIVE', OTHER: 'OTHER' },
        PlayerState: { IDLE: 'IDLE', PLAYING: 'PLAYING', PAUSED: 'PAUSED', BUFFERING: 'BUFFERING' },
      },
    },
  };
  global.cast = {
    framework: {
      CastContext: { getInstance: () => castContext },
      CastContextEventType: {
        CAST_STATE_CHANGED: 'caststatechanged',
        SESSION_STATE_CHANGED: 'sessionstatechanged',
      },
      SessionState,
      RemotePlayer,
      RemotePlayerController,
      RemotePlayerEventType,
    },
  };

  return {
    context: { ...spies, listeners: () => context.count() },
    remoteListeners: () => controllers.reduce((sum, { emitter }) => sum + emitter.count(), 0),
    session: () => current,
    startSession,
    endSession,
    remote: (changes) => {
      for (const { player, emitter } of controllers)
        for (const [field, value] of Object.entries(changes)) {
          (player as unknown as Record<string, unknown>)[field] = value;
          const event = { field, value };
          emitter.dispatch(events[field as keyof typeof events], event);
          emitter.dispatch(RemotePlayerEventType.ANY_CHANGE, event);
        }
    },
    MediaInfo,
    LoadRequest,
  };
}

/** Takes the fake Cast API off `window`. */
export function removeFakeCast(): void {
  const global = window as unknown as Record<string, unknown>;
  delete global.chrome;
  delete global.cast;
}
