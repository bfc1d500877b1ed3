import { createSigner } from 'fast-jwt';
import { describe, expect, it } from 'vitest';
import { backends, type Tokens, useApi } from '../../test/harness';

for (const backend of backends) {
  describe.skipIf(!backend.available)(`sessions and tokens (${backend.name})`, () => {
    const api = useApi(backend);
    const setup = (env: Record<string, string> = {}) => api.setup(env);

    async function refresh(
      t: Awaited<ReturnType<typeof setup>>,
      refreshToken: string,
      as: 'form' | 'json' = 'form',
    ) {
      const fields = {
        grant_type: 'refresh_token',
        client_id: 'web',
        client_secret: 'web',
        refresh_token: refreshToken,
      };
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/agregator/refreshToken',
        ...(as === 'form'
          ? {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: new URLSearchParams(fields).toString(),
            }
          : { payload: fields }),
      });
      return {
        status: res.statusCode,
        body: res.json() as { code: number; response: Tokens & { error?: string } },
      };
    }
    const profileCode = async (t: Awaited<ReturnType<typeof setup>>, token: string) =>
      (await t.call('POST', '/v1/agregator/getProfile', { token })).body.code;

    it('opens an anonymous session per call on the device profile', async () => {
      const t = await setup();
      const a = await t.anonymous('web_device0000000001');
      const b = await t.anonymous('web_device0000000001');
      const other = await t.anonymous('web_device0000000002');
      expect(a).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        profile_id: expect.any(Number),
        expires_in: 900,
        token_type: 'Bearer',
      });
      expect(b.profile_id).toBe(a.profile_id);
      expect(b.access_token).not.toBe(a.access_token);
      expect(other.profile_id).not.toBe(a.profile_id);
    });

    it('rejects a malformed device uid with 400', async () => {
      const t = await setup();
      const res = await t.call('GET', '/web/1/auth/bad%20device%20uid');
      expect(res.body).toMatchObject({
        code: 400,
        response: { error: 'validation_error', details: [{ path: 'device_uid' }] },
      });
    });

    it('rotates the refresh token (form body) and the new pair works', async () => {
      const t = await setup();
      const anon = await t.anonymous();
      const res = await refresh(t, anon.refresh_token, 'form');
      expect(res.status).toBe(200);
      expect(res.body.response).toMatchObject({
        profile_id: anon.profile_id,
        token_type: 'Bearer',
        expires_in: 900,
      });
      expect(res.body.response.refresh_token).not.toBe(anon.refresh_token);
      expect(await profileCode(t, res.body.response.access_token)).toBe(200);
      expect((await refresh(t, res.body.response.refresh_token)).status).toBe(200);
    });

    it('accepts a JSON body for refreshToken too', async () => {
      const t = await setup();
      const anon = await t.anonymous();
      expect((await refresh(t, anon.refresh_token, 'json')).status).toBe(200);
    });

    it('gives a sibling pair to a token reused within the 10 s grace window', async () => {
      const t = await setup();
      const anon = await t.anonymous();
      const first = await refresh(t, anon.refresh_token);
      t.clock.advance(10);
      const second = await refresh(t, anon.refresh_token);
      expect(second.status).toBe(200);
      expect(second.body.response.refresh_token).not.toBe(first.body.response.refresh_token);
      // Both tabs keep working.
      expect((await refresh(t, first.body.response.refresh_token)).status).toBe(200);
      expect((await refresh(t, second.body.response.refresh_token)).status).toBe(200);
    });

    it('ends the session when a rotated token is reused after the grace window (910)', async () => {
      const t = await setup();
      const anon = await t.anonymous();
      const first = await refresh(t, anon.refresh_token);
      t.clock.advance(11);
      const reuse = await refresh(t, anon.refresh_token);
      expect(reuse.status).toBe(401);
      expect(reuse.body).toMatchObject({ code: 910, response: { error: 'session_invalid' } });
      // The thief's reuse also ends the legitimate holder's tokens.
      expect((await refresh(t, first.body.response.refresh_token)).body.code).toBe(910);
      expect(await profileCode(t, first.body.response.access_token)).toBe(910);
    });

    it('refuses an unknown refresh token with 910 and wrong client credentials with 401', async () => {
      const t = await setup();
      expect((await refresh(t, 'not-a-token')).body.code).toBe(910);
      const anon = await t.anonymous();
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/agregator/refreshToken',
        payload: {
          grant_type: 'refresh_token',
          client_id: 'web',
          client_secret: 'wrong',
          refresh_token: anon.refresh_token,
        },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, response: { error: 'invalid_client' } });
    });

    it('answers 901 to an expired access token and 200 after refreshing', async () => {
      const t = await setup();
      const anon = await t.anonymous();
      t.clock.advance(900);
      const res = await t.call('POST', '/v1/agregator/getProfile', { token: anon.access_token });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 901, success: false, response: { error: 'token_expired' } });
      const fresh = await refresh(t, anon.refresh_token);
      expect(await profileCode(t, fresh.body.response.access_token)).toBe(200);
    });

    it('answers 910 to forged and malformed access tokens', async () => {
      const t = await setup();
      const anon = await t.anonymous();
      const [header, payload] = anon.access_token.split('.');
      const forgedSignature = createSigner({ key: 'someone-elses-secret-someone-elses', algorithm: 'HS256' })(
        {
          sub: String(anon.profile_id),
          sid: '00000000-0000-4000-8000-000000000000',
        },
      );
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
      for (const token of [forgedSignature, none, `${header}.${payload}.AAAA`, 'garbage']) {
        expect(await profileCode(t, token), token).toBe(910);
      }
    });

    it('answers 910 when the token was signed with another TOKEN_SECRET', async () => {
      const a = await setup();
      const anon = await a.anonymous();
      const b = await setup({ TOKEN_SECRET: 'another-secret-another-secret-another-1' });
      expect(await profileCode(b, anon.access_token)).toBe(910);
    });

    it('ends the session on logout: access and refresh tokens answer 910', async () => {
      const t = await setup();
      const anon = await t.anonymous();
      const out = await t.call('POST', '/v1/agregator/logout', { token: anon.access_token });
      expect(out.body).toEqual({ code: 200, success: true, response: { ok: true } });
      expect(await profileCode(t, anon.access_token)).toBe(910);
      expect((await refresh(t, anon.refresh_token)).body.code).toBe(910);
    });

    it('keeps other sessions of the profile after one logs out', async () => {
      const t = await setup();
      const a = await t.signIn('79990001122', 'web_devicea00000000');
      t.clock.advance(61);
      const b = await t.signIn('79990001122', 'web_deviceb00000000');
      await t.call('POST', '/v1/agregator/logout', { token: a.access_token });
      expect(await profileCode(t, b.access_token)).toBe(200);
    });
  });
}
