// The player on a partner page (SPEC §2, §3, §7): our frame in the partner's container, driven by commands
// posted to it (each a Promise the frame's `reply` settles) and listening to what the frame posts back.
import type { CastSender } from './cast-sender.js';
import { decodeLightConfig } from './light-config.js';
import { type LightService, startLightService } from './light-service.js';
import type {
  EmbedPlayerEvents,
  EmbedPlayerOptions,
  EmbedPlayerResolvedOptions,
  EmbedPlayerState,
} from './options.js';
import {
  DEFAULT_MESSAGE_FLAG,
  EMBED_PAGE_PATH,
  type EmbedCastAvailability,
  type EmbedCommandName,
  type EmbedCommands,
  type EmbedEnv,
  type EmbedProgramme,
  framePageUrl,
  fromWire,
  SDK_VERSION,
  toWire,
} from './protocol.js';

type Handler = (data: unknown) => void;

// `Error(…)` without `new` (the same object) throughout: bytes count here (size.test.ts, 4 KB gzip).

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

function noop(): void {}

function initialState(source: string, muted: boolean, volume: number): EmbedPlayerState {
  return {
    source,
    state: 'init',
    buffering: false,
    quality: null,
    qualities: [],
    seekallowed: false,
    buffered: 0,
    advertsmode: false,
    listenerAttached: true,
    ended: false,
    duration: null,
    currentTime: 0,
    muted,
    volume,
    castAvailable: false,
  };
}

export class EmbedPlayer {
  /** The partner's element the frame lives in. */
  readonly container: HTMLElement;
  /** The light (reserve) configuration, for the light service. */
  readonly lightConfig: string | undefined;
  /** Resolves when the frame first reports the 'ready' state; rejects if destroyed before. */
  readonly ready: Promise<void>;
  private o: EmbedPlayerResolvedOptions;
  private startGiven: boolean;
  private s: EmbedPlayerState;
  private f: HTMLIFrameElement | null = null;
  /** Whether this frame has been ready (the ready actions run once per frame). */
  private frameReady = false;
  private lastId = 0;
  private pending = new Map<number, Pending>();
  private handlers = new Map<string, Set<Handler>>();
  private resolveReady: () => void = noop;
  private rejectReady: (error: Error) => void = noop;
  private listener = (event: MessageEvent): void => this.receive(event);
  /** The light service, when the light config names a flag URL: it restarts the frame on another config. */
  private light: LightService | null = null;
  /** The cast sender (cast-sender.ts, loaded when the frame offers casting), once set up. */
  private c: CastSender | null = null;
  /** Counts cast offers and frames: a sender loaded for an older one is not set up. */
  private cn = 0;
  /** What the cast sender may do with this player (cast-sender.ts). */
  private host = {
    send: <K extends EmbedCommandName>(event: K, data?: EmbedCommands[K]) =>
      this.send<unknown, K>(event, data),
    on: (event: string, handler: () => void) => this.on(event, handler),
    report: (offer?: EmbedCastAvailability) => this.report(offer),
  };

  constructor(
    containerId: string,
    configUrl: string,
    lightConfig?: string,
    options: EmbedPlayerOptions = {},
  ) {
    const container = document.getElementById(containerId);
    if (!container) throw Error('Container not found');
    if (!configUrl) throw Error('configUrl must be specified');
    this.container = container;
    this.lightConfig = lightConfig;
    this.startGiven = options.start !== undefined;
    const o: EmbedPlayerResolvedOptions = {
      messageFlag: DEFAULT_MESSAGE_FLAG,
      targetOrigin: '*',
      start: 'none',
      saveStateOnChange: true,
      useControls: true,
      castInited: false,
      commandTimeoutMs: 10_000,
    };
    for (const [key, value] of Object.entries(options))
      if (value !== undefined) (o as unknown as Record<string, unknown>)[key] = value;
    if (o.volume !== undefined) o.volume = clamp(o.volume);
    // An origin as event.origin spells it ('https://partner.example/' would never match).
    if (o.targetOrigin !== '*') o.targetOrigin = new URL(o.targetOrigin).origin;
    this.o = o;
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(noop);
    this.s = initialState(configUrl, o.muted ?? false, o.volume ?? 1);
    window.addEventListener('message', this.listener);
    this.mount();
    // SPEC §4 config switching: a reserve config from the flag URL, the main one again on a lock, a
    // failed flag request or no reserve (light-service.ts); placeholders are filled by the service.
    const light = decodeLightConfig(lightConfig);
    if (light)
      this.light = startLightService({
        config: light,
        onSwitch: (target) => this.restart(target.kind === 'main' ? configUrl : target.url),
      });
  }

  /** The frame, or null once destroyed. */
  get frame(): HTMLIFrameElement | null {
    return this.f;
  }

  /** The options in force, defaults filled in (`start` as the last restart set it). */
  get options(): EmbedPlayerResolvedOptions {
    return { ...this.o };
  }

  /** A copy of what the SDK knows of the player. */
  getState(): EmbedPlayerState {
    return { ...this.s, qualities: [...this.s.qualities] };
  }

