import { ApiError } from '@kadr/api-client';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles, signInLinks } from '../../db/schema';
import { backends, listeningClient, useApi } from '../../test/harness';
import { createSignInLink, hashSignInLinkValue, SignInLinkError } from './sign-in-links';

const PHONE = '79991234567';
const TV = 'web_tvdevice00000001';
const REFUSAL = {
  code: 520,
  success: false,
  response: { error: 'sign_in_link_invalid', message: 'Ссылка для входа недействительна или устарела' },
};

for (const backend of backends) {
  describe.skipIf(!backend.available)(`sign-in by link (${backend.name})`, () => {
    const api = useApi(backend);

    async function setup(settings: Record<string, string> = {}) {
      const t = await api.setup({ PUSH_SIGNIN: 'off', ...settings });
      const phoneSession = await t.signIn(PHONE, 'web_phonedevice00001');
      /** A link for `profileId` on the TV device, living `ttlMinutes` from the clock's now. */
      const link = async (profileId = phoneSession.profile_id, ttlMinutes = 10) => {
        const now = t.clock.now();
        const made = await createSignInLink(t.database.db, {
          profileId,
          deviceUid: TV,
          expiresAt: new Date(now.getTime() + ttlMinutes * 60_000),
          now,
        });
        return made.value;
      };
      const exchange = (value: string, ip?: string) =>
        t.call('POST', '/v1/agregator/authByLink', { body: { auth: value }, ...(ip ? { ip } : {}) });
      return { ...t, phoneSession, link, exchange };
    }

    it('exchanges the value for a session on the profile and device, with no refresh token', async () => {
      const t = await setup();
      const value = await t.link();
      const { client } = await listeningClient(t.app, TV);
      const session = await client.call('authByLink', { body: { auth: value } });
      expect(session).toEqual({
        access_token: expect.any(String),
        expires_in: 900,
        token_type: 'Bearer',
        device_uid: TV,
        phone_number: PHONE,
        profile_id: t.phoneSession.profile_id,
      });
      expect(session).not.toHaveProperty('refresh_token');
      const profile = await t.call('POST', '/v1/agregator/getProfile', { token: session.access_token });
      expect(profile.body.response).toEqual({
        profile_id: t.phoneSession.profile_id,
        phone: PHONE,
        external_accounts: [],
      });
    });

    it('signs in an anonymous profile with phone_number null', async () => {
      const t = await setup();
      const anon = await t.anonymous('web_anonymousdevice1');
      const res = await t.exchange(await t.link(anon.profile_id));
      expect(res.status).toBe(200);
      expect(res.body.response).toMatchObject({ profile_id: anon.profile_id, phone_number: null });
    });

    it('stores only the SHA-256 of the value, and marks it spent', async () => {
      const t = await setup();
      const value = await t.link();
      await t.exchange(value);
      const rows = await t.database.db.select().from(signInLinks);
      expect(rows).toEqual([
        {
          hash: hashSignInLinkValue(value),
          profileId: t.phoneSession.profile_id,
          deviceUid: TV,
          createdAt: t.clock.now(),
          expiresAt: new Date(t.clock.now().getTime() + 600_000),
          usedAt: t.clock.now(),
        },
      ]);
    });

    it('refuses a value used before', async () => {
      const t = await setup();
      const value = await t.link();
      expect((await t.exchange(value)).status).toBe(200);
      const again = await t.exchange(value);
      expect(again.status).toBe(410);
      expect(again.body).toEqual(REFUSAL);
    });

    it('refuses an expired value', async () => {
      const t = await setup();
      const value = await t.link(undefined, 10);
      t.clock.advance(10 * 60);
      const res = await t.exchange(value);
      expect(res.body).toEqual(REFUSAL);
    });

    it('refuses an unknown value, through the client as an ApiError', async () => {
      const t = await setup();
      const { client } = await listeningClient(t.app, TV);
      const refused = await client
        .call('authByLink', { body: { auth: 'x'.repeat(43) } })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ code: 520 });
    });

    it('refuses a link whose profile was deleted', async () => {
      const t = await setup();
      const anon = await t.anonymous('web_anonymousdevice2');
      const value = await t.link(anon.profile_id);
      await t.database.db.delete(profiles).where(eq(profiles.id, anon.profile_id));
      expect((await t.exchange(value)).body).toEqual(REFUSAL);
    });

    it('refuses a value that is not base64url as a contract mismatch', async () => {
      const t = await setup();
      const res = await t.exchange('not a value!');
      expect(res.body).toMatchObject({ code: 400, success: false });
    });

    it('makes no link for a profile that does not exist', async () => {
      const t = await setup();
      await expect(t.link(9999)).rejects.toBeInstanceOf(SignInLinkError);
    });

    it('lets one of several parallel exchanges of one value win', async () => {
      const t = await setup();
      const value = await t.link();
      const answers = await Promise.all(Array.from({ length: 8 }, () => t.exchange(value)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 410, 410, 410, 410, 410, 410, 410]);
    });

    describe('limits (issue 24, item 5)', () => {
      const unknown = (n: number) => `unknownlinkvalue${String(n).padStart(27, '0')}`;

      it('refuses an address that exchanged too many values that sign nobody in, then its subnet', async () => {
        const t = await setup({
          RATE_LIMIT_SIGN_IN_LINK_IP_HOUR: '3',
          RATE_LIMIT_SIGN_IN_LINK_SUBNET_HOUR: '5',
        });
        for (const n of [1, 2, 3])
          expect((await t.exchange(unknown(n), '203.0.113.5')).body).toMatchObject(REFUSAL);
        const limited = await t.exchange(unknown(4), '203.0.113.5');
        expect(limited.status).toBe(429);
        expect(limited.body).toMatchObject({ code: 429, response: { error: 'rate_limited' } });
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        // Even a good link waits: the address is refused before the database is asked.
        const value = await t.link();
        expect((await t.exchange(value, '203.0.113.5')).status).toBe(429);
        // Another address of the /24 has its own budget, until the subnet's is spent.
        for (const n of [5, 6])
          expect((await t.exchange(unknown(n), '203.0.113.6')).body).toMatchObject(REFUSAL);
        expect((await t.exchange(unknown(7), '203.0.113.7')).status).toBe(429);
        // Another subnet signs in with the link, which the refusals left unspent.
        expect((await t.exchange(value, '198.51.100.1')).status).toBe(200);
      });

      it('gives a sign-in its count back: an office signing in by link is never limited', async () => {
        const t = await setup({ RATE_LIMIT_SIGN_IN_LINK_IP_HOUR: '2' });
        for (let n = 0; n < 4; n++)
          expect((await t.exchange(await t.link(), '203.0.113.5')).status).toBe(200);
      });

      it('limits sign-ins into one profile an hour, leaving the refused link usable later', async () => {
        const t = await setup({ RATE_LIMIT_SIGN_IN_LINK_PROFILE_HOUR: '2' });
        for (const n of [1, 2]) expect((await t.exchange(await t.link(), `10.0.${n}.1`)).status).toBe(200);
        const value = await t.link(t.phoneSession.profile_id, 120);
        const refused = await t.exchange(value, '10.0.3.1');
        expect(refused.status).toBe(429);
        t.clock.advance(Number(refused.headers['retry-after']));
        expect((await t.exchange(value, '10.0.3.1')).status).toBe(200);
      });
    });
  });
}
