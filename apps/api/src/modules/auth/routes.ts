import {
  anonymousAuth,
  asyncAuthCheck,
  asyncAuthConfirm,
  asyncAuthSMSVerify,
  authApp,
  authByLink,
  getDevices,
  HeaderName,
  logout,
  refreshToken,
  sendAuth,
  signOutDevice,
  signOutOtherDevices,
} from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isForeignCrossSite } from '../../http/fetch-metadata';
import { registerCall, requireSession } from '../../http/register-call';
import { listDevices, platformOf } from './account-devices';
import type { ClientCredentials } from './clients';
import type { SignInService } from './service';
import type { SessionService } from './sessions';

/** What the auth routes need. */
export interface AuthRoutesOptions {
  signIn: SignInService;
  sessions: SessionService;
  clients: ClientCredentials;
  /** Origins whose pages may call cross-site (CORS_ORIGINS). */
  corsOrigins: ReadonlySet<string>;
  /** What the devices list reads. */
  devicesDeps: { db: Db; clock: Clock };
}

/** The sign-in and session calls of docs/decisions/001. */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (
  app,
  { signIn, sessions, clients, corsOrigins, devicesDeps },
) => {
  // A GET that writes: another site's <img> or frame must not make profiles on the viewer's address
  // and spend its budget (docs/decisions/046). Refused before anything is read or counted.
  registerCall(app, anonymousAuth, ({ params, request }) => {
    if (isForeignCrossSite(request.headers, corsOrigins)) throw new AppError('cross_site_refused');
    return sessions.anonymous(params.device_uid, request.ip);
  });

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
      platform: platformOf(request.headers[HeaderName.devicePlatform]),
    }),
  );

  registerCall(app, refreshToken, async ({ body, request }) => {
    clients.assert(body.client_id, body.client_secret);
    return sessions.refresh(body.refresh_token, platformOf(request.headers[HeaderName.devicePlatform]));
  });

  registerCall(app, authByLink, ({ body, request }) =>
    sessions.signInByLink(body.auth, request.ip, platformOf(request.headers[HeaderName.devicePlatform])),
  );

  registerCall(app, logout, async ({ session }) => {
    await sessions.logout(requireSession(session));
    return { ok: true as const };
  });

  // The «Устройства» page (Kadr's extension, docs/decisions/057).
  registerCall(app, getDevices, async ({ session, request }) => ({
    devices: await listDevices(
      devicesDeps,
      requireSession(session),
      platformOf(request.headers[HeaderName.devicePlatform]),
    ),
  }));

  registerCall(app, signOutDevice, async ({ body, session }) => {
    if (!(await sessions.signOutDevice(requireSession(session), body.device_id)))
      throw new AppError('device_not_found');
    return { ok: true as const };
  });

  registerCall(app, signOutOtherDevices, async ({ session }) => ({
    signed_out: await sessions.signOutOtherDevices(requireSession(session)),
  }));
};
