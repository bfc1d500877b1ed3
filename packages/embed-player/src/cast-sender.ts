// Casting from the partner page (SPEC §7, §8; decision 034 «Casting»): the host page's Google Cast Web
// Sender framework (`cast.framework` + `chrome.cast`, loaded by the partner with cast_sender.js) casts what
// our frame names. Loaded by `EmbedPlayer` with a dynamic import() only when the frame reports
// `castavailable`, so pages that never cast never download it (src/size.test.ts). It imports nothing at run
// time: what it needs of the player comes in `CastHost`.
import type {
  EmbedCastAction,
  EmbedCastAvailability,
  EmbedCastMedia,
  EmbedCommandName,
  EmbedCommands,
} from './protocol.js';

/** What the cast sender needs of the player: its frame's commands and events, and the availability. */
export interface CastHost {
  /** Posts a command to the frame; settles with the frame's reply value. */
  send<K extends EmbedCommandName>(event: K, data?: EmbedCommands[K]): Promise<unknown>;
  /** Subscribes to an event the frame sends; returns the unsubscribe function. */
  on(event: string, handler: () => void): () => void;
  /** Casting is available with `offer`, or (no offer) unavailable: the state, the handlers, the frame. */
  report(offer?: EmbedCastAvailability): void;
}

/** The cast side of one frame, made by `castSender`. */
export interface CastSender {
  /** Opens the browser's Cast dialog; resolves once a session started or the viewer cancelled. */
  request(): Promise<void>;
  /** Ends the session; the receiver's last time when the frame was casting (for `stopcasting`). */
  end(): { time: number } | undefined;
  /** Stops listening to the Cast framework and the frame (the session, if any, goes on). */
  stop(): void;
}

/** The options the sender reads. */
export interface CastSenderOptions {
  /** Whether the page has set up the Cast framework itself (its `setOptions` stands). */
  castInited: boolean;
  /** The image the receiver shows when the frame names none. */
  placeholder?: string | undefined;
}

// The part of the Cast Web Sender API used here (developers.google.com/cast/docs/reference/web_sender).
type Listener = (event: { type?: string; sessionState?: string; value?: unknown }) => void;
interface Emitter {
  addEventListener(type: string, listener: Listener): void;
  removeEventListener(type: string, listener: Listener): void;
}
interface CastSession {
  loadMedia(request: object): Promise<unknown>;
  getMediaSession(): { media?: { contentId?: string } } | null;
}
interface CastContext extends Emitter {
  setOptions(options: { receiverApplicationId: string; autoJoinPolicy: string }): void;
  requestSession(): Promise<unknown>;
  getCurrentSession(): CastSession | null;
  endCurrentSession(stopCasting: boolean): void;
}
interface RemotePlayer {
  isPaused: boolean;
  currentTime: number;
}
interface CastFramework {
  CastContext: { getInstance(): CastContext };
  CastContextEventType: { SESSION_STATE_CHANGED: string };
  SessionState: { SESSION_STARTED: string; SESSION_RESUMED: string; SESSION_ENDED: string };
  RemotePlayer: new () => RemotePlayer;
  RemotePlayerController: new (player: RemotePlayer) => Emitter;
  RemotePlayerEventType: {
    IS_PAUSED_CHANGED: string;
    CURRENT_TIME_CHANGED: string;
    PLAYER_STATE_CHANGED: string;
  };
}
interface ChromeCast {
  AutoJoinPolicy: Record<string, string>;
  ErrorCode: { CANCEL: string };
  Image: new (url: string) => object;
  media: {
    MediaInfo: new (
      contentId: string,
      contentType: string,
    ) => { streamType: string; metadata: object; contentUrl?: string };
    GenericMediaMetadata: new () => { title?: string; images?: object[] };
    LoadRequest: new (
      media: object,
    ) => { currentTime: number; autoplay: boolean; customData?: Record<string, unknown> };
    StreamType: { BUFFERED: string; LIVE: string };
    PlayerState: { IDLE: string };
  };
}
interface CastWindow {
  cast?: { framework?: CastFramework };
  chrome?: { cast?: ChromeCast };
}

function noop(): void {}

/** Whether `offer` is usable: the three fields, of their types, and a policy the framework knows. */
function usable(offer: unknown, policies: Record<string, string>): offer is EmbedCastAvailability {
  const o = offer as Partial<EmbedCastAvailability> | null;
  return (
    typeof o?.appId === 'string' &&
    o.appId !== '' &&
    Array.isArray(o.capabilities) &&
    o.capabilities.every((capability) => typeof capability === 'string') &&
    Object.values(policies).includes(o.autoJoinPolicy as string)
  );
}

/**
 * Sets up casting for the frame's `castavailable` offer: reports it unavailable (null) when the page has
 * no Cast API or the offer is unusable or the framework refuses its options, else available, and from
 * then on casts what the frame names on every session of the page's CastContext.
 */
