// Test and story support: a scriptable stand-in for player-core's channel controller.
import type { ChannelController, ChannelSnapshot, PlayerLiveSnapshot } from '@kadr/player-core';
import type { ChannelEngine, ChannelEngineOptions } from './channel-engine';
import { createFakeController } from './fake-controller';

/** A live snapshot at the edge of a 30-minute window dated from `edgeDate` (ms), with overrides. */
export function liveSnapshot(
  overrides: Partial<PlayerLiveSnapshot> = {},
  edgeDate = Date.parse('2026-11-26T12:30:00Z'),
): PlayerLiveSnapshot {
  return {
    kind: 'live',
    channel: { streamId: 2, archiveStart: null },
    windowStart: 0,
    windowEnd: 1800,
    atLiveEdge: true,
    canGoLive: false,
    playheadDate: edgeDate,
    windowStartDate: edgeDate - 1_800_000,
    windowEndDate: edgeDate,
    ...overrides,
  };
}

/** A fake channel controller: records commands (`switchChannel:3:live`, `goLive`, …); `set()` as the content one. */
export interface FakeChannelController extends ChannelController {
  readonly calls: string[];
  readonly options: ChannelEngineOptions;
  set(patch: Partial<ChannelSnapshot>): void;
}

/** Creates a fake channel controller: a playing broadcast at the live edge, a preview for non-buyers. */
function createFakeChannelController(
  options: ChannelEngineOptions,
  initial: Partial<ChannelSnapshot> = {},
): FakeChannelController {
  const { live: initialLive, ...rest } = initial;
  const content = createFakeController(
    {
      host: options.host,
      goods: options.goods,
      contentKind: 'live',
      loadRelease: () => Promise.reject(new Error('not for channels')),
    },
    { currentTime: 1800, duration: 0, ...rest },
  );
  const channelOf = (channel: ChannelEngineOptions['channel']) => ({
    streamId: channel.streamId,
    archiveStart: channel.archiveStart ?? null,
  });
  let live = initialLive ?? liveSnapshot({ channel: channelOf(options.channel) });
  let snapshot: ChannelSnapshot = { ...content.getSnapshot(), live };
  const listeners = new Set<() => void>();
  const publish = () => {
    snapshot = { ...content.getSnapshot(), live };
    for (const listener of [...listeners]) listener();
  };
  content.subscribe(publish);
  const { changeEpisode: _c, previousEpisode: _p, nextEpisode: _n, set: _s, ...commands } = content;
  return {
    ...commands,
    calls: content.calls,
    options,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    set: ({ live: nextLive, ...patch }) => {
      if (nextLive) live = nextLive;
      content.set(patch);
    },
    goLive: async () => {
      content.calls.push('goLive');
    },
    switchChannel: async (channel, goods) => {
      content.calls.push(
        `switchChannel:${channel.streamId}:${channel.archiveStart ?? 'live'}:${goods.is_bought}`,
      );
      live = liveSnapshot({ channel: channelOf(channel) });
      content.set({ isBought: goods.is_bought, controlsEnabled: goods.is_bought });
    },
  };
}

/** An engine that hands out fake channel controllers and keeps them (the last one is the live one). */
export function createFakeChannelEngine(initial: Partial<ChannelSnapshot> = {}): ChannelEngine & {
  controllers: FakeChannelController[];
  last(): FakeChannelController;
} {
  const controllers: FakeChannelController[] = [];
  return {
    controllers,
    last: () => {
      const controller = controllers.at(-1);
      if (!controller) throw new Error('no controller was created');
      return controller;
    },
    programmeOnAir: (live, schedule, now) => {
      const at = live?.playheadDate ?? now;
      return (
        schedule.find(
          (item) => Date.parse(item.tv_air_date_start) <= at && Date.parse(item.tv_air_date_end) > at,
        ) ?? null
      );
    },
    createChannelController: (options) => {
      const controller = createFakeChannelController(options, initial);
      controllers.push(controller);
      return controller;
    },
  };
}