  /** Subscribes to an event the frame sends; returns the unsubscribe function. */
  on<K extends keyof EmbedPlayerEvents>(event: K, handler: (data: EmbedPlayerEvents[K]) => void): () => void;
  on(event: string, handler: (data: unknown) => void): () => void;
  on(event: string, handler: (data: never) => void): () => void {
    const set = this.handlers.get(event) ?? new Set();
    this.handlers.set(event, set);
    set.add(handler as Handler);
    return () => {
      set.delete(handler as Handler);
    };
  }

  /** The programme or title playing. */
  getCurrentProgramme(): Promise<EmbedProgramme> {
    return this.send('getcurrentprogramme');
  }

  play(): Promise<void> {
    return this.send('play');
  }

  pause(): Promise<void> {
    return this.send('pause');
  }

  setMuted(muted: boolean): Promise<void> {
    return this.send('setmuted', { muted });
  }

  /** 0…1 (clamped). */
  setVolume(volume: number): Promise<void> {
    return this.send('setvolume', { volume: clamp(volume) });
  }

  /** Seeks: seconds from the start (VOD) or within the DVR window (live). */
  setTime(time: number): Promise<void> {
    return this.send('settime', { time });
  }

  /** A quality's id from `getState().qualities`. */
  setQuality(quality: string): Promise<void> {
    return this.send('setquality', { quality });
  }

  /** A captions track's language, or null for none. */
  setCaptions(language: string | null): Promise<void> {
    return this.send('setcaptions', { language });
  }

  setCaptionsStyle(style: EmbedCommands['setcaptionsstyle']): Promise<void> {
    return this.send('setcaptionsstyle', style);
  }

  requestFullscreen(): Promise<void> {
    return this.send('requestfullscreen');
  }

  exitFullscreen(): Promise<void> {
    return this.send('exitfullscreen');
  }

  /**
   * Opens the browser's Cast dialog (call it from a click: the browser wants a user gesture). Resolves when
   * a session started (the frame then names what to cast) or the viewer cancelled; rejects when casting
   * is unavailable or the session fails.
   */
  requestCasting(): Promise<void> {
    return this.c ? this.c.request() : Promise.reject(Error('cast unavailable'));
  }

  /** Tells the frame what the Cast receiver does (the SDK does it on its own while it casts). */
  castReceiverAction(action: EmbedCommands['castreceiveraction']['action'], time?: number): Promise<void> {
    return this.send('castreceiveraction', time === undefined ? { action } : { action, time });
  }

  /** Ends the Cast session, if any, and tells the frame to play on its own again (`stopcasting`). */
  stopCasting(): Promise<void> {
    return this.send('stopcasting', this.c?.end());
  }

  /**
   * Re-creates the frame with `configUrl` (or the current one). Unless `start` was given, with
   * `saveStateOnChange` the new frame starts playing if the old one was playing or showing adverts.
   */
  restart(configUrl?: string): void {
    const { s, o } = this;
    if (!s.listenerAttached) return;
    if (o.saveStateOnChange && !this.startGiven)
      o.start = s.state === 'playing' || s.advertsmode ? 'auto' : 'none';
    this.unmount(Error('restarted'));
    this.s = initialState(configUrl || s.source, s.muted, s.volume);
    this.mount();
  }

  /** Removes the frame and the page listener; pending commands reject. */
  destroy(): void {
    const error = Error('destroyed');
    this.light?.stop();
    this.light = null;
    this.unmount(error);
    window.removeEventListener('message', this.listener);
    this.s.listenerAttached = false;
    this.rejectReady(error);
    this.handlers.clear();
  }

  private mount(): void {
    const frame = document.createElement('iframe');
    // Our frame page on the config's own origin, so a reserve config on a reserve deployment is
    // played by that deployment's frame page (unless the partner names one).
    frame.src = framePageUrl(
      this.o.playerUrl || pageOf(this.s.source),
      absolute(this.s.source),
      this.o.messageFlag,
    );
    frame.style.cssText = 'width:100%;height:100%;border:0';
    // Its accessible name (axe: frame-title): screen readers announce the frame by it.
    frame.title = 'Плеер Кадра';
    frame.setAttribute('scrolling', 'no');
    frame.setAttribute('allow', 'encrypted-media; autoplay; fullscreen');
    frame.setAttribute('allowfullscreen', '');
    this.container.appendChild(frame);
    this.f = frame;
  }

  private unmount(error: Error): void {
    this.dropCast();
    this.f?.remove();
    this.f = null;
    this.frameReady = false;
    for (const id of [...this.pending.keys()]) this.settle(id, error);
  }

