import type {
  ChannelController,
  PlayerAnalytics,
  PlayerChannel,
  PlayerChannelRelease,
} from '@kadr/player-core';
import { useEffect, useRef, useState } from 'react';
import { type ChannelEngine, useLoadChannelEngine } from './channel-engine';
import type { ChannelPlayback } from './channel-playback';
import { type EngineControllerState, useEngineController } from './use-engine-controller';

/** What {@link useChannelPlayer} gives the slot. */
export interface UseChannelPlayer extends EngineControllerState<ChannelController> {
  /** The engine's `selectProgrammeOnAir` once it has loaded. */
  programmeOnAir: ChannelEngine['programmeOnAir'] | null;
}

/** What the slot asks to play: a channel, live or a programme of its archive, with its package's goods. */
export interface ChannelTarget {
  channelId: number;
  playback: ChannelPlayback;
  /** The channel's package's is_bought; undefined while getPackageByChannel loads (nothing switches yet). */
  isBought: boolean | undefined;
  /** getReleaseChannel for a channel. */
  loadChannel: (channel: PlayerChannel) => Promise<PlayerChannelRelease>;
  /** The player's analytics (read at creation). */
  analytics?: PlayerAnalytics;
}

/** The controller's channel for a target. */
function playerChannel(channelId: number, playback: ChannelPlayback): PlayerChannel {
  return { streamId: channelId, archiveStart: playback.kind === 'archive' ? playback.start : null };
}

const keyOf = (channelId: number, playback: ChannelPlayback) =>
  `${channelId}:${playback.kind === 'archive' ? playback.start : 'live'}`;

/**
 * One channel controller for the life of the slot (decision 031): created with the first target once
 * its goods are known, then every other channel or programme goes through `switchChannel` — the same
 * `<video>` and adapter, channel up and down without a new player. A change of `is_bought` on the same
 * channel goes through `setBought`. `onEngineError` reports a failed load (SPEC §8).
 */
export function useChannelPlayer(
  target: ChannelTarget,
  onEngineError: (error: unknown) => void,
): UseChannelPlayer {
  const loadEngine = useLoadChannelEngine();
  const [programmeOnAir, setProgrammeOnAir] = useState<ChannelEngine['programmeOnAir'] | null>(null);
  const targetRef = useRef(target);
  targetRef.current = target;
  // The target the controller plays (or was last asked to).
  const playing = useRef<string | null>(null);

  const player = useEngineController(
    loadEngine,
    (host) =>
      loadEngine().then((engine) => () => {
        const { channelId, playback, isBought, analytics } = targetRef.current;
        playing.current = keyOf(channelId, playback);
        const created = engine.createChannelController({
          host,
          goods: { is_bought: isBought ?? false },
          channel: playerChannel(channelId, playback),
          // Read through the ref: the page's latest api and playback.
          loadChannel: (channel) => targetRef.current.loadChannel(channel),
          ...(analytics ? { analytics } : {}),
        });
        setProgrammeOnAir(() => engine.programmeOnAir);
        return created;
      }),
    onEngineError,
    () => {
      playing.current = null;
    },
  );
  const { controller } = player;

  // Another channel or programme: switched in place once its package is known.
  const { channelId, playback, isBought } = target;
  const key = keyOf(channelId, playback);
  useEffect(() => {
    if (!controller || isBought === undefined || playing.current === key) return;
    playing.current = key;
    void controller.switchChannel(playerChannel(channelId, playback), { is_bought: isBought });
  }, [controller, key, channelId, playback, isBought]);

  // The same channel bought or cancelled (a payment, a cancellation elsewhere): the player follows (SPEC §4).
  useEffect(() => {
    if (!controller || isBought === undefined || playing.current !== key) return;
    if (controller.getSnapshot().isBought !== isBought) void controller.setBought(isBought);
  }, [controller, key, isBought]);

  return { ...player, programmeOnAir };
}
