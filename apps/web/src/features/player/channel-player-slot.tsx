import type { ChannelController } from '@kadr/player-core';
import { viewerTimeZone } from '@kadr/schedule-utils';
import { Button, LazyImage, Spinner, VisuallyHidden } from '@kadr/ui-kit';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import type { Goods } from '../../shared/catalogue-types';
import { useServices } from '../../shared/services';
import type { BuySource } from '../payment/payment-overlay';
import type { Programme } from '../schedule/schedule-queries';
import { channelPlayerMessages as cm } from './channel-messages';
import type { ChannelPlayback } from './channel-playback';
import channelStyles from './channel-player.module.css';
import { createChannelPrefetch } from './channel-prefetch';
import { loadChannelStream } from './channel-stream';
import { LiveControls } from './live-controls';
import { playerMessages as m } from './messages';
import styles from './player.module.css';
import { toPlayerAnalytics } from './player-analytics';
import { PlayerView } from './player-view';
import { useChannelPlayer } from './use-channel-player';
import { usePlayerWiring } from './use-player-wiring';
import { WatchButton } from './watch-button';

/**
 * Props of {@link ChannelPlayerSlot}: everything the channel page gives its player. The page owns what
 * plays and the payment window; the slot owns the stream and the video.
 */
export interface ChannelPlayerSlotProps {
  /** The channel (tv_channel_id; getReleaseChannel's stream_id). */
  channelId: number;
  /**
   * The goods of the channel's package (getPackageByChannel); undefined while they load. A buyer
   * watches, a non-buyer gets the channel's preview (SPEC §4, §9); a change of `is_bought` reaches the
   * playing player, another channel's goods switch it when they come.
   */
  goods: Goods | undefined;
  /** What plays: the live stream or a programme of the archive from its start; null: the first-play image. */
  playback: ChannelPlayback | null;
  /** The first-play image: the programme on air's announcement image, else the channel's logo. */
  posterUrl: string | null;
  /** What is on, for the player's description: «Кино ТВ: Новости». */
  title: string;
  /** Watch on the first-play image (SPEC §2: plays if bought, else the payment window — the page decides). */
  onWatch: () => void;
  /** A buy button of the player (the preview overlay's, the final block's): the page opens the payment window. */
  onBuy: (goal: BuySource['goal']) => void;
  /** The player was closed: the page goes back to the first-play image (`playback` null). */
  onClose: () => void;
  /** The loaded schedule: the live bar names the programme on air at the playhead's date. */
  schedule?: readonly Programme[];
  /** «В эфир» on an archived programme: the page plays the broadcast (`playback` live). */
  onLive?: () => void;
  /**
   * The channels a channel change goes to next (channel up and down) whose package the viewer bought:
   * once this channel plays, their grants are fetched ahead (channel-prefetch.ts). Never a channel not
   * bought — its getReleaseChannel would start a preview.
   */
  neighbours?: readonly number[];
  /** In the frame player: fills the frame, no close button (PlayerView's `embedded`). */
  embedded?: boolean;
  /** Whether the control bar shows; default true. */
  showControls?: boolean;
  /** Receives the controller once created, and null when it goes (the frame player drives it). */
  onController?: (controller: ChannelController | null) => void;
}

/**
 * The channel page's player slot (SPEC §2 Channel page): the first-play image with Watch until
 * something plays, then the player. It stays mounted while the page switches channels (channel up and
 * down), and the player in it switches channel and programme in place (player-core's channel
 * controller, decision 031).
 */
export function ChannelPlayerSlot(props: ChannelPlayerSlotProps) {
  const { goods, playback, posterUrl, title, onWatch } = props;
  // Mounted once something plays and the first package is known; kept through channel switches after.
  const [started, setStarted] = useState(false);
  if (playback && goods && !started) setStarted(true);
  if (!playback && started) setStarted(false);
  if (started && playback) return <ChannelPlayer {...props} playback={playback} />;
  if (playback) return <LoadingScreen posterUrl={posterUrl} title={title} />;
  return <FirstPlayImage posterUrl={posterUrl} title={title} onWatch={onWatch} />;
}

/**
 * The player's place before a video is in it: the region, described by what is on (visually hidden
 * text: `aria-description` is not read by every screen reader), over the poster.
 */
function StillScreen({
  posterUrl,
  title,
  children,
}: Pick<ChannelPlayerSlotProps, 'posterUrl' | 'title'> & { children: ReactNode }) {
  const descriptionId = useId();
  return (
    <section className={styles.player} aria-label={m.player} aria-describedby={descriptionId}>
      <VisuallyHidden id={descriptionId}>{title}</VisuallyHidden>
      <div className={styles.screen}>
        {posterUrl && (
          <div className={styles.poster}>
            <LazyImage src={posterUrl} alt="" width={1280} height={720} priority />
          </div>
        )}
        {children}
      </div>
    </section>
  );
}

/** SPEC §2: the first-play image shows until Watch is pressed. */
function FirstPlayImage({
  posterUrl,
  title,
  onWatch,
}: Pick<ChannelPlayerSlotProps, 'posterUrl' | 'title' | 'onWatch'>) {
  return (
    <StillScreen posterUrl={posterUrl} title={title}>
      <div className={styles.center}>
        <WatchButton onClick={onWatch}>{cm.watch}</WatchButton>
      </div>
    </StillScreen>
  );
}