  private send<T = void, K extends EmbedCommandName = EmbedCommandName>(
    event: K,
    data?: EmbedCommands[K],
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      const id = ++this.lastId;
      try {
        // A frame the page took out of the document (or none, once destroyed) has no window to post to.
        if (!this.f?.isConnected) throw 0;
        this.f.contentWindow!.postMessage(
          toWire(this.o.messageFlag, { event, data, id }),
          this.o.targetOrigin,
        );
      } catch {
        console.error('unable to send control');
        return reject(Error('unable to send control'));
      }
      this.pending.set(id, {
        resolve: resolve as (value: unknown) => void,
        reject,
        timer: setTimeout(() => this.settle(id, Error(`${event}: no reply`)), this.o.commandTimeoutMs),
      });
    });
  }

  /** A command the SDK sends on its own: nobody awaits it. */
  private command<K extends EmbedCommandName>(event: K, data?: EmbedCommands[K]): void {
    this.send(event, data).catch(noop);
  }

  private settle(id: number, error?: Error, value?: unknown): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    if (error) pending.reject(error);
    else pending.resolve(value);
  }

  private setEnv(): void {
    const env: EmbedEnv = {
      sdkVersion: SDK_VERSION,
      pageUrl: location.href,
      userAgent: navigator.userAgent.slice(0, 350),
      useControls: this.o.useControls,
      partner: this.o.env,
    };
    this.command('setenv', env);
  }

  private receive(event: MessageEvent): void {
    const { o, s } = this;
    const source = this.f?.contentWindow;
    if (!source || event.source !== source || (o.targetOrigin !== '*' && event.origin !== o.targetOrigin))
      return;
    const message = fromWire(o.messageFlag, event.data);
    if (!message) return;
    const data = (typeof message.data === 'object' && message.data) || {};
    const d = data as Record<string, unknown>;
    let becameReady = false;
    switch (message.event) {
      case 'reply':
        if (message.replyTo !== undefined)
          this.settle(
            message.replyTo,
            d.ok === true ? undefined : Error(String(d.error ?? 'refused')),
            d.value,
          );
        return;
      case 'playerinitstart':
        this.setEnv();
        break;
      case 'playerinitend':
        this.command('getcurrentprogramme');
        break;
      case 'advertsmodechange':
        s.advertsmode = d.adverts === true;
        break;
      case 'castavailable': {
        // Reported (castavailable or castunavailable) once the sender has checked the offer; a page
        // without the Cast framework never loads the sender.
        const n = this.dropCast();
        if (!(window as { cast?: { framework?: unknown } }).cast?.framework) this.report();
        else
          import('./cast-sender.js').then(
            ({ castSender }) => {
              if (n === this.cn) this.c = castSender(this.host, message.data, o);
            },
            (error) => {
              console.error('cast init error', error);
              if (n === this.cn) this.report();
            },
          );
        return;
      }
      case 'castunavailable':
        this.dropCast();
        break;
      case 'statechange': {
        if (typeof d.state !== 'string') return;
        const record = s as unknown as Record<string, unknown>;
        for (const key of Object.keys(s)) {
          const value = d[key];
          if (key !== 'source' && key !== 'listenerAttached' && fits(key, value, record[key]))
            record[key] = value;
        }
        // A frame that cannot play (its config or content missing, or failing) before it was ready.
        if (s.state === 'error' && !this.frameReady) this.rejectReady(Error(String(d.error)));
        if (s.state === 'ready' && !this.frameReady) {
          this.frameReady = becameReady = true;
          if (o.volume !== undefined) this.command('setvolume', { volume: o.volume });
          if (o.muted !== undefined) this.command('setmuted', { muted: o.muted });
          if (o.start === 'auto') this.command('play');
          this.resolveReady();
        }
      }
    }
    this.emit(message.event, message.data);
    if (becameReady) this.emit('ready', this.getState());
  }

  /** Casting available with `offer`, or not: the state, the page's handlers, and the frame when not. */
  private report(offer?: EmbedCastAvailability): void {
    this.s.castAvailable = !!offer;
    if (offer) this.emit('castavailable', offer);
    else {
      this.command('castunavailable');
      this.emit('castunavailable', undefined);
    }
  }

  /** Forgets the cast sender and any sender still loading; casting is unavailable until offered again. */
  private dropCast(): number {
    this.c?.stop();
    this.c = null;
    this.s.castAvailable = false;
    return ++this.cn;
  }

  private emit(event: string, data: unknown): void {
    for (const handler of [...(this.handlers.get(event) ?? [])])
      try {
        handler(data);
      } catch (error) {
        console.error(error);
      }
  }
}

/** Whether a statechange's value may replace the state's (same type; null only where null is allowed). */
function fits(key: string, value: unknown, current: unknown): boolean {
  if (value === undefined) return false;
  if (value === null) return key === 'duration' || key === 'quality';
  if (key === 'qualities') return Array.isArray(value);
  return current === null || typeof value === typeof current;
}

/** `url` against the page's address (the frame page may be on another origin), or as it is if unreadable. */
function absolute(url: string): string {
  try {
    return new URL(url, location.href).href;
  } catch {
    return url;
  }
}

/** Our frame page on the config URL's origin (the page's own when the URL cannot be read). */
function pageOf(configUrl: string): string {
  try {
    return new URL(EMBED_PAGE_PATH, new URL(configUrl, location.href)).href;
  } catch {
    return EMBED_PAGE_PATH;
  }
}

function clamp(volume: number): number {
  return Math.min(1, Math.max(0, volume));
}
