import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { renderConsentPage, renderErrorPage } from './consent-page';
import type { InProcessFetch } from './in-process-fetch';
import { type AuthorizeParams, SANDBOX_OIDC_PREFIX, type SandboxOidcProvider } from './provider';

/**
 * The sandbox issuer as the caller sees this api: its origin + /sandbox/oidc. The scheme is the
 * request's as the rest of the api reads it (`request.protocol`: X-Forwarded-Proto from a proxy
 * TRUST_PROXY trusts), or, for the api's own in-process request, the one it was made for.
 */
export function issuerOf(request: FastifyRequest, inProcess?: InProcessFetch): string {
  const scheme = inProcess?.schemeOf(request) ?? request.protocol;
  return `${new URL(`${scheme}://${request.host}`).origin}${SANDBOX_OIDC_PREFIX}`;
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/** Only string parameters count; repeated ones (arrays) are treated as absent. */
function paramsOf(source: unknown): AuthorizeParams {
  const params: AuthorizeParams = {};
  if (source && typeof source === 'object') {
    for (const [key, value] of Object.entries(source)) if (typeof value === 'string') params[key] = value;
  }
  return params;
}

/**
 * The sandbox OpenID Connect provider's endpoints (docs/decisions/041), registered with the other
 * sandbox providers (never by default in production). Answers are the protocol's, not the envelope.
 */
export const sandboxOidcRoutes: FastifyPluginAsync<{
  provider: SandboxOidcProvider;
  /** The api's own fetch of these routes, whose requests say which scheme they were made for. */
  inProcess: InProcessFetch;
}> = async (app, { provider, inProcess }) => {
  const sandboxIssuer = (request: FastifyRequest) => issuerOf(request, inProcess);

  app.get(`${SANDBOX_OIDC_PREFIX}/.well-known/openid-configuration`, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(provider.discovery(sandboxIssuer(request))),
  );

  app.get(`${SANDBOX_OIDC_PREFIX}/jwks`, async (_request, reply) =>
    reply.type('application/jwk-set+json').send(await provider.jwks()),
  );

  app.get(`${SANDBOX_OIDC_PREFIX}/authorize`, async (request, reply) => {
    const check = provider.checkAuthorize(sandboxIssuer(request), paramsOf(request.query));
    if (check.kind === 'page') return html(reply, 400, renderErrorPage(check.message));
    if (check.kind === 'redirect') return reply.redirect(check.location, 303);
    return html(reply, 200, renderConsentPage(`${SANDBOX_OIDC_PREFIX}/authorize`, check.request));
  });

  // The consent page's answer: the request's parameters again, plus decision and login.
  app.post(`${SANDBOX_OIDC_PREFIX}/authorize`, async (request, reply) => {
    const params = paramsOf(request.body);
    const check = provider.checkAuthorize(sandboxIssuer(request), params);
    if (check.kind === 'page') return html(reply, 400, renderErrorPage(check.message));
    if (check.kind === 'redirect') return reply.redirect(check.location, 303);
    if (params.decision !== 'allow') return reply.redirect(provider.deny(check.request), 303);
    const location = await provider.allow(check.request, params.login ?? '');
    if (!location)
      return html(
        reply,
        400,
        renderConsentPage(
          `${SANDBOX_OIDC_PREFIX}/authorize`,
          check.request,
          'Имя аккаунта: латинские буквы, цифры, точка, дефис или подчёркивание, до 64 знаков',
        ),
      );
    return reply.redirect(location, 303);
  });

  app.post(`${SANDBOX_OIDC_PREFIX}/token`, async (request, reply) => {
    const answer = await provider.token(
      sandboxIssuer(request),
      paramsOf(request.body),
      request.headers.authorization,
    );
    return reply
      .code(answer.status)
      .header('cache-control', 'no-store')
      .header('pragma', 'no-cache')
      .send(answer.body);
  });
};