/** The player's place while the package of a channel switched to is being asked for. */
function LoadingScreen({ posterUrl, title }: Pick<ChannelPlayerSlotProps, 'posterUrl' | 'title'>) {
  return (
    <StillScreen posterUrl={posterUrl} title={title}>
      <div className={styles.center} role="status">
        <Spinner size={48} />
        <VisuallyHidden>{m.loading}</VisuallyHidden>
      </div>
    </StillScreen>
  );
}

/** Whether a failed call is getReleaseChannel's preview_spent (403: three previews this hour). */
function isPreviewSpent(error: unknown): boolean {
  return (error as { error?: unknown } | null)?.error === 'preview_spent';
}

/**
 * The channel player: one player-core channel controller over the live adapter for as long as something
 * plays (use-channel-player.ts) — channel up and down and the archive switch in place. Buyers watch; a
 * non-buyer gets the channel's preview (SPEC §4, §9: 60 s unless preview_timer), cut by the server,
 * then the final block whose button opens the payment window. A load or start error is shown as the play
 * image again with a note and reported (SPEC §8); preview_spent says so in words, with the way to buy.
 */
function ChannelPlayer({
  channelId,
  goods,
  playback,
  posterUrl,
  title,
  schedule,
  onBuy,
  onClose,
  onLive,
  neighbours,
  embedded,
  showControls,
  onController,
}: ChannelPlayerSlotProps & { playback: ChannelPlayback }) {
  const { api, analytics } = useServices();
  const [spentOn, setSpentOn] = useState<number | null>(null);
  const prefetch = useMemo(
    () => createChannelPrefetch((channel, signal) => loadChannelStream(api, channel, signal)),
    [api],
  );
  const player = useChannelPlayer(
    {
      channelId,
      playback,
      isBought: goods?.is_bought,
      analytics: toPlayerAnalytics(analytics, () => ({ tv_channel_id: channelId })),
      loadChannel: (channel) =>
        (prefetch.take(channel) ?? loadChannelStream(api, channel)).then(
          (release) => {
            setSpentOn(null);
            return release;
          },
          (error: unknown) => {
            if (isPreviewSpent(error)) setSpentOn(channel.streamId);
            throw error;
          },
        ),
    },
    (error) => {
      console.warn('player engine failed to load', error);
      analytics.reachGoal('MOVIE_STARTED_ERROR', {
        error_code: 'ENGINE_LOAD_FAILED',
        tv_channel_id: channelId,
      });
    },
  );
  const { controller, snapshot } = player;
  const view = usePlayerWiring(player, {
    onClose,
    onBuy,
    onController,
    // A sign-in or a logout ends the session the stream's grant was issued to (docs/decisions/022).
    onSessionChange: () => prefetch.clear(),
  });

  // The neighbours' grants are fetched once this channel's broadcast plays (not while it starts, not
  // during a preview or an archived programme), and dropped when the page leaves.
  const playingLive =
    snapshot?.phase === 'playing' &&
    snapshot.live.kind === 'live' &&
    snapshot.live.channel?.streamId === channelId &&
    snapshot.isBought;
  const neighbourKey = playingLive
    ? [...new Set(neighbours ?? [])].filter((id) => id !== channelId).join(',')
    : '';
  useEffect(() => {
    if (neighbourKey !== '') prefetch.keep(neighbourKey.split(',').map(Number));
  }, [prefetch, neighbourKey]);
  useEffect(() => () => prefetch.clear(), [prefetch]);

  const timeZone = useMemo(viewerTimeZone, []);
  const onAir =
    snapshot && player.programmeOnAir
      ? player.programmeOnAir(snapshot.live, schedule ?? [], Date.now())
      : null;

  const goLive = () => {
    // From the archive the page plays the broadcast (the slot then switches); live, the edge.
    if (playback.kind === 'archive') onLive?.();
    else void controller?.goLive();
  };
  const spent = spentOn === channelId && snapshot?.phase === 'error';
  return (
    <div className={channelStyles.frame}>
      <PlayerView
        title={title}
        posterUrl={posterUrl}
        payText={goods?.tariffs[0]?.pay_text ?? null}
        packageName={goods?.package_name ?? ''}
        embedded={embedded}
        showControls={showControls}
        {...view}
        controls={
          snapshot && (
            <LiveControls
              snapshot={snapshot}
              programmeTitle={onAir?.EK_title ?? null}
              timeZone={timeZone}
              actions={{
                pause: () => controller?.pause(),
                resume: () => void controller?.play(),
                setMuted: (muted) => controller?.setMuted(muted),
                seekTo: (seconds) => controller?.seekTo(seconds),
                goLive,
              }}
            />
          )
        }
      />
      {spent && (
        <div className={styles.spent} role="alert">
          <p>{cm.previewSpent}</p>
          <Button onClick={() => onBuy('EK_BUY_SUCCESS')}>
            {goods?.tariffs[0]?.pay_text || cm.subscribe}
          </Button>
        </div>
      )}
    </div>
  );
}
