import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens, sessions } from '../../db/schema';
import { backends, type TestApi, type Tokens, useApi } from '../../test/harness';

const PHONE = '79995550011';

/** refreshToken as the web client sends it. */
async function refresh(t: TestApi, refreshToken: string) {
  const body = {
    grant_type: 'refresh_token',
    client_id: 'web',
    client_secret: 'web',
    refresh_token: refreshToken,
  };
  return (await t.call<Tokens>('POST', '/v1/agregator/refreshToken', { body })).body;
}

async function profileCode(t: TestApi, token: string): Promise<number> {
  return (await t.call('POST', '/v1/agregator/getProfile', { token })).body.code;
}

function sessionIdOf(accessToken: string): string {
  return (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
}

// Anonymous sessions are not stored when opened, only on their first change (docs/decisions/002).
for (const backend of backends) {
  describe.skipIf(!backend.available)(`unstored anonymous sessions (${backend.name})`, () => {
    const api = useApi(backend);

    it('survive a restart: a new instance accepts their tokens and stores the session on refresh', async () => {
      const before = await api.setup();
      const anon = await before.anonymous('web_restartdevice001');
      expect(await before.database.db.$count(sessions)).toBe(0);
      const after = await api.setup();
      expect(await profileCode(after, anon.access_token)).toBe(200);
      expect((await after.anonymous('web_restartdevice001')).profile_id).toBe(anon.profile_id);
      const rotated = await refresh(after, anon.refresh_token);
      expect(rotated.code).toBe(200);
      expect(rotated.response.profile_id).toBe(anon.profile_id);
      expect(await profileCode(after, rotated.response.access_token)).toBe(200);
      // The first access token stays valid: the session it names is the stored one now.
      expect(await profileCode(after, anon.access_token)).toBe(200);
      const [row] = await after.database.db
        .select({ profileId: sessions.profileId, deviceUid: sessions.deviceUid, endedAt: sessions.endedAt })
        .from(sessions)
        .where(eq(sessions.id, sessionIdOf(anon.access_token)));
      expect(row).toEqual({ profileId: anon.profile_id, deviceUid: 'web_restartdevice001', endedAt: null });
      // The derived token is stored as used, its successor as fresh.
      expect(await after.database.db.$count(refreshTokens)).toBe(2);
    });

    it('rotates the derived refresh token once: reused after the grace window it ends the session (910)', async () => {
      const t = await api.setup();
      const anon = await t.anonymous();
      const first = await refresh(t, anon.refresh_token);
      expect(first.code).toBe(200);
      expect(first.response.refresh_token).not.toBe(anon.refresh_token);
      t.clock.advance(11);
      expect((await refresh(t, anon.refresh_token)).code).toBe(910);
      expect((await refresh(t, first.response.refresh_token)).code).toBe(910);
      const fresh = await api.setup();
      expect(await profileCode(fresh, first.response.access_token)).toBe(910);
      expect(await profileCode(fresh, anon.access_token)).toBe(910);
    });

    it('gives every first use of one derived token within the grace window a working pair', async () => {
      const t = await api.setup();
      const anon = await t.anonymous();
      const answers = await Promise.all([1, 2, 3].map(() => refresh(t, anon.refresh_token)));
      expect(answers.map((a) => a.code)).toEqual([200, 200, 200]);
      for (const a of answers) expect(await profileCode(t, a.response.access_token)).toBe(200);
      expect(await t.database.db.$count(sessions)).toBe(1);
    });

    it('refuses a forged derived refresh token with 910 and stores nothing', async () => {
      const t = await api.setup();
      const anon = await t.anonymous();
      const [body, signature] = anon.refresh_token.split('.');
      const forged = `${body}.${signature!.slice(0, -4)}AAAA`;
      expect((await refresh(t, forged)).code).toBe(910);
      expect((await refresh(t, `${body}x.${signature}`)).code).toBe(910);
      expect(await t.database.db.$count(sessions)).toBe(0);
      expect((await refresh(t, anon.refresh_token)).code).toBe(200);
    });

    it('stores a logged-out session as ended: every instance refuses its tokens afterwards', async () => {
      const t = await api.setup();
      const anon = await t.anonymous();
      expect((await t.call('POST', '/v1/agregator/logout', { token: anon.access_token })).body.code).toBe(
        200,
      );
      const [row] = await t.database.db
        .select({ endReason: sessions.endReason })
        .from(sessions)
        .where(eq(sessions.id, sessionIdOf(anon.access_token)));
      expect(row).toEqual({ endReason: 'logout' });
      const fresh = await api.setup();
      expect(await profileCode(fresh, anon.access_token)).toBe(910);
      expect((await refresh(fresh, anon.refresh_token)).code).toBe(910);
      // The device keeps its anonymous profile; only the session ended.
      expect((await fresh.anonymous(`web_${'0'.repeat(16)}`)).profile_id).not.toBe(anon.profile_id);
    });

    it('ends the unstored session that signs in to an existing phone profile', async () => {
      const t = await api.setup({ PUSH_SIGNIN: 'off' });
      const first = await t.signIn(PHONE, 'web_signindevice0001');
      const anon = await t.anonymous('web_signindevice0002');
      t.clock.advance(61); // past the resend wait of the first sign-in's code
      await t.sendAuth(PHONE, anon.access_token);
      const signedIn = await t.authApp(PHONE, await t.lastCode(PHONE), anon.access_token);
      expect(signedIn.body.response).toMatchObject({ profile_id: first.profile_id });
      const fresh = await api.setup();
      expect(await profileCode(fresh, anon.access_token)).toBe(910);
      expect((await refresh(fresh, anon.refresh_token)).code).toBe(910);
      // Its anonymous profile merged into the phone's (decision 019) and retired: the device starts
      // afresh after logout, as after an adoption.
      expect((await fresh.anonymous('web_signindevice0002')).profile_id).not.toBe(anon.profile_id);
    });

    it('refuses the derived refresh token of a profile that got a phone, storing no session on it', async () => {
      const t = await api.setup({ PUSH_SIGNIN: 'off' });
      const tab = await t.anonymous('web_adoptdevice00001');
      const otherTab = await t.anonymous('web_adoptdevice00001');
      await t.sendAuth(PHONE, tab.access_token);
      await t.authApp(PHONE, await t.lastCode(PHONE), tab.access_token);
      expect((await refresh(t, otherTab.refresh_token)).code).toBe(910);
      const stored = await t.database.db.select({ id: sessions.id }).from(sessions);
      expect(stored.map((s) => s.id)).not.toContain(sessionIdOf(otherTab.access_token));
    });
  });
}
