import type { EmbedConfig } from '@kadr/api-contract';
import type { EmbedEnv, EmbedProgramme } from '@kadr/embed-player/protocol';
import type { ChannelController, PlayerController, PlayerSnapshot } from '@kadr/player-core';
import { currentProgramme, scheduleDayAt, viewerTimeZone } from '@kadr/schedule-utils';
import { Button, Loader, Placeholder } from '@kadr/ui-kit';
import { useQuery } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { ROUTER_BASENAME } from '../../env';
import { useMovie } from '../../features/movie/use-movie';
import { useSeasons } from '../../features/movie/use-seasons';
import { PlayerBlock } from '../../features/player';
import type { ChannelPlayback } from '../../features/player/channel-playback';
import { ChannelPlayerSlot } from '../../features/player/channel-player-slot';
import { scheduleDayQuery } from '../../features/schedule/schedule-queries';
import { type Content, channelPath, moviePath } from '../../shared/catalogue-types';
import { useServices } from '../../shared/services';
import { channelPackageQuery, isNotFound } from '../tv-channel/channel-queries';
import { CastControls } from './cast-controls';
import styles from './embed.module.css';
import { EmbedConfigError, type EmbedParams, embedConfigQuery } from './embed-config';
import { EmbedStill } from './embed-still';
import { castable, type FrameCast, NO_CAST, promptCast, watchCast } from './frame-cast';
import { type FramePlayer, isValid, runFrameCommand } from './frame-commands';
import { createFrameLink, type FrameLink } from './frame-link';
import { bufferedAheadOf, type FrameView, stateChange, stateOf } from './frame-state';
import { embedMessages as m } from './messages';

/** The frame's controller: a title's or a channel's (the commands use what both have). */
type AnyController = PlayerController | ChannelController;

/** Opens the frame's session (resolves at once when it has one); the player waits for it (decision 047). */
type SessionOpener = () => Promise<void>;
const haveSession: SessionOpener = () => Promise.resolve();
const SessionOpenerContext = createContext<SessionOpener>(haveSession);

/** The frame page (SPEC §2 embeddable player; docs/decisions/035): a config's title or channel, driven by the SDK. */
export function EmbedScreen({
  params,
  host = window.parent,
  openSession = haveSession,
}: {
  params: EmbedParams | null;
  /** The embedding page's window (tests pass a fake); the frame's own when opened on its own. */
  host?: Window;
  /**
   * Opens the frame's session. A frame makes no anonymous profile until it plays (decision 047): the
   * poster, the title and the SDK's `ready` come from catalogue reads that need none, and play opens it.
   */
  openSession?: SessionOpener;
}) {
  if (!params) return <Placeholder title={m.badAddress} />;
  return (
    <SessionOpenerContext.Provider value={openSession}>
      <EmbedConfigLoader params={params} host={host} />
    </SessionOpenerContext.Provider>
  );
}

function EmbedConfigLoader({ params, host }: { params: EmbedParams; host: Window }) {
  const config = useQuery(embedConfigQuery(params.configUrl));
  // The SDK hears from us at once: it sends setenv in answer (SPEC §7).
  const link = useFrameLinkOf(params.flag, host);
  if (config.isError) {
    const missing = config.error instanceof EmbedConfigError && config.error.reason === 'not_found';
    return (
      <Failure link={link} missing={missing} onRetry={missing ? undefined : () => void config.refetch()} />
    );
  }
  if (!config.data || !link) return <Loader variant="fullPage" label={m.loading} />;
  return config.data.content.type === 'channel' ? (
    <EmbedChannel config={config.data} link={link} />
  ) : (
    <EmbedTitle config={config.data} link={link} />
  );
}

/** The frame cannot play: says so to the viewer, and to the SDK (the `error` state). */
function Failure({
  link,
  missing,
  onRetry,
}: {
  link: BoundLink | null;
  missing: boolean;
  onRetry?: () => void;
}) {
  useEffect(() => {
    link?.fail(missing ? 'not_found' : 'failed');
  }, [link, missing]);
  return (
    <div role="alert" className={styles.failure}>
      <Placeholder
        title={missing ? m.notFound : m.configFailed}
        text={missing ? m.notFoundText : m.configFailedText}
      >
        {onRetry && <Button onClick={onRetry}>{m.retry}</Button>}
      </Placeholder>
    </div>
  );
}

