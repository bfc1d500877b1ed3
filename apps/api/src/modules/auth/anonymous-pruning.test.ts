import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devices, paymentMethods, profiles } from '../../db/schema';
import { backends, type TestApi, useApi } from '../../test/harness';
import { AnonymousProfilePruner } from './anonymous-pruning';

const DAY = 24 * 3600;

/** refreshToken as the web client sends it. */
async function refresh(t: TestApi, refreshToken: string) {
  const body = {
    grant_type: 'refresh_token',
    client_id: 'web',
    client_secret: 'web',
    refresh_token: refreshToken,
  };
  return (await t.call<{ refresh_token: string }>('POST', '/v1/agregator/refreshToken', { body })).body;
}

async function existing(t: TestApi, ids: number[]): Promise<number[]> {
  const rows = await t.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(inArray(profiles.id, ids));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** A pruner over the test app's database and clock, idle after `idleDays`. */
function pruner(t: TestApi, idleDays = 30, batchSize = 500) {
  return new AnonymousProfilePruner({ db: t.database.db, clock: t.clock, idleDays, batchSize });
}

// Anonymous profiles that own nothing and were not seen for the idle period are deleted in batches
// (issue 12, finding 2); everything a viewer could miss is kept.
for (const backend of backends) {
  describe.skipIf(!backend.available)(`anonymous profile pruning (${backend.name})`, () => {
    const api = useApi(backend);

    it('deletes idle anonymous profiles that own nothing, with their device mapping', async () => {
      const t = await api.setup();
      const idle = await t.anonymous('web_prunedevice00001');
      t.clock.advance(31 * DAY);
      expect(await pruner(t).run()).toBe(1);
      expect(await existing(t, [idle.profile_id])).toEqual([]);
      expect(await t.database.db.$count(devices, eq(devices.deviceUid, 'web_prunedevice00001'))).toBe(0);
      // The device comes back: a fresh anonymous profile, and its old session is refused (910).
      const back = await t.anonymous('web_prunedevice00001');
      expect(back.profile_id).not.toBe(idle.profile_id);
      expect((await refresh(t, idle.refresh_token)).code).toBe(910);
    });

    it('keeps a profile seen within the idle period: a visit, a refresh, or a recent creation', async () => {
      const t = await api.setup({ SESSION_CACHE_TTL: '0' });
      const visited = await t.anonymous('web_prunedevice00002');
      const refreshed = await t.anonymous('web_prunedevice00003');
      t.clock.advance(20 * DAY);
      await t.anonymous('web_prunedevice00002');
      expect((await refresh(t, refreshed.refresh_token)).code).toBe(200);
      const young = await t.anonymous('web_prunedevice00004');
      t.clock.advance(20 * DAY);
      expect(await pruner(t).run()).toBe(0);
      expect(await existing(t, [visited.profile_id, refreshed.profile_id, young.profile_id])).toHaveLength(3);
    });

    it('keeps what a viewer owns and phone profiles, however long idle', async () => {
      const t = await api.setup();
      const buyer = await t.anonymous('web_prunedevice00005');
      await t.database.db.insert(paymentMethods).values({
        profileId: buyer.profile_id,
        provider: 'sandbox',
        providerMethodId: 'pm-1',
        first6: '555555',
        last4: '4444',
        cardType: 'MasterCard',
        expiryMonth: 12,
        expiryYear: 2040,
      });
      const phone = await t.signIn('79995550201', 'web_prunedevice00006');
      t.clock.advance(400 * DAY);
      expect(await pruner(t).run()).toBe(0);
      expect(await existing(t, [buyer.profile_id, phone.profile_id])).toHaveLength(2);
    });

    // PGlite has one connection: the purchase's open transaction would hold it. PostgreSQL only.
    if (backend.name === 'PostgreSQL') {
      it('skips a profile that a purchase is writing for right now, and keeps it once the purchase commits', async () => {
        const t = await api.setup();
        const buyer = await t.anonymous('web_prunedevice00007');
        t.clock.advance(31 * DAY);
        await t.database.db.transaction(async (tx) => {
          // The card's foreign key takes the profile's key-share lock until commit.
          await tx.insert(paymentMethods).values({
            profileId: buyer.profile_id,
            provider: 'sandbox',
            providerMethodId: 'pm-2',
            first6: '555555',
            last4: '4444',
            cardType: 'MasterCard',
            expiryMonth: 12,
            expiryYear: 2040,
          });
          expect(await pruner(t).run()).toBe(0);
        });
        expect(await pruner(t).run()).toBe(0);
        expect(await existing(t, [buyer.profile_id])).toEqual([buyer.profile_id]);
      });
    }

    it('works through a backlog in batches and reports how many it deleted', async () => {
      const t = await api.setup();
      const ids: number[] = [];
      for (let n = 0; n < 7; n++) ids.push((await t.anonymous(`web_prunebatch0000${n}`)).profile_id);
      t.clock.advance(31 * DAY);
      expect(await pruner(t, 30, 3).run()).toBe(7);
      expect(await existing(t, ids)).toEqual([]);
    });
  });
}
