/**
 * What a channel's player plays (the channel page's player slot): the live stream, or a programme of
 * the channel's archive from its start (`start`: its `tv_air_date_start`, getReleaseChannel's
 * `archive_start`).
 */
export type ChannelPlayback = { kind: 'live' } | { kind: 'archive'; start: string };

/** The playback asked of the channel page by the navigation that opened it (the guide's Enter). */
export interface ChannelPageState {
  play: ChannelPlayback;
}

/** The navigation state opening a channel page that plays `play`. */
export function channelPageState(play: ChannelPlayback): ChannelPageState {
  return { play };
}

/** The playback a navigation state asks for, if it is a {@link ChannelPageState}. */
export function playbackOf(state: unknown): ChannelPlayback | null {
  const play = (state as Partial<ChannelPageState> | null)?.play;
  if (play?.kind === 'live') return { kind: 'live' };
  if (play?.kind === 'archive' && typeof play.start === 'string')
    return { kind: 'archive', start: play.start };
  return null;
}
