import { Button, IconPlay, LazyImage, Spinner, VisuallyHidden } from '@kadr/ui-kit';
import { useEffect, useRef } from 'react';
import type { Goods } from '../../shared/catalogue-types';
import { useServices } from '../../shared/services';
import { useSessionStore } from '../../shared/stores/session-store';
import type { BuySource } from '../payment/payment-overlay';
import { channelPlayerMessages as cm } from './channel-messages';
import type { ChannelPlayback } from './channel-playback';
import { loadChannelStream } from './channel-stream';
import { playerMessages as m } from './messages';
import styles from './player.module.css';
import { toPlayerAnalytics } from './player-analytics';
import { PlayerView } from './player-view';
import { usePlayer } from './use-player';

/**
 * Props of {@link ChannelPlayerSlot}: everything the channel page gives its player. The page owns what
 * plays and the payment window; the slot owns the stream and the video.
 */
export interface ChannelPlayerSlotProps {
  /** The channel (tv_channel_id; getReleaseChannel's stream_id). */
  channelId: number;
  /**
   * The goods of the channel's package (getPackageByChannel); undefined while they load. The stream is
   * asked for only once `is_bought` (SPEC §4); a change of `is_bought` reaches the playing player.
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
}

/**
 * The channel page's player slot (SPEC §2 Channel page): the first-play image with Watch until
 * something plays, then the player. It stays mounted while the page switches channels (channel up and
 * down); today's player is made for each channel and playback (player-core's controller plays one
 * stream), the live player that switches in place takes its place behind the same props.
 */
export function ChannelPlayerSlot(props: ChannelPlayerSlotProps) {
  const { channelId, goods, playback, posterUrl, title, onWatch } = props;
  if (playback && !goods) return <LoadingScreen posterUrl={posterUrl} title={title} />;
  if (!playback || !goods?.is_bought) {
    return <FirstPlayImage posterUrl={posterUrl} title={title} onWatch={onWatch} />;
  }
  const key = `${channelId}:${playback.kind === 'live' ? 'live' : playback.start}`;
  return <ChannelPlayer key={key} {...props} goods={goods} playback={playback} />;
}

/** SPEC §2: the first-play image shows until Watch is pressed. */
function FirstPlayImage({
  posterUrl,
  title,
  onWatch,
}: Pick<ChannelPlayerSlotProps, 'posterUrl' | 'title' | 'onWatch'>) {
  return (
    <section className={styles.player} aria-label={m.player} aria-description={title}>
      <div className={styles.screen}>
        {posterUrl && (
          <div className={styles.poster}>
            <LazyImage src={posterUrl} alt="" width={1280} height={720} priority />
          </div>
        )}
        <div className={styles.center}>
          <Button onClick={onWatch} className={styles.watch}>
            <IconPlay size={18} />
            {cm.watch}
          </Button>
        </div>
      </div>
    </section>
  );
}

/** The player's place while the package of a channel switched to is being asked for. */
function LoadingScreen({ posterUrl, title }: Pick<ChannelPlayerSlotProps, 'posterUrl' | 'title'>) {
  return (
    <section className={styles.player} aria-label={m.player} aria-description={title}>
      <div className={styles.screen}>
        {posterUrl && (
          <div className={styles.poster}>
            <LazyImage src={posterUrl} alt="" width={1280} height={720} priority />
          </div>
        )}
        <div className={styles.center} role="status">
          <Spinner size={48} />
          <VisuallyHidden>{m.loading}</VisuallyHidden>
        </div>
      </div>
    </section>
  );
}

/**
 * Today's player for one channel and playback: player-core's controller (contentKind live) over the
 * channel's stream, in the content card's player view. A load or start error (the stream call failing
 * included) is kept in the controller's snapshot and shown as the play image again with a note, and
 * reported (SPEC §8).
 */
function ChannelPlayer({
  channelId,
  goods,
  playback,
  posterUrl,
  title,
  onBuy,
  onClose,
}: ChannelPlayerSlotProps & { goods: Goods; playback: ChannelPlayback }) {
  const { api, analytics } = useServices();
  const player = usePlayer(
    () => ({
      contentKind: 'live',
      goods: { is_bought: goods.is_bought },
      loadRelease: () => loadChannelStream(api, channelId, playback),
      analytics: toPlayerAnalytics(analytics, () => ({ tv_channel_id: channelId })),
    }),
    (error) => {
      console.warn('player engine failed to load', error);
      analytics.reachGoal('MOVIE_STARTED_ERROR', {
        error_code: 'ENGINE_LOAD_FAILED',
        tv_channel_id: channelId,
      });
    },
  );
  const { controller, snapshot } = player;

  // is_bought turned false (the package was cancelled elsewhere) or true: the player follows (SPEC §4).
  const bought = goods.is_bought;
  useEffect(() => {
    if (controller && controller.getSnapshot().isBought !== bought) void controller.setBought(bought);
  }, [controller, bought]);

  // A sign-in or a logout ends the session the stream's grant was issued to (docs/decisions/022).
  const sessionKey = useSessionStore((state) => `${state.loggedIn}:${state.profileId}`);
  const sessionSeen = useRef(sessionKey);
  useEffect(() => {
    if (!controller || sessionSeen.current === sessionKey) return;
    sessionSeen.current = sessionKey;
    controller.renewGrant();
  }, [controller, sessionKey]);

  const buy = (goal: BuySource['goal']) => {
    controller?.pause();
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    onBuy(goal);
  };
  return (
    <PlayerView
      title={title}
      posterUrl={posterUrl}
      snapshot={snapshot}
      engineFailed={player.engineFailed}
      payText={goods.tariffs[0]?.pay_text ?? null}
      packageName={goods.package_name}
      videoHostRef={player.hostRef}
      actions={{
        play: player.retry,
        close: onClose,
        buyFromOverlay: () => buy('PLAYER_BUY_SUCCESS'),
        buyFromPaywall: () => buy('EK_BUY_SUCCESS'),
        hideInstall: () => controller?.hideInstallPaywall(),
        key: (key) => controller?.handleKey(key) ?? false,
        pause: () => controller?.pause(),
        resume: () => void controller?.play(),
        setMuted: (muted) => controller?.setMuted(muted),
        seekBy: (seconds) => controller?.seekBy(seconds),
        previousEpisode: () => {},
        nextEpisode: () => {},
        setQuality: (id) => controller?.setQuality(id),
        setRate: (rate) => controller?.setRate(rate),
        togglePictureInPicture: () => void controller?.togglePictureInPicture(),
      }}
    />
  );
}