/**
 * The link with the embedding page for the life of the frame, `playerinitstart` sent once it listens.
 * The commands go to whatever player the screen sets with `link.bind` (a ref: the latest one).
 */
interface BoundLink extends FrameLink {
  /** Sets the player the commands drive (null: none yet); a `setenv` heard before reaches it. */
  bind(player: FramePlayer | null): void;
  /** Sends `currentprogramme` when the programme differs from the last one sent. */
  announce(programme: EmbedProgramme): void;
  /** Tells the SDK the frame cannot play (the `error` state, with the reason). */
  fail(reason: FrameFailure): void;
}

/** Why the frame cannot play: its config or content is missing, or loading it failed. */
type FrameFailure = 'not_found' | 'failed';

function useFrameLinkOf(flag: string, host: Window): BoundLink | null {
  const [link, setLink] = useState<BoundLink | null>(null);
  useEffect(() => {
    // Opened on its own (not in a frame): it plays, and speaks to nobody.
    if (host === window) {
      setLink({ post: noop, destroy: noop, bind: noop, announce: noop, fail: noop });
      return;
    }
    let player: FramePlayer | null = null;
    // The SDK answers playerinitstart with setenv at once, before the content (and a player) is here.
    let env: EmbedEnv | null = null;
    let announced = '';
    const announce = (programme: EmbedProgramme) => {
      const key = JSON.stringify(programme);
      if (key === announced) return;
      announced = key;
      frameLink.post('currentprogramme', programme);
    };
    const frameLink = createFrameLink({
      flag,
      self: window,
      parent: host,
      onCommand: async (command) => {
        if (command.event === 'setenv' && !player) {
          if (!isValid(command.event, command.data)) return { ok: false, error: 'setenv: invalid data' };
          env = command.data as EmbedEnv;
          return { ok: true };
        }
        const reply = await runFrameCommand(player, command);
        // The programme asked for is also an event, so `on('currentprogramme')` hears the first one.
        if (command.event === 'getcurrentprogramme' && reply.ok) announce(reply.value as EmbedProgramme);
        return reply;
      },
    });
    frameLink.post('playerinitstart');
    setLink({
      ...frameLink,
      bind: (next) => {
        player = next;
        if (next && env) next.setEnv(env);
      },
      announce,
      fail: (reason) => frameLink.post('statechange', { state: 'error', error: reason }),
    });
    return () => frameLink.destroy();
  }, [flag, host]);
  return link;
}

