// A stand-in for Google's Cast Web Sender framework (cast_sender.js?loadCastFramework=1) on the partner
// page of e2e/embed.e2e.ts: the real one's names and shapes (cast.framework.CastContext, chrome.cast.media
// MediaInfo / LoadRequest, RemotePlayer and its controller), a receiver that "plays" what is loaded.
// It has no network: the journey checks what our SDK asks of it and what the frame gives it to play.
// window.fakeCast: loaded requests, the options set, and the receiver's side (end, remote changes).
(() => {
  class Emitter {
    constructor() {
      this.listeners = new Map();
    }
    addEventListener(type, listener) {
      if (!this.listeners.has(type)) this.listeners.set(type, new Set());
      this.listeners.get(type).add(listener);
    }
    removeEventListener(type, listener) {
      this.listeners.get(type)?.delete(listener);
    }
    dispatch(type, event) {
      for (const listener of [...(this.listeners.get(type) ?? [])]) listener({ type, ...event });
    }
  }
  class Image {
    constructor(url) {
      this.url = url;
    }
  }
  class MediaInfo {
    constructor(contentId, contentType) {
      this.contentId = contentId;
      this.contentType = contentType;
      this.streamType = 'BUFFERED';
      this.metadata = null;
    }
  }
  class GenericMediaMetadata {}
  class LoadRequest {
    constructor(media) {
      this.media = media;
      this.autoplay = true;
      this.currentTime = null;
    }
  }
  class RemotePlayer {
    constructor() {
      this.isConnected = false;
      this.currentTime = 0;
      this.isPaused = false;
      this.playerState = null;
    }
  }
  const controllers = [];
  class RemotePlayerController extends Emitter {
    constructor(player) {
      super();
      controllers.push({ player, emitter: this });
    }
  }
  const context = new Emitter();
  let session = null;
  const log = { options: [], loaded: [] };
  const start = () => {
    let media = null;
    session = {
      getSessionId: () => 'fake-session',
      getMediaSession: () => media,
      loadMedia: async (request) => {
        media = { media: request.media };
        log.loaded.push({
          contentId: request.media.contentId,
          contentType: request.media.contentType,
          streamType: request.media.streamType,
          title: request.media.metadata?.title,
          currentTime: request.currentTime,
        });
      },
    };
    for (const { player } of controllers) player.isConnected = true;
    context.dispatch('sessionstatechanged', { session, sessionState: 'SESSION_STARTED' });
  };
  const end = () => {
    const ended = session;
    if (!ended) return;
    session = null;
    for (const { player } of controllers) player.isConnected = false;
    context.dispatch('sessionstatechanged', { session: ended, sessionState: 'SESSION_ENDED' });
  };
  Object.assign(context, {
    setOptions: (options) => log.options.push(options),
    requestSession: async () => start(),
    endCurrentSession: () => end(),
    getCurrentSession: () => session,
    getCastState: () => (session ? 'CONNECTED' : 'NOT_CONNECTED'),
    getSessionState: () => (session ? 'SESSION_STARTED' : 'NO_SESSION'),
  });
  const events = {
    isPaused: 'isPausedChanged',
    currentTime: 'currentTimeChanged',
    playerState: 'playerStateChanged',
  };
  window.chrome = {
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
      ErrorCode: { CANCEL: 'cancel', SESSION_ERROR: 'session_error', LOAD_MEDIA_FAILED: 'load_media_failed' },
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
  window.cast = {
    framework: {
      CastContext: { getInstance: () => context },
      CastContextEventType: {
        CAST_STATE_CHANGED: 'caststatechanged',
        SESSION_STATE_CHANGED: 'sessionstatechanged',
      },
      SessionState: {
        NO_SESSION: 'NO_SESSION',
        SESSION_STARTING: 'SESSION_STARTING',
        SESSION_STARTED: 'SESSION_STARTED',
        SESSION_START_FAILED: 'SESSION_START_FAILED',
        SESSION_ENDING: 'SESSION_ENDING',
        SESSION_ENDED: 'SESSION_ENDED',
        SESSION_RESUMED: 'SESSION_RESUMED',
      },
      RemotePlayer,
      RemotePlayerController,
      RemotePlayerEventType: {
        ANY_CHANGE: 'anyChanged',
        CURRENT_TIME_CHANGED: 'currentTimeChanged',
        IS_PAUSED_CHANGED: 'isPausedChanged',
        PLAYER_STATE_CHANGED: 'playerStateChanged',
      },
    },
  };
  window.fakeCast = {
    log,
    end,
    remote(changes) {
      for (const { player, emitter } of controllers)
        for (const [field, value] of Object.entries(changes)) {
          player[field] = value;
          emitter.dispatch(events[field], { field, value });
          emitter.dispatch('anyChanged', { field, value });
        }
    },
  };
})();
