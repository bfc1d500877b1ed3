import { createHash } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { backends, testEnv, useApi } from '../../test/harness';
import { sandboxClient } from './keys';

const ISSUER = 'http://localhost/sandbox/oidc';
const REDIRECT = 'http://localhost/promo/web/auth_sandbox/';
const VERIFIER = 'v'.repeat(43);
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

describe.skipIf(!backends[0]?.available)('sandbox OpenID Connect provider', () => {
  const api = useApi(backends[0]!);

  async function setup() {
    const t = await api.setup({ PUSH_SIGNIN: 'off' });
    const client = sandboxClient(testEnv().tokenSecret);
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const post = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams(form).toString(),
      });
    const authorize = {
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: REDIRECT,
      scope: 'openid',
      state: 's1',
      nonce: 'n1',
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
      prompt: 'select_account',
    };
    /** The tester allows as `login`; answers the code. */
    const code = async (login = 'alice') => {
      const res = await post('/sandbox/oidc/authorize', { ...authorize, decision: 'allow', login });
      return new URL(String(res.headers.location)).searchParams.get('code') ?? '';
    };
    const token = (form: Record<string, string>, headers?: Record<string, string>) =>
      post('/sandbox/oidc/token', form, headers);
    const grant = (c: string, extra: Record<string, string> = {}) => ({
      grant_type: 'authorization_code',
      code: c,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
      client_id: client.clientId,
      client_secret: client.clientSecret,
      ...extra,
    });
    return { ...t, client, get, post, authorize, code, token, grant };
  }

  it('publishes a discovery document for its issuer with S256 PKCE and ES256', async () => {
    const t = await setup();
    const res = await t.get('/sandbox/oidc/.well-known/openid-configuration');
    expect(res.json()).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/authorize`,
      token_endpoint: `${ISSUER}/token`,
      jwks_uri: `${ISSUER}/jwks`,
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['ES256'],
    });
  });

  it('issues an ID token signed with the published key, with iss, sub, aud, nonce, iat and exp', async () => {
    const t = await setup();
    const res = await t.token(t.grant(await t.code('Alice')));
    expect(res.statusCode).toBe(200);
    const jwks = createLocalJWKSet((await t.get('/sandbox/oidc/jwks')).json());
    const { payload, protectedHeader } = await jwtVerify(res.json().id_token, jwks, {
      issuer: ISSUER,
      audience: t.client.clientId,
      currentDate: t.clock.now(),
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({ sub: 'alice', nonce: 'n1' });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(300);
  });

  it('refuses a wrong client secret as invalid_client (Basic or form)', async () => {
    const t = await setup();
    const c = await t.code();
    const basic = `Basic ${Buffer.from(`${t.client.clientId}:wrong`).toString('base64')}`;
    const { client_id: _id, client_secret: _secret, ...form } = t.grant(c);
    expect((await t.token(form, { authorization: basic })).json()).toMatchObject({ error: 'invalid_client' });
    expect((await t.token(t.grant(c, { client_secret: 'wrong' }))).statusCode).toBe(401);
  });

  it('refuses a wrong verifier, and the code is spent by the attempt', async () => {
    const t = await setup();
    const c = await t.code();
    const wrong = await t.token(t.grant(c, { code_verifier: 'w'.repeat(43) }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await t.token(t.grant(c))).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a reused code, an expired code and another redirect URI as invalid_grant', async () => {
    const t = await setup();
    const used = await t.code();
    expect((await t.token(t.grant(used))).statusCode).toBe(200);
    expect((await t.token(t.grant(used))).json()).toMatchObject({ error: 'invalid_grant' });
    const other = await t.code();
    expect((await t.token(t.grant(other, { redirect_uri: `${REDIRECT}x` }))).json()).toMatchObject({
      error: 'invalid_grant',
    });
    const late = await t.code();
    t.clock.advance(61);
    expect((await t.token(t.grant(late))).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses other grant types', async () => {
    const t = await setup();
    const res = await t.token(t.grant('x', { grant_type: 'password' }));
    expect(res.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('sends a request without S256 PKCE back with invalid_request, and prompt=none with login_required', async () => {
    const t = await setup();
    const plain = new URLSearchParams({ ...t.authorize, code_challenge_method: 'plain' });
    const noPkce = await t.get(`/sandbox/oidc/authorize?${plain}`);
    expect(noPkce.statusCode).toBe(303);
    expect(new URL(String(noPkce.headers.location)).searchParams.get('error')).toBe('invalid_request');
    const silent = new URLSearchParams({ ...t.authorize, prompt: 'none' });
    const none = await t.get(`/sandbox/oidc/authorize?${silent}`);
    expect(Object.fromEntries(new URL(String(none.headers.location)).searchParams)).toMatchObject({
      error: 'login_required',
      state: 's1',
    });
  });

  // RFC 9700 §2.1: the redirect URI is compared with the registered one as a string. Each of these
  // names the registered route to a URL parser, or a page beside it, and none may get a redirect.
  const notRegistered = {
    userinfo: 'http://user@localhost/promo/web/auth_sandbox/',
    'userinfo with a password': 'http://user:pass@localhost/promo/web/auth_sandbox/',
    'another host in userinfo form': 'http://localhost@evil.example/promo/web/auth_sandbox/',
    'another port': 'http://localhost:8080/promo/web/auth_sandbox/',
    'the default port spelled out': 'http://localhost:80/promo/web/auth_sandbox/',
    'another scheme': 'https://localhost/promo/web/auth_sandbox/',
    'upper-case host': 'http://LOCALHOST/promo/web/auth_sandbox/',
    'a longer path': 'http://localhost/promo/web/auth_sandbox/evil',
    'a path prefix without the slash': 'http://localhost/promo/web/auth_sandbox',
    'a dot segment': 'http://localhost/promo/web/auth_sandbox/x/../',
    'an encoded dot segment': 'http://localhost/promo/web/auth_sandbox/x/%2e%2e/',
    'an encoded character': 'http://localhost/promo/web/auth%5Fsandbox/',
    'an encoded slash': 'http://localhost/promo%2Fweb/auth_sandbox/',
    fragment: 'http://localhost/promo/web/auth_sandbox/#x',
    'an empty fragment': 'http://localhost/promo/web/auth_sandbox/#',
    query: 'http://localhost/promo/web/auth_sandbox/?next=https://evil.example',
    backslashes: 'http:\\\\localhost\\promo\\web\\auth_sandbox\\',
    'a backslash in the path': 'http://localhost/promo/web\\auth_sandbox/',
    'surrounding space': ' http://localhost/promo/web/auth_sandbox/',
    'a tab in the path': 'http://localhost/promo/web/auth_\tsandbox/',
    'not a URL': 'auth_sandbox',
  };

  it.each(Object.entries(notRegistered))(
    'refuses a redirect URI with %s on an error page, never redirecting to it',
    async (_form, redirectUri) => {
      const t = await setup();
      const request = { ...t.authorize, redirect_uri: redirectUri };
      const page = await t.get(`/sandbox/oidc/authorize?${new URLSearchParams(request)}`);
      expect(page.statusCode).toBe(400);
      expect(page.headers.location).toBeUndefined();
      expect(page.body).toContain('Адрес возврата не зарегистрирован');
      // The consent page's answer is checked again: no code is issued for it, even with a bad request.
      const allowed = await t.post('/sandbox/oidc/authorize', {
        ...request,
        decision: 'allow',
        login: 'alice',
      });
      expect(allowed.statusCode).toBe(400);
      expect(allowed.headers.location).toBeUndefined();
      const bad = await t.get(
        `/sandbox/oidc/authorize?${new URLSearchParams({ ...request, code_challenge_method: 'plain' })}`,
      );
      expect(bad.headers.location).toBeUndefined();
    },
  );

  it('redirects to the registered URI exactly as registered', async () => {
    const t = await setup();
    expect((await t.get(`/sandbox/oidc/authorize?${new URLSearchParams(t.authorize)}`)).statusCode).toBe(200);
    const res = await t.post('/sandbox/oidc/authorize', {
      ...t.authorize,
      decision: 'allow',
      login: 'alice',
    });
    expect(res.statusCode).toBe(303);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.username).toBe('');
    expect(location.hash).toBe('');
    expect(location.searchParams.get('code')).toMatch(/^[\w-]{43}$/);
  });

  it('shows the consent page in Russian, and asks again for a malformed account name', async () => {
    const t = await setup();
    const page = await t.get(`/sandbox/oidc/authorize?${new URLSearchParams(t.authorize)}`);
    expect(page.body).toContain('Вход в Кадр');
    expect(page.body).toContain('Отказать');
    const bad = await t.post('/sandbox/oidc/authorize', {
      ...t.authorize,
      decision: 'allow',
      login: 'не латиница',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Имя аккаунта');
  });

  it('is not served when the sandbox providers are off', async () => {
    const t = await api.setup({
      PUSH_SIGNIN: 'off',
      SANDBOX_PROVIDERS: 'off',
      SMS_GATEWAY_URL: 'https://sms.example',
      SMS_GATEWAY_TOKEN: 't',
      YOOKASSA_SHOP_ID: '1',
      YOOKASSA_SECRET_KEY: 'k',
    });
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/oidc/jwks' })).statusCode).toBe(404);
    const anon = await t.anonymous();
    const start = await t.call('POST', '/v1/agregator/identityProviderStart', {
      token: anon.access_token,
      body: { provider: 'sandbox' },
    });
    expect(start.status).toBe(404);
  });
});
