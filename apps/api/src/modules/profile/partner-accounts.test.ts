import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { partnerAccounts } from '../../db/schema';
import { backends, listeningClient, TEST_PARTNER_KEY, type TestApi, useApi } from '../../test/harness';
import { keyIdOf, PartnerAccounts, PartnerKeyring } from '../partners';

const KINOZAL = { title: 'Кинозал', email: 'viewer@kinozal.example', password: 'Kz-пароль-1' };
const MUZBOX = { title: 'Музбокс', email: 'viewer@muzbox.example', password: 'mb secret 2' };
const TEST_KEY = Buffer.from(TEST_PARTNER_KEY, 'base64');
const OLD_KEY = Buffer.alloc(32, 0x42);
const NOW = new Date('2030-01-15T10:00:00Z');
const LATER = new Date('2030-01-15T10:00:01Z');

/** Accounts as the operator command stores them, under `key` (default: the test apps' key). */
function store(t: TestApi, key = TEST_KEY) {
  return new PartnerAccounts(t.database.db, new PartnerKeyring({ current: key, previous: [] }));
}

function getProfile(t: TestApi, token?: string, body?: unknown) {
  return t.call<{ profile_id: number; external_accounts: unknown[] }>('POST', '/v1/agregator/getProfile', {
    token,
    body,
  });
}