export function castSender(host: CastHost, offer: unknown, options: CastSenderOptions): CastSender | null {
  const { cast, chrome } = window as unknown as CastWindow;
  const framework = cast?.framework;
  const api = chrome?.cast;
  let context: CastContext;
  try {
    // 0: no API or an unusable offer (nothing to log); anything else thrown is the framework's error.
    if (!framework || !api?.media || !usable(offer, api.AutoJoinPolicy)) throw 0;
    context = framework.CastContext.getInstance();
    if (!options.castInited)
      context.setOptions({ receiverApplicationId: offer.appId, autoJoinPolicy: offer.autoJoinPolicy });
  } catch (error) {
    if (error !== 0) console.error('cast init error', error);
    host.report();
    return null;
  }
  const { media } = api;
  const remote = new framework.RemotePlayer();
  const controller = new framework.RemotePlayerController(remote);
  const remoteEvents = framework.RemotePlayerEventType;
  const sessionChanged = framework.CastContextEventType.SESSION_STATE_CHANGED;
  const { SESSION_STARTED, SESSION_RESUMED, SESSION_ENDED } = framework.SessionState;
  /** Whether the frame has taken a session (replied to `requestcasting`), so is showing the receiver. */
  let casting = false;
  /** The receiver's last known time, seconds. */
  let time = 0;
  /** False once stopped: a `requestcasting` still unanswered then (the frame restarted) changes nothing. */
  let live = true;

  const fail = (error: unknown): void => {
    if (!live) return;
    console.error('cast session error', error);
    context.endCurrentSession(true);
  };

  /** A session is there: the frame switches to casting and names what the receiver loads. */
  const start = (): void => {
    const session = context.getCurrentSession();
    if (!session) return;
    host
      .send('requestcasting')
      .then((value) => {
        const item = value as Partial<EmbedCastMedia> | undefined;
        if (!live) return;
        if (typeof item?.contentId !== 'string' || typeof item.contentType !== 'string')
          throw new Error('no media to cast');
        casting = true;
        time = Number.isFinite(item.currentTime) ? (item.currentTime as number) : 0;
        // A resumed session already playing it (the page reloaded, the frame restarted) is left alone.
        if (session.getMediaSession()?.media?.contentId === item.contentId) return;
        const info = new media.MediaInfo(item.contentId, item.contentType);
        info.contentUrl = item.contentId;
        info.streamType = item.live ? media.StreamType.LIVE : media.StreamType.BUFFERED;
        const metadata = new media.GenericMediaMetadata();
        if (typeof item.title === 'string') metadata.title = item.title;
        const image = typeof item.poster === 'string' ? item.poster : options.placeholder;
        if (image) metadata.images = [new api.Image(image)];
        info.metadata = metadata;
        const request = new media.LoadRequest(info);
        request.autoplay = true;
        request.currentTime = time;
        if (item.customData) request.customData = item.customData;
        return session.loadMedia(request);
      })
      .catch(fail);
  };

  const onSession: Listener = ({ sessionState }) => {
    if (sessionState === SESSION_STARTED || sessionState === SESSION_RESUMED) start();
    else if (sessionState === SESSION_ENDED && casting) {
      casting = false;
      host.send('stopcasting', { time }).catch(noop);
    }
  };

  const action = (name: EmbedCastAction): void => {
    host.send('castreceiveraction', { action: name, time }).catch(noop);
  };
  const onRemote: Listener = ({ type, value }) => {
    if (!casting) return;
    if (type !== remoteEvents.PLAYER_STATE_CHANGED) {
      time = remote.currentTime;
      action(remote.isPaused ? 'pause' : 'play');
    } else if (value === media.PlayerState.IDLE) action('stop');
  };
  const remoteTypes = [
    remoteEvents.IS_PAUSED_CHANGED,
    remoteEvents.CURRENT_TIME_CHANGED,
    remoteEvents.PLAYER_STATE_CHANGED,
  ];

  const request = (): Promise<void> =>
    context.requestSession().then(noop, (code: unknown) => {
      // The viewer closing the dialog is no error (SPEC §8).
      if (code === api.ErrorCode.CANCEL) return;
      console.error('cast session error', code);
      throw new Error(`cast: ${String(code)}`);
    });
  const end = (): { time: number } | undefined => {
    const was = casting;
    casting = false;
    context.endCurrentSession(true);
    return was ? { time } : undefined;
  };

  context.addEventListener(sessionChanged, onSession);
  for (const type of remoteTypes) controller.addEventListener(type, onRemote);
  const offs = [
    host.on('castrequest', () => {
      request().catch(noop);
    }),
    // The session's end sends `stopcasting` (onSession).
    host.on('caststop', () => context.endCurrentSession(true)),
  ];
  host.report(offer);
  // A session the page already has (set up by the page, or resumed before this frame offered casting).
  start();

  return {
    request,
    end,
    stop() {
      live = casting = false;
      context.removeEventListener(sessionChanged, onSession);
      for (const type of remoteTypes) controller.removeEventListener(type, onRemote);
      for (const off of offs) off();
    },
  };
}