/** The frame's player state, settings and commands over whatever controller plays (or none yet). */
function useFrameDriver({
  link,
  live,
  canStart,
  programme,
  start,
  stageRef,
}: {
  link: BoundLink;
  live: boolean;
  /** The content is loaded: play can start it (the SDK hears `ready`). */
  canStart: boolean;
  programme: () => EmbedProgramme;
  start: () => void;
  stageRef: React.RefObject<HTMLDivElement | null>;
}) {
  const [started, setStarted] = useState(false);
  const [showControls, setShowControls] = useState(true);
  const [controller, setController] = useState<AnyController | null>(null);
  // The frame's volume and muted (player-core has muted only): state, so the SDK hears each change.
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const settings = useRef({ volume, muted });
  settings.current = { volume, muted };
  /** play() settles once playback starts (or fails); pause() before the player exists waits for it. */
  const playWaiters = useRef<{ resolve: () => void; reject: (error: Error) => void }[]>([]);
  const pauseWhenCreated = useRef(false);
  /** Casting the frame's own video (Remote Playback API): a device available, one connected. */
  const [cast, setCast] = useState<FrameCast>(NO_CAST);
  const snapshot = useSyncExternalStore(
    controller ? controller.subscribe : noSubscribe,
    controller ? (controller.getSnapshot as () => PlayerSnapshot) : noSnapshot,
  );
  const video = () => stageRef.current?.querySelector('video') ?? null;

  // The frame's volume and muted reach each video the engine creates.
  useEffect(() => {
    const element = video();
    if (element && element.volume !== settings.current.volume) element.volume = settings.current.volume;
  });
  useEffect(() => {
    if (!controller) return;
    if (settings.current.muted) controller.setMuted(true);
    if (pauseWhenCreated.current) controller.pause();
    pauseWhenCreated.current = false;
  }, [controller]);

  // A play command is answered when the video plays, or refused when it cannot (SDK's promise).
  const phase = snapshot?.phase;
  useEffect(() => {
    if (phase !== 'playing' && phase !== 'paused' && phase !== 'error') return;
    const waiters = playWaiters.current.splice(0);
    for (const waiter of waiters)
      if (phase === 'error') waiter.reject(new Error('playback failed'));
      else waiter.resolve();
  }, [phase]);

  // Play opens the session first (a frame has none until then, decision 047); if it cannot be had, the
  // play commands waiting are refused and the SDK and the viewer hear that the frame failed.
  const openSession = useContext(SessionOpenerContext);
  const [sessionFailed, setSessionFailed] = useState(false);
  /** Play was asked for (the session may still be opening): a pause meanwhile waits for the player. */
  const asked = useRef(false);
  const begin = useCallback(() => {
    asked.current = true;
    openSession().then(
      () => {
        setStarted(true);
        start();
      },
      () => {
        asked.current = false;
        for (const waiter of playWaiters.current.splice(0)) waiter.reject(new Error('no session'));
        setSessionFailed(true);
      },
    );
  }, [openSession, start]);

  const latest = useRef({ controller, snapshot, programme, begin, started });
  latest.current = { controller, snapshot, programme, begin, started };
  useEffect(() => {
    if (!canStart) return;
    const player: FramePlayer = {
      setEnv: (env) => setShowControls(env.useControls),
      programme: () => latest.current.programme(),
      play: () => {
        const { controller: current, started: playing, snapshot: now } = latest.current;
        pauseWhenCreated.current = false;
        if (now?.phase === 'playing') return Promise.resolve();
        const played = new Promise<void>((resolve, reject) => playWaiters.current.push({ resolve, reject }));
        if (!playing) latest.current.begin();
        else void current?.play();
        return played;
      },
      pause: () => {
        const { controller: current, started: playing } = latest.current;
        if (current) current.pause();
        else if (playing || asked.current) pauseWhenCreated.current = true;
      },
      setMuted: (value) => {
        setMuted(value);
        latest.current.controller?.setMuted(value);
      },
      setVolume: (value) => {
        setVolume(value);
        const element = video();
        if (element) element.volume = value;
      },
      seekTo: (time) => {
        const { controller: current, snapshot: now } = latest.current;
        if (!current || !now?.controlsEnabled || now.paywall !== 'none')
          throw new Error('seeking is not allowed now');
        const windowStart =
          'live' in now ? ((now as { live: { windowStart: number | null } }).live.windowStart ?? 0) : 0;
        current.seekTo(windowStart + time);
      },
      setQuality: (id) => {
        const { controller: current, snapshot: now } = latest.current;
        if (!current || !now?.controlsEnabled) throw new Error('quality cannot be chosen now');
        current.setQuality(id);
      },
      setCaptions: (language) => selectCaptions(video(), language),
      setCaptionsStyle: (style) => applyCaptionsStyle(style),
      requestFullscreen: () => document.documentElement.requestFullscreen(),
      exitFullscreen: async () => {
        if (document.fullscreenElement) await document.exitFullscreen();
      },
    };
    link.bind(player);
    link.post('playerinitend');
    return () => link.bind(null);
  }, [canStart, link]);

  // The video the engine plays in (a new one per controller): whether a device can take it, whether
  // one has it (decision 052).
  const [castVideo, setCastVideo] = useState<HTMLVideoElement | null>(null);
  useEffect(() => setCastVideo(video()));
  useEffect(() => {
    setCast(NO_CAST);
    return watchCast(castVideo, setCast);
  }, [castVideo]);

  // The state record, as it changes (only what changed goes).
  const sent = useRef<ReturnType<typeof stateOf> | null>(null);
  useEffect(() => {
    if (!canStart) return;
    const view: FrameView = {
      started,
      snapshot,
      live,
      volume,
      muted,
      bufferedAhead: bufferedAheadOf(video()),
    };
    const next = stateOf(view);
    const change = stateChange(sent.current, next);
    sent.current = next;
    if (change) link.post('statechange', change);
  });

  const castControls = (
    <>
      <CastControls
        available={cast.available && castable(snapshot)}
        casting={cast.casting}
        onCast={() => void promptCast(castVideo)}
        onStop={() => void promptCast(castVideo)}
      />
      {started && <FullscreenButton target={stageRef} />}
    </>
  );
  return {
    started,
    sessionFailed,
    retrySession: () => setSessionFailed(false),
    begin,
    showControls,
    castControls,
    onController: setController as (c: AnyController | null) => void,
  };
}

