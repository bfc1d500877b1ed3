import { PLAYER_FACTS, TIMELINE_FACTS } from './adapter-facts.js';
import { createRunner } from './controller.js';
import { channelRelease, initialChannelState, reduceLive } from './live-rules.js';
import { selectChannelSnapshot } from './live-selectors.js';
import type { PlayerState } from './state.js';
import type {
  ChannelController,
  ChannelControllerOptions,
  ChannelSnapshot,
  PlayerChannel,
  PlayerGoods,
  PlayerLiveSnapshot,
} from './types.js';

/**
 * Creates the player of a channel page (SPEC §2, §4, §9; docs/decisions/031): the same runner as a
 * content card's, with the live rules (`reduceLive`), a snapshot with `live`, and `loadChannel`
 * (getReleaseChannel) where content has `loadRelease`. Plays the broadcast or an archived programme,
 * «В эфир», switches channels in place.
 */
export function createChannelController(options: ChannelControllerOptions): ChannelController {
  return createRunner({
    ...options,
    state: initialChannelState(options),
    reduce: reduceLive,
    select: channelSnapshots(),
    facts: { ...PLAYER_FACTS, ...TIMELINE_FACTS },
    fetchRelease: (request) => options.loadChannel(request.channel ?? options.channel).then(channelRelease),
    commands: (command) => ({
      goLive: () => command({ type: 'go-live' }),
      switchChannel: (channel: PlayerChannel, goods: PlayerGoods) =>
        command({ type: 'switch-channel', channel, isBought: goods.is_bought }),
    }),
  });
}

/**
 * `selectChannelSnapshot` keeping the previous `live` object while none of its fields changed: the
 * runner publishes a snapshot only when a field's identity changed.
 */
function channelSnapshots(): (state: PlayerState) => ChannelSnapshot {
  let last: PlayerLiveSnapshot | null = null;
  return (state) => {
    const next = selectChannelSnapshot(state);
    const previous = last;
    const same =
      previous !== null &&
      (Object.keys(next.live) as (keyof PlayerLiveSnapshot)[]).every(
        (key) => next.live[key] === previous[key],
      );
    if (!same) last = next.live;
    return same ? { ...next, live: previous } : next;
  };
}
