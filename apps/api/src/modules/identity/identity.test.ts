import { eq, isNull } from 'drizzle-orm';
import type { CustomFetch } from 'openid-client';
import { describe, expect, it } from 'vitest';
import { identityLinks, identityRequests, paymentMethods, profiles, sessions } from '../../db/schema';
import { SANDBOX_CODE_TTL_SECONDS } from '../../providers/identity';
import { backends, TEST_PARTNER_KEY, useApi } from '../../test/harness';
import { AnonymousProfilePruner } from '../auth';
import { PartnerAccounts, PartnerKeyring } from '../partners';
import { IDENTITY_STARTS_PER_HOUR } from './service';

const DEVICE = 'web_oidcdevice000001';
const ISSUER = 'http://localhost/sandbox/oidc';
const refusal = (error: string) =>
  expect.objectContaining({ success: false, response: expect.objectContaining({ error }) });

for (const backend of backends) {
  describe.skipIf(!backend.available)(`identity-provider sign-in (${backend.name})`, () => {
    const api = useApi(backend);

    async function setup(
      options: { tamper?: (idToken: string) => string; unreachable?: boolean; log?: string[] } = {},
    ) {
      const { tamper } = options;
      const identityProviderFetch = options.unreachable
        ? (): CustomFetch => async () => {
            throw new TypeError('fetch failed');
          }
        : tamper
          ? (inner: CustomFetch): CustomFetch =>
              async (url, init) => {
                const res = await inner(url, init);
                if (!url.endsWith('/token') || res.status !== 200) return res;
                const body = (await res.json()) as { id_token: string };
                return Response.json({ ...body, id_token: tamper(body.id_token) }, { status: 200 });
              }
          : undefined;
      const { log } = options;
      const t = await api.setup(
        { PUSH_SIGNIN: 'off', ...(log ? { LOG_LEVEL: 'info' } : {}) },
        { identityProviderFetch, ...(log ? { logStream: { write: (line: string) => log.push(line) } } : {}) },
      );
      const anon = await t.anonymous(DEVICE);
      /** The visitor's start: the provider's authorization URL. */
      const start = async (token = anon.access_token) => {
        const res = await t.call<{ authorization_url: string }>(
          'POST',
          '/v1/agregator/identityProviderStart',
          {
            token,
            body: { provider: 'sandbox' },
          },
        );
        expect(res.status).toBe(200);
        return new URL(res.body.response.authorization_url);
      };
      /** The browser at the provider: the consent page, then the tester's decision; answers the redirect. */
      const decide = async (authorization: URL, decision: 'allow' | 'deny', login = 'alice') => {
        const page = await t.app.inject({
          method: 'GET',
          url: `${authorization.pathname}${authorization.search}`,
        });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('Разрешить');
        const form = new URLSearchParams(Object.fromEntries(authorization.searchParams));
        form.set('decision', decision);
        form.set('login', login);
        const res = await t.app.inject({
          method: 'POST',
          url: authorization.pathname,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: form.toString(),
        });
        expect(res.statusCode).toBe(303);
        return new URL(String(res.headers.location));
      };
      const finish = (
        back: URL,
        token = anon.access_token,
        overrides: Record<string, string | undefined> = {},
      ) =>
        t.call<Record<string, unknown>>('POST', '/v1/agregator/identityProviderFinish', {
          token,
          body: {
            provider: 'sandbox',
            state: back.searchParams.get('state'),
            code: back.searchParams.get('code'),
            iss: back.searchParams.get('iss') ?? undefined,
            ...overrides,
          },
        });
      const links = () => t.database.db.select().from(identityLinks);
      return { ...t, anon, start, decide, finish, links };
    }

    it('sends the suggestion request: prompt=select_account, PKCE S256, state and nonce', async () => {
      const t = await setup();
      const url = await t.start();
      expect(url.origin + url.pathname).toBe(`${ISSUER}/authorize`);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        client_id: 'kadr-web',
        redirect_uri: 'http://localhost/promo/web/auth_sandbox/',
        response_type: 'code',
        scope: 'openid',
        state: expect.stringMatching(/^[\w-]{43}$/),
        nonce: expect.stringMatching(/^[\w-]{43}$/),
        code_challenge: expect.stringMatching(/^[\w-]{43}$/),
        code_challenge_method: 'S256',
        prompt: 'select_account',
      });
      const [stored] = await t.database.db.select().from(identityRequests);
      // Only the state's hash is kept; nonce and verifier never leave the server.
      expect(stored?.stateHash).not.toBe(url.searchParams.get('state'));
      expect(stored?.profileId).toBe(t.anon.profile_id);
    });

    it('signs the anonymous visitor in on their own profile and links the subject to it', async () => {
      const t = await setup();
      const res = await t.finish(await t.decide(await t.start(), 'allow'));
      expect(res.status).toBe(200);
      expect(res.body.response).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        expires_in: 900,
        token_type: 'Bearer',
        profile_id: t.anon.profile_id,
        device_uid: DEVICE,
        phone_number: null,
      });
      expect(await t.links()).toEqual([
        expect.objectContaining({ issuer: ISSUER, subject: 'alice', profileId: t.anon.profile_id }),
      ]);
      // The old anonymous token is over; the device gets a fresh anonymous profile after logout.
      const old = await t.call('POST', '/v1/agregator/getProfile', { token: t.anon.access_token });
      expect(old.body.code).toBe(910);
      expect((await t.anonymous(DEVICE)).profile_id).not.toBe(t.anon.profile_id);
    });

    it('checks the iss the provider sends back (RFC 9207): its own issuer signs in', async () => {
      const t = await setup();
      const back = await t.decide(await t.start(), 'allow');
      expect(back.searchParams.get('iss')).toBe(ISSUER);
      expect((await t.finish(back)).status).toBe(200);
    });

    it('refuses an answer whose iss is another issuer’s (mix-up), and links nothing', async () => {
      const t = await setup();
      const back = await t.decide(await t.start(), 'allow');
      const res = await t.finish(back, t.anon.access_token, { iss: 'https://evil.example/oidc' });
      expect(res.body).toEqual(refusal('identity_token_invalid'));
      expect(await t.links()).toEqual([]);
    });

    it('refuses an answer without iss from a provider that advertises sending it', async () => {
      const t = await setup();
      const back = await t.decide(await t.start(), 'allow');
      const res = await t.finish(back, t.anon.access_token, { iss: undefined });
      expect(res.body).toEqual(refusal('identity_token_invalid'));
    });

    it('refuses an iss that is not a URL before anything is spent', async () => {
      const t = await setup();
      const back = await t.decide(await t.start(), 'allow');
      const res = await t.finish(back, t.anon.access_token, { iss: 'x'.repeat(2001) });
      expect(res.status).toBe(400);
      expect((await t.finish(back)).status).toBe(200);
    });

    it('refuses the adopted profile’s other anonymous access and refresh tokens, on any instance', async () => {
      const t = await setup();
      // Another tab's session on the same anonymous profile (not stored: nothing but the profile ends it).
      const tab = await t.anonymous(DEVICE);
      expect(tab.profile_id).toBe(t.anon.profile_id);
      const res = await t.finish(await t.decide(await t.start(), 'allow'));
      expect(res.status).toBe(200);
      // Another instance (its own session cache): only the database can tell.
      const other = await api.setup({ PUSH_SIGNIN: 'off' });
      for (const token of [t.anon.access_token, tab.access_token]) {
        const old = await other.call('POST', '/v1/agregator/getProfile', { token });
        expect(old.body.code).toBe(910);
      }
      for (const instance of [other, t]) {
        const refreshed = await instance.call('POST', '/v1/agregator/refreshToken', {
          body: {
            grant_type: 'refresh_token',
            client_id: 'web',
            client_secret: 'web',
            refresh_token: tab.refresh_token,
          },
        });
        expect(refreshed.body.success).toBe(false);
      }
      // The signed-in session is live everywhere, and is the profile's only one.
      const signedIn = String(res.body.response.access_token);
      const now = await other.call('POST', '/v1/agregator/getProfile', { token: signedIn });
      expect(now.body.response).toMatchObject({ profile_id: t.anon.profile_id, phone: null });
      const live = await t.database.db.select().from(sessions).where(isNull(sessions.endedAt));
      expect(live.map((s) => s.profileId)).toEqual([t.anon.profile_id]);
    });

    it('shows a provider-signed-in profile its partner-site accounts', async () => {
      const t = await setup();
      const res = await t.finish(await t.decide(await t.start(), 'allow'));
      const keyring = new PartnerKeyring({ current: Buffer.from(TEST_PARTNER_KEY, 'base64'), previous: [] });
      const account = { title: 'Кинозал', email: 'viewer@kinozal.example', password: 'Kz-пароль-1' };
      await new PartnerAccounts(t.database.db, keyring).set(t.anon.profile_id, account, t.clock.now());
      const profile = await t.call('POST', '/v1/agregator/getProfile', {
        token: String(res.body.response.access_token),
      });
      expect(profile.body.response).toEqual({
        profile_id: t.anon.profile_id,
        phone: null,
        external_accounts: [account],
      });
    });

    it('behind a TLS proxy TRUST_PROXY trusts, the sandbox’s issuer is https, as the browser sees it', async () => {
      // The proxy is the harness's caller address; the api's own loopback is not trusted.
      const t = await api.setup({ PUSH_SIGNIN: 'off', TRUST_PROXY: '10.0.0.1' });
      const anon = await t.anonymous('web_oidcproxy0000001');
      const headers = { host: 'kadr.example', 'x-forwarded-proto': 'https' };
      const started = await t.call<{ authorization_url: string }>(
        'POST',
        '/v1/agregator/identityProviderStart',
        { token: anon.access_token, headers, body: { provider: 'sandbox' } },
      );
      expect(started.status).toBe(200);
      const url = new URL(started.body.response.authorization_url);
      expect(url.origin + url.pathname).toBe('https://kadr.example/sandbox/oidc/authorize');
      expect(url.searchParams.get('redirect_uri')).toBe('https://kadr.example/promo/web/auth_sandbox/');
      const form = new URLSearchParams(Object.fromEntries(url.searchParams));
      form.set('decision', 'allow');
      form.set('login', 'alice');
      const consent = await t.app.inject({
        method: 'POST',
        url: url.pathname,
        remoteAddress: '10.0.0.1',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
      expect(consent.statusCode).toBe(303);
      const back = new URL(String(consent.headers.location));
      expect(back.searchParams.get('iss')).toBe('https://kadr.example/sandbox/oidc');
      const res = await t.call<Record<string, unknown>>('POST', '/v1/agregator/identityProviderFinish', {
        token: anon.access_token,
        headers,
        body: {
          provider: 'sandbox',
          state: back.searchParams.get('state'),
          code: back.searchParams.get('code'),
          iss: back.searchParams.get('iss'),
        },
      });
      expect(res.status).toBe(200);
      expect(await t.database.db.select().from(identityLinks)).toEqual([
        expect.objectContaining({ issuer: 'https://kadr.example/sandbox/oidc', subject: 'alice' }),
      ]);
    });

    it('does not take the scheme from a proxy it does not trust, nor from a forged in-process mark', async () => {
      const t = await api.setup({ PUSH_SIGNIN: 'off' });
      const res = await t.app.inject({
        method: 'GET',
        url: '/sandbox/oidc/.well-known/openid-configuration',
        headers: { 'x-forwarded-proto': 'https', 'x-kadr-in-process': 'guessed https' },
      });
      expect(res.json().issuer).toBe(ISSUER);
    });

    it('logs a refusal at warn with its reason, never the code, state or tokens', async () => {
      const log: string[] = [];
      const t = await setup({ log });
      const back = await t.decide(await t.start(), 'allow');
      t.clock.advance(SANDBOX_CODE_TTL_SECONDS + 1);
      expect((await t.finish(back)).body).toEqual(refusal('identity_provider_refused'));
      const mixUp = await t.decide(await t.start(), 'allow');
      const res = await t.finish(mixUp, t.anon.access_token, { iss: 'https://evil.example/oidc' });
      expect(res.body).toEqual(refusal('identity_token_invalid'));
      const refusals = log
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === 'identity-provider sign-in refused');
      expect(refusals).toEqual([
        expect.objectContaining({
          level: 40,
          refusal: 'identity_provider_refused',
          reason: expect.objectContaining({ type: 'ResponseBodyError', error: 'invalid_grant' }),
        }),
        expect.objectContaining({
          level: 40,
          refusal: 'identity_token_invalid',
          reason: expect.objectContaining({
            code: expect.stringMatching(/^OAUTH_/),
            message: expect.any(String),
          }),
        }),
      ]);
      const written = log.join('\n');
      for (const answer of [back, mixUp])
        for (const name of ['code', 'state'])
          expect(written).not.toContain(String(answer.searchParams.get(name)));
      expect(written).not.toContain(t.anon.access_token);
    });

    it('signs the same subject in again on the same profile, from any device', async () => {
      const t = await setup();
      await t.finish(await t.decide(await t.start(), 'allow'));
      const other = await t.anonymous('web_oidcdevice000002');
      const again = await t.finish(
        await t.decide(await t.start(other.access_token), 'allow'),
        other.access_token,
      );
      expect(again.body.response.profile_id).toBe(t.anon.profile_id);
      expect(await t.links()).toHaveLength(1);
    });

    it('moves what an anonymous visitor holds to the linked profile they sign in to, retiring theirs', async () => {
      const t = await setup();
      await t.finish(await t.decide(await t.start(), 'allow'));
      const other = await t.anonymous('web_oidcdevice000005');
      await t.database.db.insert(paymentMethods).values({
        profileId: other.profile_id,
        provider: 'yookassa',
        providerMethodId: 'pm-oidc-1',
        first6: '555555',
        last4: '4477',
        cardType: 'MasterCard',
        expiryMonth: 12,
        expiryYear: 2031,
      });
      const res = await t.finish(
        await t.decide(await t.start(other.access_token), 'allow'),
        other.access_token,
      );
      expect(res.body.response.profile_id).toBe(t.anon.profile_id);
      const cards = await t.database.db.select().from(paymentMethods);
      expect(cards.map((c) => c.profileId)).toEqual([t.anon.profile_id]);
      const [retired] = await t.database.db.select().from(profiles).where(eq(profiles.id, other.profile_id));
      expect(retired?.mergedIntoId).toBe(t.anon.profile_id);
    });

    it('follows a linked profile merged into a phone’s profile there', async () => {
      const t = await setup();
      await t.finish(await t.decide(await t.start(), 'allow'));
      const phone = await t.signIn('79990003344', 'web_oidcphone0000002');
      await t.database.db
        .update(profiles)
        .set({ mergedIntoId: phone.profile_id })
        .where(eq(profiles.id, t.anon.profile_id));
      const other = await t.anonymous('web_oidcdevice000006');
      const res = await t.finish(
        await t.decide(await t.start(other.access_token), 'allow'),
        other.access_token,
      );
      expect(res.body.response).toMatchObject({ profile_id: phone.profile_id, phone_number: '79990003344' });
    });

    it('gives a second subject of the same issuer a profile of its own', async () => {
      const t = await setup();
      const first = await t.finish(await t.decide(await t.start(), 'allow', 'alice'));
      const token = String(first.body.response.access_token);
      const second = await t.finish(await t.decide(await t.start(token), 'allow', 'bob'), token);
      expect(second.status).toBe(200);
      expect(second.body.response.profile_id).not.toBe(t.anon.profile_id);
      expect(await t.links()).toHaveLength(2);
    });

    it('links the subject to a phone-signed-in profile', async () => {
      const t = await setup();
      const phone = await t.signIn('79990001122', 'web_oidcphone0000001');
      const res = await t.finish(
        await t.decide(await t.start(phone.access_token), 'allow'),
        phone.access_token,
      );
      expect(res.body.response).toMatchObject({ profile_id: phone.profile_id, phone_number: '79990001122' });
    });

    it('refuses a state that was never sent, and leaves the caller anonymous', async () => {
      const t = await setup();
      const back = await t.decide(await t.start(), 'allow');
      const res = await t.finish(back, t.anon.access_token, { state: 'forged-state' });
      expect(res.status).toBe(410);
      expect(res.body).toEqual(refusal('identity_state_invalid'));
      expect(await t.links()).toEqual([]);
      const profile = await t.call('POST', '/v1/agregator/getProfile', { token: t.anon.access_token });
      expect(profile.body.response).toMatchObject({ profile_id: t.anon.profile_id, phone: null });
    });

    it('refuses an answer brought back by another browser (login CSRF)', async () => {
      const t = await setup();
      const back = await t.decide(await t.start(), 'allow');
      const victim = await t.anonymous('web_oidcvictim000001');
      const res = await t.finish(back, victim.access_token);
      expect(res.body).toEqual(refusal('identity_state_invalid'));
    });

    it('refuses a state used twice', async () => {
      const t = await setup();
      const back = await t.decide(await t.start(), 'allow');
      const first = await t.finish(back);
      expect(first.status).toBe(200);
      // The same browser (now signed in on the same profile and device) brings the answer back again.
      const again = await t.finish(back, String(first.body.response.access_token));
      expect(again.body).toEqual(refusal('identity_state_invalid'));
    });

    it('of answers brought back with one state at once, exactly one signs in', async () => {
      const t = await setup();
      const back = await t.decide(await t.start(), 'allow');
      const answers = await Promise.all(Array.from({ length: 6 }, () => t.finish(back)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(await t.links()).toHaveLength(1);
    });

    it('refuses a state that expired', async () => {
      const t = await setup();
      const back = await t.decide(await t.start(), 'allow');
      t.clock.advance(601);
      expect((await t.finish(back)).body).toEqual(refusal('identity_state_invalid'));
    });

    it('refuses a code the provider no longer accepts (expired)', async () => {
      const t = await setup();
      const url = await t.start();
      const back = await t.decide(url, 'allow');
      t.clock.advance(SANDBOX_CODE_TTL_SECONDS + 1);
      const res = await t.finish(back);
      expect(res.status).toBe(424);
      expect(res.body).toEqual(refusal('identity_provider_refused'));
    });

    it('refuses a code used twice (a reused code is invalid_grant at the provider)', async () => {
      const t = await setup();
      const back = await t.decide(await t.start(), 'allow');
      // A second request from this browser, answered with the first request's (spent) code.
      expect((await t.finish(back)).status).toBe(200);
      const token = String((await t.anonymous('web_oidcdevice000004')).access_token);
      const second = await t.decide(await t.start(token), 'allow');
      const res = await t.finish(second, token, { code: String(back.searchParams.get('code')) });
      expect(res.body).toEqual(refusal('identity_provider_refused'));
    });

    it('refuses when the stored verifier does not match the challenge', async () => {
      const t = await setup();
      const back = await t.decide(await t.start(), 'allow');
      await t.database.db.update(identityRequests).set({ codeVerifier: 'x'.repeat(43) });
      expect((await t.finish(back)).body).toEqual(refusal('identity_provider_refused'));
    });

    it('refuses an ID token whose nonce is not the request’s', async () => {
      const t = await setup();
      const back = await t.decide(await t.start(), 'allow');
      await t.database.db.update(identityRequests).set({ nonce: 'another-nonce' });
      const res = await t.finish(back);
      expect(res.body).toEqual(refusal('identity_token_invalid'));
      expect(await t.links()).toEqual([]);
    });

    it('refuses an ID token whose signature does not verify', async () => {
      const t = await setup({
        tamper: (jwt) => {
          const [header, payload, signature = ''] = jwt.split('.');
          const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
          return `${header}.${payload}.${flipped}`;
        },
      });
      const res = await t.finish(await t.decide(await t.start(), 'allow'));
      expect(res.body).toEqual(refusal('identity_token_invalid'));
    });

    it('refuses an ID token for another subject slipped in unsigned (alg none)', async () => {
      const t = await setup({
        tamper: (jwt) => {
          const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString());
          const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
          return `${part({ alg: 'none' })}.${part({ ...payload, sub: 'mallory' })}.`;
        },
      });
      const res = await t.finish(await t.decide(await t.start(), 'allow'));
      expect(res.body).toEqual(refusal('identity_token_invalid'));
      expect(await t.links()).toEqual([]);
    });

    it('refuses an ID token past its expiry', async () => {
      const t = await setup();
      // The provider's clock an hour behind the real one: its 5-minute token is long expired here.
      t.clock.advance((Date.now() - t.clock.now().getTime()) / 1000 - 3600);
      const res = await t.finish(await t.decide(await t.start(), 'allow'));
      expect(res.body).toEqual(refusal('identity_token_invalid'));
    });

    it('answers the refusal page, not a redirect, for an unregistered redirect URI', async () => {
      const t = await setup();
      const url = await t.start();
      url.searchParams.set('redirect_uri', 'https://evil.example/promo/web/auth_sandbox/');
      const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Адрес возврата не зарегистрирован');
    });

    it('sends access_denied back when the tester refuses', async () => {
      const t = await setup();
      const back = await t.decide(await t.start(), 'deny');
      expect(back.searchParams.get('error')).toBe('access_denied');
      expect(back.searchParams.get('state')).toBeTruthy();
      expect(back.searchParams.get('iss')).toBe(ISSUER);
    });

    it('refuses the start past IDENTITY_STARTS_PER_HOUR for one profile, with retry_after', async () => {
      const t = await setup();
      for (let i = 0; i < IDENTITY_STARTS_PER_HOUR; i++) await t.start();
      const res = await t.call('POST', '/v1/agregator/identityProviderStart', {
        token: t.anon.access_token,
        body: { provider: 'sandbox' },
      });
      expect(res.status).toBe(429);
      expect(res.body.response).toMatchObject({ error: 'rate_limited', retry_after: expect.any(Number) });
    });

    it('answers «unavailable» when the provider cannot be reached, and stores nothing', async () => {
      const t = await setup({ unreachable: true });
      const res = await t.call('POST', '/v1/agregator/identityProviderStart', {
        token: t.anon.access_token,
        body: { provider: 'sandbox' },
      });
      expect(res.status).toBe(503);
      expect(res.body).toEqual(refusal('identity_provider_unavailable'));
      expect(await t.database.db.select().from(identityRequests)).toEqual([]);
    });

    it('refuses an unknown provider name', async () => {
      const t = await setup();
      const res = await t.call('POST', '/v1/agregator/identityProviderStart', {
        token: t.anon.access_token,
        body: { provider: 'nowhere' },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(refusal('identity_provider_unknown'));
    });

    it('keeps a linked profile without a phone from anonymous pruning', async () => {
      const t = await setup();
      await t.finish(await t.decide(await t.start(), 'allow'));
      t.clock.advance(40 * 24 * 3600);
      const pruner = new AnonymousProfilePruner({ db: t.database.db, clock: t.clock, idleDays: 30 });
      await pruner.run();
      const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, t.anon.profile_id));
      expect(row).toMatchObject({ id: t.anon.profile_id, phone: null });
    });
  });
}
