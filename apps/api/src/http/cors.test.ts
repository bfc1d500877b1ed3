import { createApiClient } from '@kadr/api-client';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { listeningClient, pgliteBackend, useApi } from '../test/harness';
import { PREFLIGHT_MAX_AGE } from './cors';

const PARTNER = 'https://app.partner.ru';
const OTHER = 'https://evil.example';
const DEVICE = 'web_corsdevice000001';

/** The CORS headers of an answer (access-control-*), and its Vary. */
function corsOf(headers: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => name.startsWith('access-control-') || name === 'vary'),
  );
}

/** A browser's preflight for a call sending the client's headers. */
const preflight = (url: string, origin: string, method = 'POST'): InjectOptions => ({
  method: 'OPTIONS',
  url,
  headers: {
    origin,
    'access-control-request-method': method,
    'access-control-request-headers': 'authorization,content-type,x-platform',
  },
});

/**
 * A fetch that behaves like a browser on a page of `origin`: it preflights (the client always sends
 * non-safelisted headers), refuses what the answers do not allow, and lets the page read only the
 * safelisted and exposed response headers.
 */
function browserFetch(origin: string): typeof fetch {
  const safelisted = [
    'cache-control',
    'content-language',
    'content-length',
    'content-type',
    'expires',
    'last-modified',
    'pragma',
  ];
  return async (input, init) => {
    const request = new Request(input, init);
    const sent = [...request.headers.keys()].filter((name) => name !== 'accept');
    const check = await fetch(request.url, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': request.method,
        'access-control-request-headers': sent.join(','),
      },
    });
    const allowedHeaders = (check.headers.get('access-control-allow-headers') ?? '').split(', ');
    const allowedMethods = (check.headers.get('access-control-allow-methods') ?? '').split(', ');
    if (check.headers.get('access-control-allow-origin') !== origin)
      throw new TypeError('CORS preflight refused');
    if (!allowedMethods.includes(request.method)) throw new TypeError(`CORS: ${request.method} not allowed`);
    for (const name of sent)
      if (!allowedHeaders.includes(name)) throw new TypeError(`CORS: ${name} not allowed`);

    const headers = new Headers(request.headers);
    headers.set('origin', origin);
    const answer = await fetch(request.url, {
      method: request.method,
      headers,
      body: (await request.text()) || undefined,
    });
    if (answer.headers.get('access-control-allow-origin') !== origin)
      throw new TypeError('CORS: answer refused');
    const exposed = (answer.headers.get('access-control-expose-headers') ?? '').split(', ');
    const readable = new Headers();
    for (const [name, value] of answer.headers) {
      if (safelisted.includes(name) || exposed.includes(name)) readable.set(name, value);
    }
    return new Response(answer.body, { status: answer.status, headers: readable });
  };
}

// HTTP behaviour that does not depend on the database engine: PGlite only.
describe('CORS for the API paths (PGlite)', () => {
  const api = useApi(pgliteBackend);
  const setup = (origins = `${PARTNER}, http://localhost:5173`) => api.setup({ CORS_ORIGINS: origins });

  it('lets a listed origin read an API answer, varying by Origin, without credentials', async () => {
    const { app } = await setup();
    const res = await app.inject({
      method: 'GET',
      url: `/web/1/auth/${DEVICE}`,
      headers: { origin: PARTNER },
    });
    expect(res.statusCode).toBe(200);
    expect(corsOf(res.headers)).toEqual({
      'access-control-allow-origin': PARTNER,
      'access-control-expose-headers': 'retry-after',
      vary: 'Origin',
    });
  });

  it('lets a listed origin read an error answer too', async () => {
    const { app } = await setup();
    const res = await app.inject({
      method: 'POST',
      url: '/v1/agregator/getProfile',
      headers: { origin: PARTNER },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
  });

  it("answers a listed origin's preflight with the contract's methods and headers and a max-age", async () => {
    const { app } = await setup();
    const res = await app.inject(preflight('/v1/agregator/getProfile', PARTNER));
    expect(res.statusCode).toBe(204);
    expect(corsOf(res.headers)).toEqual({
      'access-control-allow-origin': PARTNER,
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers':
        'x-platform, x-mode, x-device-platform, x-build-number, authorization, x-access-token, content-type',
      'access-control-expose-headers': 'retry-after',
      'access-control-max-age': String(PREFLIGHT_MAX_AGE),
      vary: 'Origin',
    });
    const path = await app.inject(preflight('/web/2/contents/1', 'http://localhost:5173', 'GET'));
    expect(path.statusCode).toBe(204);
    expect(path.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });

  it('gives an origin not listed no CORS header, and its preflight a 404: the browser blocks it', async () => {
    const { app } = await setup();
    const call = await app.inject({
      method: 'GET',
      url: `/web/1/auth/${DEVICE}`,
      headers: { origin: OTHER },
    });
    expect(call.statusCode).toBe(200);
    expect(corsOf(call.headers)).toEqual({ vary: 'Origin' });
    const check = await app.inject(preflight('/v1/agregator/getProfile', OTHER));
    expect(check.statusCode).toBe(404);
    expect(corsOf(check.headers)).toEqual({ vary: 'Origin' });
    // Exact origins: another scheme, port or a longer host is another origin.
    for (const origin of [
      'http://app.partner.ru',
      'https://app.partner.ru:8443',
      'https://app.partner.ru.evil.example',
    ]) {
      const res = await app.inject({ method: 'GET', url: `/web/1/auth/${DEVICE}`, headers: { origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('leaves the paths outside the API same-origin, without Vary', async () => {
    const { app } = await setup();
    for (const url of ['/healthz', '/openapi.json', '/promo/web/', '/sandbox/sms?phone=79261234567']) {
      const res = await app.inject({ method: 'GET', url, headers: { origin: PARTNER } });
      expect(corsOf(res.headers), url).toEqual({});
    }
    const check = await app.inject(preflight('/healthz', PARTNER, 'GET'));
    expect(check.statusCode).toBe(404);
    expect(corsOf(check.headers)).not.toHaveProperty('access-control-allow-origin');
  });

  it('adds no CORS header and no OPTIONS route when CORS_ORIGINS is empty (the default)', async () => {
    const { app } = await setup('');
    const call = await app.inject({
      method: 'GET',
      url: `/web/1/auth/${DEVICE}`,
      headers: { origin: PARTNER },
    });
    expect(call.statusCode).toBe(200);
    expect(corsOf(call.headers)).toEqual({});
    const check = await app.inject(preflight('/v1/agregator/getProfile', PARTNER));
    expect(check.statusCode).toBe(404);
    expect(corsOf(check.headers)).toEqual({});
  });

  it('lets @kadr/api-client on a listed origin make its calls as a browser would, and not on another', async () => {
    const t = await setup();
    const { tokens, baseUrl } = await listeningClient(t.app, DEVICE);
    const clientOn = (origin: string) =>
      createApiClient({
        baseUrl,
        tokens,
        deviceUid: () => DEVICE,
        sleep: async () => {},
        fetch: browserFetch(origin),
      });
    const partner = clientOn(PARTNER);
    tokens.setTokens(await partner.call('anonymousAuth', { params: { device_uid: DEVICE } }));
    // sendAuth sends every header the client has: authorization and x-access-token too.
    expect(
      await partner.call('sendAuth', { body: { auth_type: 'phone', uid: '79261234567' } }),
    ).toMatchObject({
      code_ttl: 120,
    });
    expect(await partner.call('getProfile')).toMatchObject({ phone: null });
    await expect(clientOn(OTHER).call('getProfile')).rejects.toMatchObject({ error: 'network_error' });
  });
});
