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
