import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { backends, useApi } from '../../test/harness';

for (const backend of backends) {
  describe.skipIf(!backend.available)(`profile (${backend.name})`, () => {
    const api = useApi(backend);

    it('shows an anonymous profile without a phone', async () => {
      const t = await api.setup();
      const anon = await t.anonymous();
      const res = await t.call('POST', '/v1/agregator/getProfile', { token: anon.access_token });
      expect(res.body).toEqual({
        code: 200,
        success: true,
        response: { profile_id: anon.profile_id, phone: null, external_accounts: [] },
      });
    });

    it('shows the phone of a signed-in profile', async () => {
      const t = await api.setup();
      const tokens = await t.signIn('79161234567');
      const res = await t.call('POST', '/v1/agregator/getProfile', { token: tokens.access_token, body: {} });
      expect(res.body.response).toEqual({
        profile_id: tokens.profile_id,
        phone: '79161234567',
        external_accounts: [],
      });
    });

    it('needs a session', async () => {
      const t = await api.setup();
      expect((await t.call('POST', '/v1/agregator/getProfile')).body.code).toBe(910);
    });

    it('stores the campaign url once; a second call is accepted and changes nothing', async () => {
      const t = await api.setup();
      const anon = await t.anonymous();
      const set = (url: string) =>
        t.call('POST', '/v1/agregator/setProfileUtm', { token: anon.access_token, body: { url } });
      expect((await set('?utm_source=mail&utm_campaign=autumn')).body).toEqual({
        code: 200,
        success: true,
        response: { ok: true },
      });
      expect((await set('?utm_source=other')).body).toEqual({
        code: 200,
        success: true,
        response: { ok: true },
      });
      const [row] = await t.database.db
        .select({ utm: profiles.utm })
        .from(profiles)
        .where(eq(profiles.id, anon.profile_id));
      expect(row?.utm).toBe('?utm_source=mail&utm_campaign=autumn');
    });

    it('refuses a campaign url with control characters with 400, never a 500 (found by the fuzz suite)', async () => {
      const t = await api.setup();
      const anon = await t.anonymous();
      for (const url of ['\u0000', '?utm_source=a\u0000b', '?utm_source=\u001b[31m']) {
        const res = await t.call('POST', '/v1/agregator/setProfileUtm', {
          token: anon.access_token,
          body: { url },
        });
        expect({ status: res.status, body: res.body }, JSON.stringify(url)).toMatchObject({
          status: 400,
          body: { code: 400, response: { error: 'validation_error', details: [{ path: 'url' }] } },
        });
      }
      const [row] = await t.database.db
        .select({ utm: profiles.utm })
        .from(profiles)
        .where(eq(profiles.id, anon.profile_id));
      expect(row?.utm).toBeNull();
    });

    it('refuses an over-long campaign url with 400', async () => {
      const t = await api.setup();
      const anon = await t.anonymous();
      const res = await t.call('POST', '/v1/agregator/setProfileUtm', {
        token: anon.access_token,
        body: { url: 'x'.repeat(2049) },
      });
      expect(res.body).toMatchObject({
        code: 400,
        response: { error: 'validation_error', details: [{ path: 'url' }] },
      });
    });
  });
}