for (const backend of backends) {
  describe.skipIf(!backend.available)(`getProfile: partner-site accounts (${backend.name})`, () => {
    const api = useApi(backend);

    it('shows the signed-in owner their accounts in the clear, in the order they were added', async () => {
      const t = await api.setup();
      const owner = await t.signIn('79160000001');
      await store(t).set(owner.profile_id, KINOZAL, NOW);
      await store(t).set(owner.profile_id, MUZBOX, LATER);
      const res = await getProfile(t, owner.access_token);
      expect(res.body).toEqual({
        code: 200,
        success: true,
        response: {
          profile_id: owner.profile_id,
          phone: '79160000001',
          external_accounts: [KINOZAL, MUZBOX],
        },
      });
    });

    it('stores neither the e-mail nor the password in the clear', async () => {
      const t = await api.setup();
      const owner = await t.signIn('79160000001');
      await store(t).set(owner.profile_id, KINOZAL, NOW);
      const rows = await t.database.db.select().from(partnerAccounts);
      expect(rows).toHaveLength(1);
      const row = JSON.stringify(rows);
      expect(row).toContain('Кинозал');
      expect(row).not.toContain(KINOZAL.email);
      expect(row).not.toContain(KINOZAL.password);
      expect(rows[0]?.keyId).toBe(keyIdOf(TEST_KEY));
    });

    it('shows nobody else the accounts: another profile, an anonymous session, a body naming the owner', async () => {
      const t = await api.setup();
      const owner = await t.signIn('79160000001');
      await store(t).set(owner.profile_id, KINOZAL, NOW);
      const other = await t.signIn('79160000002');
      const anonymous = await t.anonymous();
      for (const token of [other.access_token, anonymous.access_token]) {
        for (const body of [undefined, { profile_id: owner.profile_id }, { profileId: owner.profile_id }]) {
          const res = await getProfile(t, token, body);
          expect(res.status).toBe(200);
          expect(res.body.response.profile_id).not.toBe(owner.profile_id);
          expect(res.body.response.external_accounts).toEqual([]);
        }
      }
      const none = await getProfile(t, undefined, { profile_id: owner.profile_id });
      expect(none.body.code).toBe(910);
      expect(JSON.stringify(none.body)).not.toContain(KINOZAL.password);
    });

    it('stops showing the accounts once the owner logs out (the token no longer opens them)', async () => {
      const t = await api.setup();
      const owner = await t.signIn('79160000001');
      await store(t).set(owner.profile_id, KINOZAL, NOW);
      await t.call('POST', '/v1/agregator/logout', { token: owner.access_token });
      const res = await getProfile(t, owner.access_token);
      expect(res.status).toBe(401);
      expect(JSON.stringify(res.body)).not.toContain(KINOZAL.password);
    });

    it('reaches the owner through @kadr/api-client as the web app calls it', async () => {
      const t = await api.setup();
      const owner = await t.signIn('79160000001');
      await store(t).set(owner.profile_id, KINOZAL, NOW);
      const { client, tokens } = await listeningClient(t.app, 'web_partnersclient0001');
      tokens.setTokens(owner);
      expect(await client.call('getProfile', undefined)).toEqual({
        profile_id: owner.profile_id,
        phone: '79160000001',
        external_accounts: [KINOZAL],
      });
    });

    it('leaves out an account altered in the database, answers the rest and logs a warning without values', async () => {
      const lines: string[] = [];
      const t = await api.setup({ LOG_LEVEL: 'warn' }, { logStream: { write: (line) => lines.push(line) } });
      const owner = await t.signIn('79160000001');
      await store(t).set(owner.profile_id, KINOZAL, NOW);
      await store(t).set(owner.profile_id, MUZBOX, LATER);
      const [row] = await t.database.db
        .select()
        .from(partnerAccounts)
        .where(eq(partnerAccounts.title, KINOZAL.title));
      const bytes = Buffer.from(row?.password ?? '', 'base64url');
      bytes[20] = (bytes[20] as number) ^ 0xff;
      await t.database.db
        .update(partnerAccounts)
        .set({ password: bytes.toString('base64url') })
        .where(eq(partnerAccounts.id, row?.id ?? 0));

      const res = await getProfile(t, owner.access_token);
      expect(res.status).toBe(200);
      expect(res.body.response.external_accounts).toEqual([MUZBOX]);
      const warnings = lines.map((line) => JSON.parse(line)).filter((line) => line.partnerAccount);
      expect(warnings).toEqual([
        expect.objectContaining({
          level: 40,
          msg: 'partner account left out of getProfile: it does not decrypt',
          partnerAccount: {
            profileId: owner.profile_id,
            accountId: row?.id,
            keyId: keyIdOf(TEST_KEY),
            reason: 'tampered',
          },
        }),
      ]);
      const log = lines.join('');
      for (const value of [KINOZAL.password, KINOZAL.email, MUZBOX.password, MUZBOX.email])
        expect(log).not.toContain(value);
    });

    it('leaves out accounts under a key no longer configured, and opens those of PARTNER_ACCOUNTS_OLD_KEYS', async () => {
      const t = await api.setup();
      const owner = await t.signIn('79160000001');
      await store(t, OLD_KEY).set(owner.profile_id, KINOZAL, NOW);
      await store(t).set(owner.profile_id, MUZBOX, LATER);
      expect((await getProfile(t, owner.access_token)).body.response.external_accounts).toEqual([MUZBOX]);

      const rotated = await api.setup({ PARTNER_ACCOUNTS_OLD_KEYS: OLD_KEY.toString('base64') });
      const res = await getProfile(rotated, owner.access_token);
      expect(res.body.response.external_accounts).toEqual([KINOZAL, MUZBOX]);
    });

    it('writes no partner e-mail or password into the log, even at trace, and censors them in any line', async () => {
      const lines: string[] = [];
      const t = await api.setup({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => lines.push(line) } });
      const owner = await t.signIn('79160000001');
      await store(t).set(owner.profile_id, KINOZAL, NOW);
      expect((await getProfile(t, owner.access_token)).body.response.external_accounts).toEqual([KINOZAL]);
      const served = lines.join('');
      expect(served).toContain('/v1/agregator/getProfile');
      expect(served).not.toContain(KINOZAL.password);
      expect(served).not.toContain(KINOZAL.email);
      // Whatever a future line carries: an answer's accounts go whole, a password anywhere.
      lines.length = 0;
      t.app.log.info({ response: { external_accounts: [KINOZAL] } }, 'an answer');
      t.app.log.info({ body: { ...KINOZAL } }, 'a body');
      t.app.log.info({ account: { nested: { ...KINOZAL } } }, 'a record');
      expect(lines.map((line) => JSON.parse(line))).toEqual([
        expect.objectContaining({ response: { external_accounts: '[redacted]' } }),
        expect.objectContaining({ body: { ...KINOZAL, password: '[redacted]' } }),
        expect.objectContaining({ account: { nested: { ...KINOZAL, password: '[redacted]' } } }),
      ]);
    });
  });
}
