import type { ContentKind, PlayerController } from '@kadr/player-core';
import { useEffect, useRef, useState } from 'react';
import { type Content, type Episode, moviePath } from '../../shared/catalogue-types';
import { refreshAfterBilling } from '../../shared/data/billing';
import { useDeviceKind } from '../../shared/device';
import { useQueryNavigate } from '../../shared/navigation/query-link';
import { useServices } from '../../shared/services';
import { LazyPaymentOverlay } from '../payment/lazy-payment-overlay';
import type { BuySource } from '../payment/payment-overlay';
import { offersOfflineDownload } from './offline-download';
import { toPlayerAnalytics } from './player-analytics';
import { PlayerView } from './player-view';
import { releaseDevType } from './release-dev-type';
import { usePlayer } from './use-player';
import { usePlayerWiring } from './use-player-wiring';

/** What the block plays: the content (Смотреть) or its trailer episode (Трейлер). */
export type PlayerRequest = 'movie' | 'trailer';

/** Props of {@link PlayerBlock}. */
export interface PlayerBlockProps {
  content: Content;
  kind: PlayerRequest;
  /** The episode in the address (series). */
  episodeId?: number;
  /** The selected season's episodes, in order (series); the player goes on to the next one. */
  episodes?: readonly Episode[] | null;
  onClose: () => void;
  /** In the frame player: fills the frame, no close button (PlayerView's `embedded`). */
  embedded?: boolean;
  /** Whether the control bar shows; default true. */
  showControls?: boolean;
  /** The player went on to another episode; default: the episode goes into the address. */
  onEpisodeChange?: (episodeId: number) => void;
  /**
   * A buy button was pressed (the video is paused); default: the payment window opens in place. The
   * frame player sends the viewer to the site instead (decision 035).
   */
  onBuy?: (goal: BuySource['goal']) => void;
  /** Receives the controller once created, and null when it goes (the frame player drives it). */
  onController?: (controller: PlayerController | null) => void;
}

/** SPEC §3 EK_type → the player's content kind (its preview default). */
export function contentKindOf(content: Pick<Content, 'EK_type'>): ContentKind {
  if (content.EK_type === 'TVChan') return 'live';
  if (content.EK_type === 'TVShow') return 'series';
  return 'film';
}

/**
 * The player block of the content card: creates the controller (lazily loaded engine), plays the film,
 * an episode or the trailer, follows the address's episode, turns into the full player when is_bought
 * becomes true, follows the next episode into the address, and reports the goals (SPEC §4, §8).
 */
export function PlayerBlock({
  content,
  kind,
  episodeId,
  episodes,
  onClose,
  embedded,
  showControls,
  onController,
  onEpisodeChange,
  onBuy,
}: PlayerBlockProps) {
  const { api, analytics, queryClient } = useServices();
  const device = useDeviceKind();
  const navigate = useQueryNavigate();
  const [paying, setPaying] = useState<BuySource | null>(null);
  const trailer = kind === 'trailer';
  const ekId = content.EK_id;
  // The controller is created once; a start error after an episode change names the episode playing now.
  const episodeNow = useRef(episodeId);
  episodeNow.current = episodeId;
  const player = usePlayer(
    () => ({
      contentKind: trailer ? 'film' : contentKindOf(content),
      // A trailer is free to watch: no preview countdown, no paywall.
      goods: { is_bought: trailer || content.goods.is_bought },
      episodes: trailer ? undefined : (episodes ?? undefined),
      currentEpisodeId: trailer ? (content.trailer_episode?.EP_id ?? null) : episodeId,
      loadRelease: (epId) =>
        api.call('getRelease', {
          params: { id: ekId },
          query: { dev_type: releaseDevType(), dev_model: 'web', ...(epId === null ? {} : { EP_id: epId }) },
        }),
      analytics: toPlayerAnalytics(analytics, () =>
        episodeNow.current === undefined ? { EK_id: ekId } : { EK_id: ekId, EP_id: episodeNow.current },
      ),
      // The next episode (at the end, or the buttons) goes into the address; the card follows it.
      onEpisodeChange: trailer
        ? undefined
        : (onEpisodeChange ?? ((next) => navigate(moviePath(ekId, next), { replace: true }))),
    }),
    (error) => {
      console.warn('player engine failed to load', error);
      analytics.reachGoal('MOVIE_STARTED_ERROR', { error_code: 'ENGINE_LOAD_FAILED', EK_id: ekId });
    },
  );
  const { controller, snapshot } = player;
  // The pay dialog opens in place (SPEC §4: from the paywall, goal EK_BUY_SUCCESS, or from the
  // player's overlay, PLAYER_BUY_SUCCESS — the goal is reported when the payment succeeds). The video
  // waits paused under it.
  const view = usePlayerWiring(player, {
    onClose,
    onBuy: (goal) => {
      if (onBuy) onBuy(goal);
      else setPaying({ goal, EK_id: ekId });
    },
    onController,
    previousEpisode: () => void controller?.previousEpisode(),
    nextEpisode: () => void controller?.nextEpisode(),
  });

  // An episode picked in the slider (a new address) plays in the open player (SPEC §4 episode change).
  useEffect(() => {
    if (!controller || trailer || episodeId === undefined) return;
    if (controller.getSnapshot().currentEpisodeId !== episodeId) void controller.changeEpisode(episodeId);
  }, [controller, episodeId, trailer]);

  // is_bought became true (after payment the movie reloads): the full player (SPEC §4).
  const bought = content.goods.is_bought;
  useEffect(() => {
    if (!controller || trailer) return;
    if (controller.getSnapshot().isBought !== bought) void controller.setBought(bought);
  }, [controller, bought, trailer]);

  // Confirmed: the content is loaded again, is_bought turns true and the effect above makes the
  // player the buyer's (SPEC §4 "after a successful payment the movie is reloaded").
  const paid = () => {
    setPaying(null);
    void refreshAfterBilling(queryClient);
  };
  // «Скачать» on a phone: the install paywall pauses the video and shows the offline prompt (decision 039).
  const download = offersOfflineDownload({
    device,
    contentKind: contentKindOf(content),
    trailer,
    embedded: embedded ?? false,
  })
    ? () => controller?.showInstallPaywall()
    : undefined;
  const episode = episodes?.find((item) => item.EP_id === (snapshot?.currentEpisodeId ?? episodeId));
  const title = episode && !trailer ? `${content.EK_title}. ${episode.EP_title}` : content.EK_title;

  return (
    <>
      <PlayerView
        title={title}
        posterUrl={episode?.poster_url || content.thumb_wide_poster_url}
        payText={content.goods.tariffs[0]?.pay_text ?? null}
        packageName={content.goods.package_name}
        embedded={embedded}
        showControls={showControls}
        onDownload={download}
        {...view}
      />
      {paying && (
        <LazyPaymentOverlay
          packageId={content.goods.package_id}
          texts={content.goods.tariffs[0]?.texts ?? []}
          trial={content.goods.is_trial ? { cost: content.goods.cost } : undefined}
          source={paying}
          onClose={() => setPaying(null)}
          onConfirmed={paid}
        />
      )}
    </>
  );
}
