import { getProfile, setProfileUtm } from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, requireSession } from '../../http/register-call';
import type { ProfileService } from './service';

/** getProfile and setProfileUtm. */
export const profileRoutes: FastifyPluginAsync<{ profiles: ProfileService }> = async (app, { profiles }) => {
  registerCall(app, getProfile, ({ session, request, reply }) => {
    // The answer may carry partner-site passwords: no cache, the browser's or a proxy's, keeps a copy.
    reply.header('cache-control', 'no-store');
    return profiles.get(requireSession(session), request.log);
  });

  registerCall(app, setProfileUtm, async ({ body, session }) => {
    await profiles.setUtm(requireSession(session).profileId, body.url);
    return { ok: true as const };
  });
};
