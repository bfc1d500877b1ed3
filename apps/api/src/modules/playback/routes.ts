import { getRelease } from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, requireSession } from '../../http/register-call';
import type { ReleaseService } from './service';

/** GET /web/1/releases/{id}: the viewer comes from the access token (guests have anonymous sessions). */
export const releaseRoutes: FastifyPluginAsync<{ releases: ReleaseService }> = async (app, { releases }) => {
  registerCall(app, getRelease, ({ params, query, session }) =>
    releases.release(params.id, query.EP_id, requireSession(session)),
  );
};