/**
 * Fullscreen from the frame's own button: a command from the partner's page carries no click of the
 * viewer's, which browsers require (the SDK's requestFullscreen works only where they do not).
 */
function FullscreenButton({ target }: { target: React.RefObject<HTMLDivElement | null> }) {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const update = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  if (!document.fullscreenEnabled) return null;
  return (
    <Button
      size="s"
      variant="secondary"
      className={styles.fullscreen}
      onClick={() =>
        void (full
          ? document.exitFullscreen()
          : (target.current ?? document.documentElement).requestFullscreen())
      }
    >
      {full ? m.exitFullscreen : m.fullscreen}
    </Button>
  );
}

const noSubscribe = () => () => {};
const noSnapshot = () => null;

/** Shows the captions track in `language` (null: none). */
function selectCaptions(video: HTMLVideoElement | null, language: string | null): void {
  const tracks = video
    ? [...video.textTracks].filter((track) => track.kind === 'subtitles' || track.kind === 'captions')
    : [];
  const chosen = language === null ? null : tracks.find((track) => track.language === language);
  if (language !== null && !chosen) throw new Error(`no captions in ${language}`);
  for (const track of tracks) track.mode = track === chosen ? 'showing' : 'disabled';
}

const CUE_STYLE_ID = 'kadr-embed-cue-style';

/** The captions' look (`::cue`); values were checked (frame-commands.ts) to be plain CSS values. */
function applyCaptionsStyle(style: { color?: string; background?: string; size?: number }): void {
  let element = document.getElementById(CUE_STYLE_ID);
  if (!element) {
    element = document.createElement('style');
    element.id = CUE_STYLE_ID;
    document.head.append(element);
  }
  const rules = [
    style.color && `color: ${style.color}`,
    style.background && `background-color: ${style.background}`,
    style.size && `font-size: ${Math.round(style.size * 100)}%`,
  ].filter(Boolean);
  element.textContent = `video::cue { ${rules.join('; ')} }`;
}

