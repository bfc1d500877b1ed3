import type { PlayerController, PlayerSnapshot } from '@kadr/player-core';
import { useEffect, useRef } from 'react';
import { useSessionStore } from '../../shared/stores/session-store';
import type { BuySource } from '../payment/payment-overlay';
import type { PlayerViewProps } from './player-view';
import type { EngineController, EngineControllerState } from './use-engine-controller';

/** The commands the content card's and the channel's controllers share (a channel has no episodes). */
export type WiredController = EngineController<PlayerSnapshot> &
  Pick<
    PlayerController,
    | 'pause'
    | 'setMuted'
    | 'seekBy'
    | 'setQuality'
    | 'setRate'
    | 'togglePictureInPicture'
    | 'hideInstallPaywall'
    | 'handleKey'
    | 'renewGrant'
  >;

/** What a player adds to the shared wiring: its own close, buy and episode commands. */
export interface PlayerWiringOptions<C> {
  /** The close button. */
  onClose: () => void;
  /** A buy button of the player (the video is paused and out of fullscreen by then). */
  onBuy: (goal: BuySource['goal']) => void;
  /** Receives the controller once created, and null when it goes (the frame player drives it). */
  onController?: ((controller: C | null) => void) | undefined;
  /** A sign-in or a logout, before the controller renews its grant. */
  onSessionChange?: () => void;
  /** The episode buttons (series); nothing for a channel. */
  previousEpisode?: () => void;
  nextEpisode?: () => void;
}

const nothing = () => {};

/**
 * The wiring between a controller and {@link PlayerView} that the content card's player block and the
 * channel's player share: hands the controller out, renews its grant when the session changes, and
 * turns the view's actions into controller commands. Returns the view's props for the controller.
 */
export function usePlayerWiring<C extends WiredController>(
  player: EngineControllerState<C>,
  { onClose, onBuy, onController, onSessionChange, previousEpisode, nextEpisode }: PlayerWiringOptions<C>,
): Pick<PlayerViewProps, 'snapshot' | 'engineFailed' | 'videoHostRef' | 'actions'> {
  const { controller } = player;
  useEffect(() => {
    onController?.(controller);
  }, [controller, onController]);

  // A sign-in or a logout ends the session the playing grant was issued to (docs/decisions/022): the
  // player fetches a fresh one at once instead of failing at its next key.
  const sessionKey = useSessionStore((state) => `${state.loggedIn}:${state.profileId}`);
  const sessionSeen = useRef(sessionKey);
  const onSessionChangeRef = useRef(onSessionChange);
  onSessionChangeRef.current = onSessionChange;
  useEffect(() => {
    if (!controller || sessionSeen.current === sessionKey) return;
    sessionSeen.current = sessionKey;
    onSessionChangeRef.current?.();
    controller.renewGrant();
  }, [controller, sessionKey]);

  // The pay dialog opens over the page: the video waits paused under it, out of fullscreen (or the
  // dialog, portalled to the page, would open unseen behind it).
  const buy = (goal: BuySource['goal']) => {
    controller?.pause();
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    onBuy(goal);
  };
  return {
    snapshot: player.snapshot,
    engineFailed: player.engineFailed,
    videoHostRef: player.hostRef,
    actions: {
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
      previousEpisode: previousEpisode ?? nothing,
      nextEpisode: nextEpisode ?? nothing,
      setQuality: (id) => controller?.setQuality(id),
      setRate: (rate) => controller?.setRate(rate),
      togglePictureInPicture: () => void controller?.togglePictureInPicture(),
    },
  };
}
