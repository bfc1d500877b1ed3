import { getRelease } from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, requireSession } from '../../http/register-call';
import type { ReleaseService } from './service';

/**
 * GET /web/1/releases/{id}: the viewer comes from the access token (guests have anonymous sessions).
 * A channel's own release (getReleaseChannel) is live TV's (modules/live).
 */
export const releaseRoutes: FastifyPluginAsync<{ releases: ReleaseService }> = async (app, { releases }) => {
  registerCall(app, getRelease, ({ params, query, session, request }) =>
    releases.release(params.id, query.EP_id, { ...requireSession(session), ip: request.ip }),
  );
};
