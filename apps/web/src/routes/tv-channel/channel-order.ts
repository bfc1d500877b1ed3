import type { ChannelItem, Collection } from '../../shared/catalogue-types';

/**
 * The TV tab's channels in its order (SPEC §2 TV tab: the tv_channels rails, first to last), each once:
 * the order channel up and down follow.
 */
export function channelsOfTab(collections: readonly Collection[]): ChannelItem[] {
  const seen = new Set<number>();
  const list: ChannelItem[] = [];
  for (const rail of collections) {
    if (rail.RB_type !== 'tv_channels') continue;
    for (const item of rail.EKs) {
      if (seen.has(item.tv_channel_id)) continue;
      seen.add(item.tv_channel_id);
      list.push(item);
    }
  }
  return list;
}

/** A channel's neighbours in `list`, wrapping around as a remote's channel buttons do. */
export interface ChannelNeighbours {
  /** Channel down (PageDown, ChannelDown). */
  previous?: ChannelItem;
  /** Channel up (PageUp, ChannelUp). */
  next?: ChannelItem;
}

/** The neighbours of `channelId`; none when it is not in the list or alone in it. */
export function neighboursOf(list: readonly ChannelItem[], channelId: number): ChannelNeighbours {
  const at = list.findIndex((item) => item.tv_channel_id === channelId);
  if (at < 0 || list.length < 2) return {};
  return {
    previous: list[(at - 1 + list.length) % list.length],
    next: list[(at + 1) % list.length],
  };
}
