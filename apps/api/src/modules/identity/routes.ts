import { identityProviderFinish, identityProviderStart } from '@kadr/api-contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { registerCall, requireSession } from '../../http/register-call';
import type { IdentityService } from './service';

/** The origin the caller reached this api at (the sandbox provider lives on it), normalised (no :80). */
function originOf(request: FastifyRequest): string {
  return new URL(`${request.protocol}://${request.host}`).origin;
}

/** The identity-provider sign-in calls (docs/decisions/041). */
export const identityRoutes: FastifyPluginAsync<{ identity: IdentityService }> = async (
  app,
  { identity },
) => {
  registerCall(app, identityProviderStart, ({ body, session, request }) =>
    identity.start(body.provider, originOf(request), requireSession(session)),
  );
  registerCall(app, identityProviderFinish, ({ body, session, request }) =>
    identity.finish(body.provider, originOf(request), requireSession(session), {
      state: body.state,
      code: body.code,
      iss: body.iss,
    }),
  );
};
