import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  backends,
  FakeClock,
  REDIS_TEST_URL,
  redisAvailable,
  type TestApi,
  type Tokens,
  useApi,
} from '../../test/harness';
import { authAppBody, sendAuthBody } from '../../test/sign-in';
import { DEVICE_NAMES, deviceName, platformOf, UNKNOWN_DEVICE_NAME } from './account-devices';

// The «Устройства» page's calls (docs/decisions/057): getDevices, signOutDevice, signOutOtherDevices.

const PHONE = '79995557701';
const OTHER_PHONE = '79995557702';
const REFRESH = { grant_type: 'refresh_token', client_id: 'web', client_secret: 'web' };

interface Device {
  device_id: string;
  platform: string | null;
  name: string;
  first_seen_at: string;
  last_seen_at: string;
  is_current: boolean;
}

/** The session id inside an access token (its `sid` claim). */
function sessionIdOf(accessToken: string): string {
  return (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
}

const platformHeader = (platform?: string): Record<string, string> =>
  platform === undefined ? {} : { 'x-device-platform': platform };

/**
 * Signs `phone` in on a new device that sends `platform` as its device platform header; the clock
 * moves past the resend wait first, so one phone signs in on several devices in a row.
 */
async function signInOn(t: TestApi, phone: string, platform?: string, ip?: string): Promise<Tokens> {
  t.clock.advance(61);
  const anon = await t.anonymous();
  await t.call('POST', '/v1/agregator/sendAuth', { body: sendAuthBody(phone), token: anon.access_token, ip });
  const res = await t.call<Tokens>('POST', '/v1/agregator/authApp', {
    token: anon.access_token,
    body: authAppBody(phone, await t.lastCode(phone)),
    headers: platformHeader(platform),
  });
  if (res.status !== 200) throw new Error(`authApp failed: ${JSON.stringify(res.body)}`);
  return res.body.response;
}

const devicesOf = async (t: TestApi, token: string, platform?: string) =>
  t.call<{ devices: Device[] }>('POST', '/v1/agregator/getDevices', {
    token,
    body: {},
    headers: platformHeader(platform),
  });
const signOut = (t: TestApi, token: string, deviceId: unknown) =>
  t.call('POST', '/v1/agregator/signOutDevice', { token, body: { device_id: deviceId } });
const signOutOthers = (t: TestApi, token: string) =>
  t.call<{ signed_out: number }>('POST', '/v1/agregator/signOutOtherDevices', { token, body: {} });
const profileCode = async (t: TestApi, token: string) =>
  (await t.call('POST', '/v1/agregator/getProfile', { token })).body.code;
const refreshCode = async (t: TestApi, refreshToken: string, platform?: string) =>
  (
    await t.call('POST', '/v1/agregator/refreshToken', {
      body: { ...REFRESH, refresh_token: refreshToken },
      headers: platformHeader(platform),
    })
  ).body.code;

describe('device names', () => {
  it('names each SPEC device platform in Russian, and any other value as an unknown device', () => {
    expect(deviceName('PC_WEB')).toBe('Браузер на компьютере');
    expect(deviceName('IOS_WEB')).toBe('Браузер на iPhone или iPad');
    expect(deviceName('ANDROID_WEB')).toBe('Браузер на Android');
    for (const other of [null, '', 'pc_web', 'SMARTTV', 'PC_WEB ', '<script>'])
      expect(deviceName(other)).toBe(UNKNOWN_DEVICE_NAME);
    expect(Object.keys(DEVICE_NAMES).sort()).toEqual(['ANDROID_WEB', 'IOS_WEB', 'PC_WEB']);
    expect(platformOf(['PC_WEB', 'IOS_WEB'])).toBeNull();
    expect(platformOf(undefined)).toBeNull();
  });
});

for (const backend of backends) {
  describe.skipIf(!backend.available)(`devices signed in to a profile (${backend.name})`, () => {
    const api = useApi(backend);

    it('lists the devices signed in to the profile: the caller first and marked, then by last activity', async () => {
      const t = await api.setup({ PUSH_SIGNIN: 'off' });
      const phone = await signInOn(t, PHONE, 'PC_WEB');
      const firstSignIn = t.clock.now().toISOString();
      const iphone = await signInOn(t, PHONE, 'IOS_WEB');
      const unknown = await signInOn(t, PHONE);
      const android = await signInOn(t, PHONE, 'ANDROID_WEB');
      // The iPhone refreshes last: the most recently active of the others.
      t.clock.advance(120);
      expect(await refreshCode(t, iphone.refresh_token)).toBe(200);
      const refreshedAt = t.clock.now().toISOString();
      t.clock.advance(5);

      const res = await devicesOf(t, phone.access_token, 'PC_WEB');
      expect(res.status).toBe(200);
      const list = res.body.response.devices;
      expect(list.map((d) => [d.device_id, d.platform, d.name, d.is_current])).toEqual([
        [sessionIdOf(phone.access_token), 'PC_WEB', 'Браузер на компьютере', true],
        [sessionIdOf(iphone.access_token), 'IOS_WEB', 'Браузер на iPhone или iPad', false],
        [sessionIdOf(android.access_token), 'ANDROID_WEB', 'Браузер на Android', false],
        [sessionIdOf(unknown.access_token), null, 'Устройство', false],
      ]);
      expect(list[0]).toMatchObject({
        first_seen_at: firstSignIn,
        last_seen_at: t.clock.now().toISOString(),
      });
      expect(list[1]!.last_seen_at).toBe(refreshedAt);
      // The anonymous sessions the sign-ins started from ended with them: not devices of the profile.
      expect(list).toHaveLength(4);
    });

    it('names a device by the platform its refresh sends when its sign-in sent none', async () => {
      const t = await api.setup({ PUSH_SIGNIN: 'off' });
      const caller = await signInOn(t, PHONE, 'PC_WEB');
      const silent = await signInOn(t, PHONE);
      expect(await refreshCode(t, silent.refresh_token, 'ANDROID_WEB')).toBe(200);
      const list = (await devicesOf(t, caller.access_token)).body.response.devices;
      expect(list.find((d) => !d.is_current)).toMatchObject({
        platform: 'ANDROID_WEB',
        name: 'Браузер на Android',
      });
    });

    it("answers an anonymous profile its own device only: another anonymous session's is not listed", async () => {
      const t = await api.setup();
      const device = `web_${randomBytes(8).toString('hex')}`;
      const tab = await t.anonymous(device);
      const otherTab = await t.anonymous(device);
      expect(otherTab.profile_id).toBe(tab.profile_id);
      const list = (await devicesOf(t, tab.access_token, 'IOS_WEB')).body.response.devices;
      expect(list).toEqual([
        {
          device_id: sessionIdOf(tab.access_token),
          platform: 'IOS_WEB',
          name: 'Браузер на iPhone или iPad',
          first_seen_at: t.clock.now().toISOString(),
          last_seen_at: t.clock.now().toISOString(),
          is_current: true,
        },
      ]);
    });

    it('needs a session', async () => {
      const t = await api.setup();
      for (const path of ['getDevices', 'signOutDevice', 'signOutOtherDevices']) {
        const res = await t.call('POST', `/v1/agregator/${path}`, { body: { device_id: randomUUID() } });
        expect([path, res.status, res.body.code]).toEqual([path, 401, 910]);
      }
    });

    it("signs one device out: its access and refresh tokens are refused at once, the caller's work", async () => {
      const t = await api.setup({ PUSH_SIGNIN: 'off' });
      const caller = await signInOn(t, PHONE, 'PC_WEB');
      const other = await signInOn(t, PHONE, 'IOS_WEB');
      const third = await signInOn(t, PHONE, 'ANDROID_WEB');
      expect(await profileCode(t, other.access_token)).toBe(200); // cached as live on this instance

      const res = await signOut(t, caller.access_token, sessionIdOf(other.access_token));
      expect(res.body).toEqual({ code: 200, success: true, response: { ok: true } });
      expect(await profileCode(t, other.access_token)).toBe(910);
      expect(await refreshCode(t, other.refresh_token)).toBe(910);
      expect(await profileCode(t, caller.access_token)).toBe(200);
      expect(await profileCode(t, third.access_token)).toBe(200);
      const left = (await devicesOf(t, caller.access_token)).body.response.devices.map((d) => d.device_id);
      expect(left).toEqual([sessionIdOf(caller.access_token), sessionIdOf(third.access_token)]);
      // A fresh instance (nothing cached) refuses it too: the ending is in the database.
      const fresh = await api.setup();
      expect(await profileCode(fresh, other.access_token)).toBe(910);
    });

    it('answers 404 device_not_found to a replay, to an unknown id and to another profile’s device, which keeps working', async () => {
      const t = await api.setup({ PUSH_SIGNIN: 'off' });
      const caller = await signInOn(t, PHONE, 'PC_WEB');
      const other = await signInOn(t, PHONE, 'IOS_WEB');
      const stranger = await signInOn(t, OTHER_PHONE, 'ANDROID_WEB');
      const anonymousStranger = await t.anonymous();
      expect((await signOut(t, caller.access_token, sessionIdOf(other.access_token))).status).toBe(200);

      const notFound = {
        code: 404,
        success: false,
        response: { error: 'device_not_found', message: 'Устройство не найдено' },
      };
      for (const id of [
        sessionIdOf(other.access_token), // already signed out: a replay
        randomUUID(),
        sessionIdOf(stranger.access_token),
        sessionIdOf(anonymousStranger.access_token),
      ]) {
        const res = await signOut(t, caller.access_token, id);
        expect([id, res.status, res.body]).toEqual([id, 404, notFound]);
      }
      expect(await profileCode(t, stranger.access_token)).toBe(200);
      expect(await refreshCode(t, stranger.refresh_token)).toBe(200);
      expect(await profileCode(t, anonymousStranger.access_token)).toBe(200);
      // Nor does the stranger's list show anything of the caller's.
      const theirs = (await devicesOf(t, stranger.access_token)).body.response.devices;
      expect(theirs.map((d) => d.device_id)).toEqual([sessionIdOf(stranger.access_token)]);
    });

    it('refuses a malformed device id as the contract does', async () => {
      const t = await api.setup();
      const anon = await t.anonymous();
      for (const bad of ['not-a-uuid', '', 42, null, `${randomUUID()}x`]) {
        const res = await signOut(t, anon.access_token, bad);
        expect([bad, res.status, res.body.response.error]).toEqual([bad, 400, 'validation_error']);
      }
      const missing = await t.call('POST', '/v1/agregator/signOutDevice', {
        token: anon.access_token,
        body: {},
      });
      expect(missing.status).toBe(400);
    });

    it('signs out the caller’s own device when it names itself, as logout does', async () => {
      const t = await api.setup({ PUSH_SIGNIN: 'off' });
      const caller = await signInOn(t, PHONE, 'PC_WEB');
      const res = await signOut(t, caller.access_token, sessionIdOf(caller.access_token));
      expect(res.status).toBe(200);
      expect(await profileCode(t, caller.access_token)).toBe(910);
      expect(await refreshCode(t, caller.refresh_token)).toBe(910);
    });

    it('signs every other device out, and a second time finds none', async () => {
      const t = await api.setup({ PUSH_SIGNIN: 'off' });
      const caller = await signInOn(t, PHONE, 'PC_WEB');
      const others = [await signInOn(t, PHONE, 'IOS_WEB'), await signInOn(t, PHONE, 'ANDROID_WEB')];
      const stranger = await signInOn(t, OTHER_PHONE, 'PC_WEB');
      for (const o of others) expect(await profileCode(t, o.access_token)).toBe(200);

      expect((await signOutOthers(t, caller.access_token)).body.response).toEqual({ signed_out: 2 });
      for (const o of others) {
        expect(await profileCode(t, o.access_token)).toBe(910);
        expect(await refreshCode(t, o.refresh_token)).toBe(910);
      }
      expect(await profileCode(t, caller.access_token)).toBe(200);
      expect(await profileCode(t, stranger.access_token)).toBe(200);
      expect((await signOutOthers(t, caller.access_token)).body.response).toEqual({ signed_out: 0 });
      const list = (await devicesOf(t, caller.access_token)).body.response.devices;
      expect(list.map((d) => d.device_id)).toEqual([sessionIdOf(caller.access_token)]);
    });

    it('refuses the signed-out device on a second instance sharing the database (SESSION_CACHE_TTL=0)', async () => {
      const clock = new FakeClock();
      const env = { PUSH_SIGNIN: 'off', SESSION_CACHE_TTL: '0' };
      const a = await api.setup(env, { clock });
      const b = await api.setup(env, { clock });
      const caller = await signInOn(a, PHONE, 'PC_WEB');
      const other = await signInOn(a, PHONE, 'IOS_WEB');
      expect(await profileCode(b, other.access_token)).toBe(200);
      expect((await signOut(a, caller.access_token, sessionIdOf(other.access_token))).status).toBe(200);
      expect(await profileCode(b, other.access_token)).toBe(910);
      expect(await refreshCode(b, other.refresh_token)).toBe(910);
    });
  });
}

describe.skipIf(!redisAvailable)('devices signed out across instances (PGlite + Redis)', () => {
  const api = useApi(backends[0]!);

  it('refuses on another instance, without waiting for its cache, a device signed out on one', async () => {
    const clock = new FakeClock();
    const env = { REDIS_URL: REDIS_TEST_URL, SESSION_CACHE_TTL: '60', PUSH_SIGNIN: 'off' };
    const a = await api.setup(env, { clock });
    const b = await api.setup(env, { clock });
    // A phone and an address of this run only: Redis keeps its counters between runs.
    const phone = `79${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const ip = `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
    const caller = await signInOn(a, phone, 'PC_WEB', ip);
    const other = await signInOn(a, phone, 'IOS_WEB', ip);
    expect(await profileCode(b, other.access_token)).toBe(200); // b caches it live for 60 s
    expect((await signOut(a, caller.access_token, sessionIdOf(other.access_token))).status).toBe(200);
    const deadline = Date.now() + 1000;
    let code = await profileCode(b, other.access_token);
    while (code !== 910 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      code = await profileCode(b, other.access_token);
    }
    expect(code).toBe(910);
    expect(await profileCode(b, caller.access_token)).toBe(200);
  });
});
