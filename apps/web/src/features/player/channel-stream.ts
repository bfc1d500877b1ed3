import type { ApiClient } from '@kadr/api-client';
import type { PlayerRelease } from '@kadr/player-core';
import type { ChannelPlayback } from './channel-playback';

/**
 * The stream of a channel as the player takes it (getReleaseChannel, SPEC §7): the live stream, or a
 * programme of the archive from its start (`archive_start`). Not cached: a stream's grant expires
 * (`expires_in`), and the player asks again before then.
 */
export async function loadChannelStream(
  api: Pick<ApiClient, 'call'>,
  channelId: number,
  playback: ChannelPlayback,
): Promise<PlayerRelease> {
  const answer = await api.call('getReleaseChannel', {
    body: {
      stream_id: channelId,
      dev_model: 'web',
      ...(playback.kind === 'archive' ? { archive_start: playback.start } : {}),
    },
  });
  return {
    content_url: answer.stream.stream_url,
    drm: answer.drm,
    preview_timer: answer.preview_timer,
    ...(answer.expires_in === undefined ? {} : { expires_in: answer.expires_in }),
  };
}
