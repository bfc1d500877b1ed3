import type { ApiClient } from '@kadr/api-client';
import type { PlayerChannel, PlayerChannelRelease } from '@kadr/player-core';

/**
 * The stream of a channel as the channel controller takes it (getReleaseChannel, SPEC §7): the live
 * stream, or a programme of the archive from its start (`archive_start`). Not cached: a stream's grant
 * expires (`expires_in`), and the player asks again before then; a neighbour's is fetched ahead for a
 * channel change (channel-prefetch.ts).
 */
export async function loadChannelStream(
  api: Pick<ApiClient, 'call'>,
  channel: PlayerChannel,
  signal?: AbortSignal,
): Promise<PlayerChannelRelease> {
  const answer = await api.call(
    'getReleaseChannel',
    {
      body: {
        stream_id: channel.streamId,
        dev_model: 'web',
        ...(channel.archiveStart ? { archive_start: channel.archiveStart } : {}),
      },
    },
    signal ? { signal } : undefined,
  );
  return {
    stream: { stream_url: answer.stream.stream_url },
    drm: answer.drm,
    preview_timer: answer.preview_timer,
    ...(answer.expires_in === undefined ? {} : { expires_in: answer.expires_in }),
  };
}
