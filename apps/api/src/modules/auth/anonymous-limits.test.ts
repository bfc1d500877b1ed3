import { describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { backends, type TestApi, useApi } from '../../test/harness';

/** GET /web/1/auth/{device} from a client address. */
const anonymousAuth = (t: TestApi, device: string, ip: string) =>
  t.call<{ profile_id: number }>('GET', `/web/1/auth/${device}`, { ip });

// First sight of a device creates an anonymous profile; those creations are limited per address
// (IPv6: per /64) and per device, so one client cannot grow the database at will (issue 12, finding 2).
for (const backend of backends) {
  describe.skipIf(!backend.available)(`anonymous profile limits (${backend.name})`, () => {
    const api = useApi(backend);
    const limits = { RATE_LIMIT_ANONYMOUS_IP_HOUR: '3', RATE_LIMIT_ANONYMOUS_DEVICE_DAY: '2' };

    it('refuses new devices from one address over the hourly limit with the 429 envelope, creating nothing', async () => {
      const t = await api.setup(limits);
      for (const n of [1, 2, 3]) {
        expect((await anonymousAuth(t, `web_limitdevice0000${n}`, '203.0.113.7')).status).toBe(200);
      }
      const refused = await anonymousAuth(t, 'web_limitdevice00004', '203.0.113.7');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 429, success: false, response: { error: 'rate_limited' } });
      // A rolling hour kept in minute buckets: the oldest leaves a whole hour after its minute ended.
      expect(refused.headers['retry-after']).toBe('3660');
      expect(await t.database.db.$count(profiles)).toBe(3);
    });

    it('still opens sessions for known devices from a limited address, and other addresses are not limited', async () => {
      const t = await api.setup(limits);
      const first = await anonymousAuth(t, 'web_limitdevice00001', '203.0.113.7');
      for (const n of [2, 3]) await anonymousAuth(t, `web_limitdevice0000${n}`, '203.0.113.7');
      expect((await anonymousAuth(t, 'web_limitdevice00009', '203.0.113.7')).status).toBe(429);
      const again = await anonymousAuth(t, 'web_limitdevice00001', '203.0.113.7');
      expect(again.status).toBe(200);
      expect(again.body.response.profile_id).toBe(first.body.response.profile_id);
      expect((await anonymousAuth(t, 'web_limitdevice00009', '203.0.113.8')).status).toBe(200);
    });

    it('counts an IPv6 /64 as one address', async () => {
      const t = await api.setup(limits);
      for (const n of [1, 2, 3]) {
        expect((await anonymousAuth(t, `web_limitdevice0000${n}`, `2001:db8:1:2::${n}`)).status).toBe(200);
      }
      expect((await anonymousAuth(t, 'web_limitdevice00004', '2001:db8:1:2:ffff::9')).status).toBe(429);
      expect((await anonymousAuth(t, 'web_limitdevice00004', '2001:db8:1:3::1')).status).toBe(200);
    });

    it('lets the address create again once the Retry-After it was told has passed, not before', async () => {
      const t = await api.setup(limits);
      for (const n of [1, 2, 3]) await anonymousAuth(t, `web_limitdevice0000${n}`, '203.0.113.7');
      const refused = await anonymousAuth(t, 'web_limitdevice00004', '203.0.113.7');
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      t.clock.advance(wait - 60);
      expect((await anonymousAuth(t, 'web_limitdevice00004', '203.0.113.7')).status).toBe(429);
      t.clock.advance(60);
      expect((await anonymousAuth(t, 'web_limitdevice00004', '203.0.113.7')).status).toBe(200);
    });

    it('limits the anonymous profiles one device gets a day (a new one after each sign-in)', async () => {
      const t = await api.setup({ ...limits, RATE_LIMIT_ANONYMOUS_IP_HOUR: '100' });
      const device = 'web_signinloopdev001';
      await t.signIn('79995550101', device);
      await t.signIn('79995550102', device);
      // Both anonymous profiles were adopted by the phones: a third is over the device's limit.
      const refused = await anonymousAuth(t, device, '10.0.0.1');
      expect(refused.status).toBe(429);
      expect(refused.body.response).toMatchObject({ error: 'rate_limited' });
      t.clock.advance(Number(refused.headers['retry-after']));
      expect((await anonymousAuth(t, device, '10.0.0.1')).status).toBe(200);
    });
  });
}