function Stage({
  stageRef,
  children,
}: {
  stageRef: React.RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  return (
    <div ref={stageRef} className={styles.stage}>
      {children}
    </div>
  );
}

/** A film or a series from its config: the card's content and (series) the season the card would show. */
function EmbedTitle({ config, link }: { config: EmbedConfig; link: BoundLink }) {
  const load = useMovie(config.content.EK_id ?? 0);
  if (load.status === 'error') return <Failure link={link} missing={load.nocontent} />;
  if (load.status === 'loading') return <Loader variant="fullPage" label={m.loading} />;
  return <EmbedTitlePlayer config={config} content={load.content} link={link} />;
}

function EmbedTitlePlayer({
  config,
  content,
  link,
}: {
  config: EmbedConfig;
  content: Content;
  link: BoundLink;
}) {
  const series =
    content.EK_type === 'TVShow' || (content.seasons?.length ?? 0) > 0 || content.episodes.length > 0;
  const seasons = useSeasons(content, undefined);
  const [episodeId, setEpisodeId] = useState<number | undefined>(undefined);
  const stageRef = useRef<HTMLDivElement>(null);
  const episodes = series ? seasons.episodes : null;
  const canStart = !series || episodes !== null;
  const episode = episodes?.find((item) => item.EP_id === episodeId);
  const title = episode ? `${content.EK_title}. ${episode.EP_title}` : content.EK_title;
  const programme = useCallback((): EmbedProgramme => ({ title, live: false }), [title]);
  const poster = content.thumb_wide_poster_url || config.poster;
  const driver = useFrameDriver({
    link,
    live: false,
    canStart,
    programme,
    start: noop,
    stageRef,
  });
  if (driver.sessionFailed) return <Failure link={link} missing={false} onRetry={driver.retrySession} />;
  return (
    <Stage stageRef={stageRef}>
      {driver.started ? (
        <PlayerBlock
          content={content}
          kind="movie"
          episodeId={episodeId}
          episodes={episodes}
          onClose={noop}
          embedded
          showControls={driver.showControls}
          onController={driver.onController}
          onEpisodeChange={setEpisodeId}
          onBuy={() => openOnSite(moviePath(content.EK_id))}
        />
      ) : (
        <EmbedStill posterUrl={poster} title={title} onWatch={driver.begin} busy={!canStart} />
      )}
      {driver.castControls}
    </Stage>
  );
}

const LIVE: ChannelPlayback = { kind: 'live' };

/** A channel from its config: its package (preview or full), its live stream, the programme on air. */
function EmbedChannel({ config, link }: { config: EmbedConfig; link: BoundLink }) {
  const { api } = useServices();
  const channelId = config.content.tv_channel_id ?? 0;
  const pkg = useQuery(channelPackageQuery(api, channelId));
  const goods = pkg.data;
  const timeZone = useMemo(viewerTimeZone, []);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const day = scheduleDayAt(now, timeZone).dayStart;
  const today = useQuery(scheduleDayQuery(api, { streamId: channelId }, day, timeZone));
  const items = today.data?.items ?? [];
  const onAir = currentProgramme(items, now);
  const [playback, setPlayback] = useState<ChannelPlayback | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const programme = useCallback(
    (): EmbedProgramme =>
      onAir
        ? { title: onAir.EK_title, start: onAir.tv_air_date_start, end: onAir.tv_air_date_end, live: true }
        : { title: config.title, live: true },
    [onAir, config.title],
  );
  const start = useCallback(() => setPlayback(LIVE), []);
  const driver = useFrameDriver({
    link,
    live: true,
    canStart: goods !== undefined,
    programme,
    start,
    stageRef,
  });

  // The programme on air changes: the SDK hears it.
  const onAirKey = onAir?.tv_air_date_start;
  const announced = useRef(onAirKey);
  useEffect(() => {
    if (onAirKey === announced.current) return;
    announced.current = onAirKey;
    link.announce(programme());
  }, [onAirKey, link, programme]);

  if (pkg.isError) {
    const missing = isNotFound(pkg.error);
    return <Failure link={link} missing={missing} onRetry={missing ? undefined : () => void pkg.refetch()} />;
  }
  if (driver.sessionFailed) return <Failure link={link} missing={false} onRetry={driver.retrySession} />;
  return (
    <Stage stageRef={stageRef}>
      <ChannelPlayerSlot
        channelId={channelId}
        goods={goods}
        playback={playback}
        posterUrl={onAir?.announce_url ?? onAir?.poster_url ?? config.poster}
        title={onAir ? `${config.title}: ${onAir.EK_title}` : config.title}
        onWatch={driver.begin}
        onBuy={() => openOnSite(channelPath(channelId))}
        onClose={() => setPlayback(null)}
        schedule={items}
        embedded
        showControls={driver.showControls}
        onController={driver.onController}
      />
      {driver.castControls}
    </Stage>
  );
}

function noop(): void {}

/**
 * Buying happens on the site, in a tab of its own (decision 035): there the viewer signs in and the
 * purchase is theirs everywhere. Paid in the frame, it would belong to the frame's anonymous session —
 * kept per partner site, or only in memory where the browser denies a frame storage.
 */
function openOnSite(path: string): void {
  window.open(
    new URL(`${ROUTER_BASENAME}${path.slice(1)}`, window.location.origin).href,
    '_blank',
    'noopener',
  );
}
