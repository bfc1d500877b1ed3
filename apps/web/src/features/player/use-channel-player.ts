import type {
  ChannelController,
  ChannelSnapshot,
  PlayerAnalytics,
  PlayerChannel,
  PlayerChannelRelease,
} from '@kadr/player-core';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { type ChannelEngine, useLoadChannelEngine } from './channel-engine';
import type { ChannelPlayback } from './channel-playback';

/** What {@link useChannelPlayer} gives the slot. */
export interface UseChannelPlayer {
  /** The controller once the engine has loaded; null before (and after a failed load). */
  controller: ChannelController | null;
  snapshot: ChannelSnapshot | null;
  /** The engine's code failed to load. */
  engineFailed: boolean;
  /** The element the engine mounts its video into. */
  hostRef: (element: HTMLDivElement | null) => void;
  /** Starts again after an error: reloads the engine if it never came, else `controller.play()`. */
  retry: () => void;
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

const noSubscribe = () => () => {};
const noSnapshot = () => null;

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
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const [controller, setController] = useState<ChannelController | null>(null);
  const [engineFailed, setEngineFailed] = useState(false);
  const [programmeOnAir, setProgrammeOnAir] = useState<ChannelEngine['programmeOnAir'] | null>(null);
  const [attempt, setAttempt] = useState(0);
  const targetRef = useRef(target);
  targetRef.current = target;
  const onErrorRef = useRef(onEngineError);
  onErrorRef.current = onEngineError;
  // The target the controller plays (or was last asked to).
  const playing = useRef<string | null>(null);

  useEffect(() => {
    if (!host) return;
    let created: ChannelController | null = null;
    let disposed = false;
    setEngineFailed(false);
    loadEngine()
      .then((engine) => {
        if (disposed) return;
        const { channelId, playback, isBought, analytics } = targetRef.current;
        playing.current = keyOf(channelId, playback);
        created = engine.createChannelController({
          host,
          goods: { is_bought: isBought ?? false },
          channel: playerChannel(channelId, playback),
          // Read through the ref: the page's latest api and playback.
          loadChannel: (channel) => targetRef.current.loadChannel(channel),
          ...(analytics ? { analytics } : {}),
        });
        setProgrammeOnAir(() => engine.programmeOnAir);
        setController(created);
        void created.play();
      })
      .catch((error: unknown) => {
        if (disposed) return;
        setEngineFailed(true);
        onErrorRef.current(error);
      });
    return () => {
      disposed = true;
      created?.destroy();
      playing.current = null;
      setController(null);
    };
  }, [host, loadEngine, attempt]);

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

  const snapshot = useSyncExternalStore(
    controller ? controller.subscribe : noSubscribe,
    controller ? controller.getSnapshot : noSnapshot,
  );
  const retry = useCallback(() => {
    if (controller) void controller.play();
    else setAttempt((n) => n + 1);
  }, [controller]);
  return { controller, snapshot, engineFailed, hostRef: setHost, retry, programmeOnAir };
}
