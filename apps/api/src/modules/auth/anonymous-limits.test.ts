import { describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { backends, type TestApi, useApi } from '../../test/harness';

/** GET /web/1/auth/{device} from a client address. */
const anonymousAuth = (t: TestApi, device: string, ip: string, headers?: Record<string, string>) =>
  t.call<{ profile_id: number }>('GET', `/web/1/auth/${device}`, { ip, ...(headers ? { headers } : {}) });

// First sight of a device creates an anonymous profile; those creations are limited per address
// (IPv6: per /64) and per device, so one client cannot grow the database at will (issue 12, finding 2).
for (const backend of backends) {
  describe.skipIf(!backend.available)(`anonymous profile limits (${backend.name})`, () => {
    const api = useApi(backend);
    const limits = { RATE_LIMIT_ANONYMOUS_IP_HOUR: '3', RATE_LIMIT_ANONYMOUS_DEVICE_DAY: '2' };
    const devices = (n: number) => `web_limitdevice${String(n).padStart(5, '0')}`;

    it('refuses new devices from one address over the hourly limit with the 429 envelope, creating nothing', async () => {
      const t = await api.setup(limits);
      for (const n of [1, 2, 3]) {
        expect((await anonymousAuth(t, `web_limitdevice0000${n}`, '203.0.113.7')).status).toBe(200);
      }
      const refused = await anonymousAuth(t, 'web_limitdevice00004', '203.0.113.7');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        code: 429,
        success: false,
        response: {
          error: 'new_visits_limited',
          message: 'Слишком много новых посещений из вашей сети. Попробуйте позже',
        },
      });
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

    it('lets the other addresses of a subnet in when one address spent its own budget (issue 24, item 2)', async () => {
      const t = await api.setup({ ...limits, RATE_LIMIT_ANONYMOUS_SUBNET_HOUR: '10' });
      for (const n of [1, 2, 3])
        expect((await anonymousAuth(t, devices(n), '198.51.100.7')).status).toBe(200);
      // The abuser's own address is refused, and its refusals spend nothing of the subnet's budget.
      for (const n of [4, 5, 6, 7, 8])
        expect((await anonymousAuth(t, devices(n), '198.51.100.7')).status).toBe(429);
      // The office's other addresses in the /24 still get their new visitors in.
      for (const n of [11, 12, 13, 14, 15, 16, 17]) {
        expect((await anonymousAuth(t, devices(n), `198.51.100.${n}`)).status).toBe(200);
      }
    });

    it('counts a whole subnet (IPv4 /24, IPv6 /48) so rotating addresses meets one budget', async () => {
      const t = await api.setup({ ...limits, RATE_LIMIT_ANONYMOUS_SUBNET_HOUR: '4' });
      for (const n of [1, 2, 3, 4])
        expect((await anonymousAuth(t, devices(n), `192.0.2.${n}`)).status).toBe(200);
      const refused = await anonymousAuth(t, devices(5), '192.0.2.200');
      expect(refused.status).toBe(429);
      expect(refused.body.response).toMatchObject({ error: 'new_visits_limited' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await anonymousAuth(t, devices(5), '192.0.3.1')).status).toBe(200);
      for (const n of [1, 2, 3, 4]) {
        expect((await anonymousAuth(t, devices(10 + n), `2001:db8:7:${n}::1`)).status).toBe(200);
      }
      expect((await anonymousAuth(t, devices(20), '2001:db8:7:ffff::1')).status).toBe(429);
      expect(await t.database.db.$count(profiles)).toBe(9);
    });

    it("caps the service's new profiles an hour, whatever the networks, with its own refusal", async () => {
      const t = await api.setup({ ...limits, RATE_LIMIT_ANONYMOUS_HOUR: '3' });
      for (const n of [1, 2, 3]) expect((await anonymousAuth(t, devices(n), `10.${n}.0.1`)).status).toBe(200);
      const refused = await anonymousAuth(t, devices(4), '10.4.0.1');
      expect(refused.status).toBe(429);
      expect(refused.body.response).toMatchObject({
        error: 'new_visits_budget_exhausted',
        message: 'Сейчас слишком много новых посещений. Попробуйте позже',
      });
      expect(refused.headers['retry-after']).toBe('3660');
      // Known devices still open sessions.
      expect((await anonymousAuth(t, devices(1), '10.4.0.1')).status).toBe(200);
      expect(await t.database.db.$count(profiles)).toBe(3);
    });

    it('refuses cross-site no-cors and frame requests with the envelope, creating and counting nothing', async () => {
      const t = await api.setup(limits);
      const foreign: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
        { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' },
        { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', origin: 'https://evil.example' },
      ];
      for (let n = 0; n < 10; n++) {
        const refused = await anonymousAuth(t, devices(100 + n), '203.0.113.7', foreign[n % foreign.length]);
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({
          code: 403,
          success: false,
          response: { error: 'cross_site_refused' },
        });
      }
      expect(await t.database.db.$count(profiles)).toBe(0);
      // Nothing was spent: the address still gets its whole budget, from the site and from apps.
      const sameOrigin = {
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'cors',
        'sec-fetch-dest': 'empty',
      };
      expect((await anonymousAuth(t, devices(1), '203.0.113.7', sameOrigin)).status).toBe(200);
      expect((await anonymousAuth(t, devices(2), '203.0.113.7')).status).toBe(200);
      expect(
        (await anonymousAuth(t, devices(3), '203.0.113.7', { 'sec-fetch-site': 'same-site' })).status,
      ).toBe(200);
      expect((await anonymousAuth(t, devices(4), '203.0.113.7')).status).toBe(429);
    });

    it('lets CORS calls from a CORS_ORIGINS page start sessions', async () => {
      const t = await api.setup({ ...limits, CORS_ORIGINS: 'https://partner.example' });
      const partner = {
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'cors',
        origin: 'https://partner.example',
      };
      expect((await anonymousAuth(t, devices(1), '203.0.113.9', partner)).status).toBe(200);
      const image = { ...partner, 'sec-fetch-mode': 'no-cors' };
      expect((await anonymousAuth(t, devices(2), '203.0.113.9', image)).status).toBe(403);
    });
  });
}
