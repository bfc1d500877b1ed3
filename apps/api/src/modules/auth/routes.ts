import {
  anonymousAuth,
  asyncAuthCheck,
  asyncAuthConfirm,
  asyncAuthSMSVerify,
  authApp,
  authByLink,
  HeaderName,
  logout,
  refreshToken,
  sendAuth,
} from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, requireSession } from '../../http/register-call';
import type { ClientCredentials } from './clients';
import type { SignInService } from './service';
import type { SessionService } from './sessions';

/** What the auth routes need. */
export interface AuthRoutesOptions {
  signIn: SignInService;
  sessions: SessionService;
  clients: ClientCredentials;
}

/** The sign-in and session calls of docs/decisions/001. */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (
  app,
  { signIn, sessions, clients },
) => {
  registerCall(app, anonymousAuth, ({ params, request }) =>
    sessions.anonymous(params.device_uid, request.ip),
  );

  registerCall(app, sendAuth, ({ body, session, request }) =>
    signIn.sendAuth({
      phone: body.uid,
      ip: request.ip,
      session: requireSession(session),
      requester: { devicePlatform: request.headers[HeaderName.devicePlatform] as string | undefined },
    }),
  );

  registerCall(app, asyncAuthCheck, async ({ body, session }) => ({
    asyncAuthStatus: await signIn.check(body.async_auth_uuid, requireSession(session)),
  }));

  registerCall(app, asyncAuthSMSVerify, async ({ body, session, request }) => ({
    asyncAuthStatus: await signIn.verifySms(body.async_auth_uuid, body.verify_code, {
      session: requireSession(session),
      ip: request.ip,
    }),
  }));

  registerCall(app, asyncAuthConfirm, async ({ body, request }) => ({
    asyncAuthStatus: await signIn.confirm(body.async_auth_uuid, body.verify_code, body.decision, request.ip),
  }));

  registerCall(app, authApp, ({ body, session, request }) =>
    signIn.login({
      clientId: body.client_id,
      clientSecret: body.client_secret,
      authType: body.auth_type,
      phone: body.uid,
      verifyCode: body.verify_code,
      asyncAuthUuid: body.async_auth_uuid,
      deviceUid: body.device_uid,
      session,
      ip: request.ip,
    }),
  );

  registerCall(app, refreshToken, async ({ body }) => {
    clients.assert(body.client_id, body.client_secret);
    return sessions.refresh(body.refresh_token);
  });

  registerCall(app, authByLink, ({ body }) => sessions.signInByLink(body.auth));

  registerCall(app, logout, async ({ session }) => {
    await sessions.logout(requireSession(session));
    return { ok: true as const };
  });
};
