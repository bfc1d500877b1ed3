import { getRelease, getReleaseChannel } from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, requireSession } from '../../http/register-call';
import type { ChannelReleaseService } from '../live/channel-service';
import type { ReleaseService } from './service';

/**
 * GET /web/1/releases/{id} and POST getReleaseChannel: the viewer comes from the access token (guests
 * have anonymous sessions).
 */
export const releaseRoutes: FastifyPluginAsync<{
  releases: ReleaseService;
  channels: ChannelReleaseService;
}> = async (app, { releases, channels }) => {
  registerCall(app, getRelease, ({ params, query, session, request }) =>
    releases.release(params.id, query.EP_id, { ...requireSession(session), ip: request.ip }),
  );
  // AES-128 HLS like a title's release: the keys come through the playlist, so drm is null.
  registerCall(app, getReleaseChannel, async ({ body, session, request }) => {
    const stream = await channels.channelStream(body.stream_id, body.archive_start, {
      ...requireSession(session),
      ip: request.ip,
    });
    return {
      stream: { stream_url: stream.url },
      drm: null,
      preview_timer: stream.previewTimer,
      ...(stream.expiresIn === undefined ? {} : { expires_in: stream.expiresIn }),
    };
  });
};
