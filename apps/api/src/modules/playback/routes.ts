import { getActiveStreams, getRelease, HeaderName, stopStream } from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, requireSession } from '../../http/register-call';
import type { ReleaseService } from './service';
import type { StreamLimit } from './streams';

/**
 * GET /web/1/releases/{id}: the viewer comes from the access token (guests have anonymous sessions).
 * A channel's own release (getReleaseChannel) is live TV's (modules/live).
 */
export const releaseRoutes: FastifyPluginAsync<{ releases: ReleaseService; streams: StreamLimit }> = async (
  app,
  { releases, streams },
) => {
  registerCall(app, getRelease, ({ params, query, session, request }) =>
    releases.release(params.id, query.EP_id, {
      ...requireSession(session),
      ip: request.ip,
      platform: request.headers[HeaderName.devicePlatform] as string | undefined,
    }),
  );

  // The stream limit's calls (Kadr's extension, docs/decisions/057).
  registerCall(app, getActiveStreams, async ({ session }) => ({
    limit: streams.limit,
    streams: await streams.list(requireSession(session)),
  }));

  registerCall(app, stopStream, async ({ body, session }) => {
    await streams.stop(requireSession(session), body.device_id);
    return { ok: true as const };
  });
};
