import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { authCalls } from '@kadr/api-contract';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT } from './http/server';
import { pgliteBackend, useApi } from './test/harness';
import { PRODUCTION_SETTINGS } from './test/security-settings';

// HTTP behaviour that does not depend on the database engine: PGlite only.
describe('app shell (PGlite)', () => {
  const api = useApi(pgliteBackend);
  const setup = (env = {}) => api.setup(env);

  it('answers healthz once migrated', async () => {
    const { app } = await setup();
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, success: true, response: { status: 'ok' } });
  });

  it('names the instance that answered in X-Kadr-Instance only when configured (scale-out tests, ops)', async () => {
    const named = await setup({ INSTANCE_NAME: 'api-2' });
    for (const url of ['/healthz', '/v1/agregator/nothingHere', '/promo/web/']) {
      const res = await named.app.inject({ method: 'GET', url });
      expect(res.headers['x-kadr-instance'], url).toBe('api-2');
    }
    const plain = await setup();
    expect((await plain.app.inject({ method: 'GET', url: '/healthz' })).headers).not.toHaveProperty(
      'x-kadr-instance',
    );
  });

  it('answers an unknown route with the 404 envelope', async () => {
    const { call } = await setup();
    const res = await call('GET', '/v1/agregator/nothingHere');
    expect(res).toMatchObject({
      status: 404,
      body: { code: 404, success: false, response: { error: 'not_found', message: 'Not found' } },
    });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const { app } = await setup();
    for (const [type, payload] of [
      ['text/plain', 'auth_type=phone'],
      ['application/xml', '<a/>'],
      ['application/x-www-form-urlencoded', 'auth_type=phone&uid=79991234567'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/agregator/sendAuth',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json(), type).toMatchObject({
        code: 415,
        success: false,
        response: { error: 'unsupported_media_type' },
      });
    }
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const { app } = await setup();
    const res = await app.inject({
      method: 'POST',
      url: '/v1/agregator/sendAuth',
      headers: { 'content-type': 'application/json' },
      payload: '{"auth_type": "phone",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      success: false,
      response: { error: 'invalid_json', message: 'Body is not valid JSON' },
    });
  });

  it('takes a body-less call with no body or {}, and refuses a JSON null body as the contract does', async () => {
    const { app, anonymous } = await setup();
    const { access_token } = await anonymous();
    const getProfile = (payload?: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/agregator/getProfile',
        headers: {
          authorization: `Bearer ${access_token}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { payload }),
      });
    expect((await getProfile()).statusCode).toBe(200);
    expect((await getProfile('{}')).statusCode).toBe(200);
    expect((await getProfile('')).statusCode).toBe(200);
    // Fastify hands the validator null for a missing body and for `null` alike (found by the fuzz suite).
    const refused = await getProfile('null');
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 400,
      body: {
        code: 400,
        success: false,
        response: {
          error: 'validation_error',
          message: 'Request does not match the contract',
          details: [{ path: 'body', message: 'Invalid input: expected object, received null' }],
        },
      },
    });
  });

  it('refuses a body over 16 KiB with 413', async () => {
    const { app } = await setup();
    const res = await app.inject({
      method: 'POST',
      url: '/v1/agregator/setProfileUtm',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ url: 'x'.repeat(BODY_LIMIT) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, success: false, response: { error: 'payload_too_large' } });
  });

  it('answers a malformed phone with 400, the Russian message and per-field details', async () => {
    const { call, anonymous } = await setup();
    const { access_token } = await anonymous();
    const res = await call('POST', '/v1/agregator/sendAuth', {
      token: access_token,
      body: { auth_type: 'phone', uid: '8999123456' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      success: false,
      response: {
        error: 'invalid_phone',
        message: 'Неверный номер телефона',
        details: [{ path: 'uid', message: 'Номер телефона: 7 и ещё 10 цифр' }],
      },
    });
  });

  it('lists every field of a rejected request in details', async () => {
    const { call } = await setup();
    const res = await call('POST', '/v1/agregator/refreshToken', { body: { grant_type: 'password' } });
    expect(res.status).toBe(400);
    expect(res.body.response).toMatchObject({ error: 'validation_error' });
    const paths = (res.body.response.details as Array<{ path: string }>).map((d) => d.path).sort();
    expect(paths).toEqual(['client_id', 'client_secret', 'grant_type', 'refresh_token']);
  });

  it('answers an unexpected failure with a generic 500 envelope and logs it', async () => {
    const lines: string[] = [];
    const t = await api.setup(
      { LOG_LEVEL: 'error' },
      {
        providers: {
          sms: {
            send: async () => {
              throw new Error('gateway exploded at /srv/internal/path');
            },
          },
        },
        logStream: { write: (l) => lines.push(l) },
      },
    );
    const anon = await t.anonymous();
    const res = await t.sendAuth('79991234567', anon.access_token);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: 500,
      success: false,
      response: { error: 'internal', message: 'Internal server error' },
    });
    expect(JSON.stringify(res.body)).not.toContain('exploded');
    expect(lines.join('')).toContain('gateway exploded');
  });

  it('publishes an OpenAPI document listing every registered call', async () => {
    const { app } = await setup();
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const call of Object.values(authCalls)) {
      const path = call.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[call.method.toLowerCase()]?.operationId, call.id).toBe(call.id);
    }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/healthz', '/sandbox/sms', '/sandbox/push']),
    );
  });

  it('serves a browsable API reference at /docs', async () => {
    const { app } = await setup();
    const res = await app.inject({ method: 'GET', url: '/docs' });
    const page =
      res.statusCode === 302 ? await app.inject({ method: 'GET', url: res.headers.location as string }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger');
  });

  it('hides /docs and /openapi.json in production (the 404 envelope) unless API_DOCS is on', async () => {
    const prod = PRODUCTION_SETTINGS;
    const closed = await setup(prod);
    for (const url of ['/openapi.json', '/docs', '/docs/', '/docs/json', '/docs/static/index.html']) {
      const res = await closed.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 404, success: false, response: { error: 'not_found' } });
    }
    const open = await setup({ ...prod, API_DOCS: 'on' });
    expect((await open.app.inject({ method: 'GET', url: '/openapi.json' })).statusCode).toBe(200);
    expect((await open.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
  });

  it('never serves a sandbox in production: refuses to start with them, serves none without', async () => {
    // Every sandbox page and the playground: in development they answer (the sandboxes' own suites).
    const sandboxUrls = [
      '/sandbox/sms?phone=79991234567',
      '/sandbox/push?phone=79991234567',
      '/sandbox/yookassa/v3/payments/00000000-0000-4000-8000-000000000000',
      '/sandbox/yookassa/checkout-widget/v1/checkout-widget.js',
      '/sandbox/oidc/.well-known/openid-configuration',
      '/embed/playground/',
    ];
    const development = await setup({});
    for (const url of sandboxUrls)
      expect((await development.app.inject({ method: 'GET', url })).statusCode, url).not.toBe(404);
    const closed = await setup(PRODUCTION_SETTINGS);
    for (const url of sandboxUrls) {
      const res = await closed.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, response: { error: 'not_found' } });
    }
    await expect(setup({ ...PRODUCTION_SETTINGS, SANDBOX_PROVIDERS: 'on' })).rejects.toThrow(
      /SANDBOX_PROVIDERS: never in production/,
    );
  });

  describe('web app', () => {
    function webDist() {
      const dir = api.tempDir();
      mkdirSync(join(dir, 'assets'));
      writeFileSync(
        join(dir, 'index.html'),
        '<!doctype html><head><title>Кадр</title></head><div id="root"></div>',
      );
      writeFileSync(
        join(dir, 'embed.html'),
        '<!doctype html><head><title>Плеер</title></head><div id="root"></div>',
      );
      writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log("kadr")');
      return dir;
    }

    it('redirects / to /promo/web/ keeping the query string', async () => {
      const { app } = await setup({ WEB_DIST: webDist() });
      const res = await app.inject({ method: 'GET', url: '/?utm_source=mail' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/promo/web/?utm_source=mail');
    });

    it('serves index.html and assets under /promo/web/', async () => {
      const { app } = await setup({ WEB_DIST: webDist() });
      const index = await app.inject({ method: 'GET', url: '/promo/web/' });
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('<div id="root">');
      // The deployment's payment widget, written into the page (docs/decisions/054): the sandbox's here.
      expect(index.body).toContain(
        '<meta name="kadr:checkout-widget" content="/sandbox/yookassa/checkout-widget/v1/checkout-widget.js">',
      );
      const asset = await app.inject({ method: 'GET', url: '/promo/web/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expect(asset.headers['cache-control']).toContain('immutable');
    });

    it('falls back to index.html for client routes', async () => {
      const { app } = await setup({ WEB_DIST: webDist() });
      for (const url of ['/promo/web/account/packages', '/promo/web/movie/12/34/', '/promo/web/tv/5?x=1']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('<div id="root">');
      }
    });

    it('answers a placeholder when the web app is not built', async () => {
      const { app } = await setup();
      const res = await app.inject({ method: 'GET', url: '/promo/web/' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('pnpm --filter @kadr/web build');
    });
  });
});

describe('request logging (PGlite)', () => {
  const api = useApi(pgliteBackend);

  it('never logs codes, tokens or bodies, even at trace level', async () => {
    const lines: string[] = [];
    const t = await api.setup(
      { LOG_LEVEL: 'trace', PUSH_SIGNIN: 'on' },
      { logStream: { write: (l) => lines.push(l) } },
    );
    const phone = '79031234567';
    const anon = await t.anonymous();
    const sent = await t.sendAuth(phone, anon.access_token);
    const code = await t.lastCode(phone);
    await t.authApp(phone, code === '0000' ? '1111' : '0000', anon.access_token);
    const session = (await t.authApp(phone, code, anon.access_token)).body.response;
    await t.call('POST', '/v1/agregator/refreshToken', {
      body: {
        grant_type: 'refresh_token',
        client_id: 'web',
        client_secret: 'web',
        refresh_token: session.refresh_token,
      },
    });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of [
      anon.access_token,
      anon.refresh_token,
      session.access_token as string,
      session.refresh_token as string,
      sent.body.response.async_auth_uuid as string,
      `"${code}"`,
      `: ${code}`,
      'verify_code',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
