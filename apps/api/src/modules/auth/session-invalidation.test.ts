import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { devices, profiles, sessions } from '../../db/schema';
import {
  backends,
  FakeClock,
  REDIS_TEST_URL,
  redisAvailable,
  type TestApi,
  useApi,
} from '../../test/harness';
import { endSession } from './queries';

const PHONE = '79993334455';

/** The envelope code getProfile answers for a token. */
async function profileCode(t: TestApi, token: string): Promise<number> {
  return (await t.call('POST', '/v1/agregator/getProfile', { token })).body.code;
}

/** Ends a session behind the app's back, as another instance would (an unstored one gets its row). */
async function endInDatabase(
  t: TestApi,
  tokens: { access_token: string; profile_id: number },
): Promise<void> {
  const session = {
    sessionId: sessionIdOf(tokens.access_token),
    profileId: tokens.profile_id,
    deviceUid: null,
  };
  await endSession(t.database.db, session, 'logout', t.clock.now());
}

function sessionIdOf(accessToken: string): string {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
    sid: string;
  };
  return payload.sid;
}

for (const backend of backends) {
  describe.skipIf(!backend.available)(`session cache (${backend.name})`, () => {
    const api = useApi(backend);

    /** Two instances on one database and one clock, as behind a load balancer. */
    async function twoInstances(env: Record<string, string> = {}) {
      const clock = new FakeClock();
      return [await api.setup(env, { clock }), await api.setup(env, { clock })] as const;
    }

    it('trusts a checked session for SESSION_CACHE_TTL, then asks the database again', async () => {
      const t = await api.setup({ SESSION_CACHE_TTL: '5' });
      const anon = await t.anonymous();
      expect(await profileCode(t, anon.access_token)).toBe(200);
      await endInDatabase(t, anon);
      t.clock.advance(4);
      expect(await profileCode(t, anon.access_token)).toBe(200);
      t.clock.advance(1);
      expect(await profileCode(t, anon.access_token)).toBe(910);
    });

    it('refuses a cached session at once after logout on the same instance', async () => {
      const t = await api.setup();
      const anon = await t.anonymous();
      expect(await profileCode(t, anon.access_token)).toBe(200);
      await t.call('POST', '/v1/agregator/logout', { token: anon.access_token });
      expect(await profileCode(t, anon.access_token)).toBe(910);
    });

    it('refuses a cached session at once after refresh reuse ends it', async () => {
      const t = await api.setup();
      const anon = await t.anonymous();
      const body = { grant_type: 'refresh_token', client_id: 'web', client_secret: 'web' };
      const rotated = await t.call<{ access_token: string }>('POST', '/v1/agregator/refreshToken', {
        body: { ...body, refresh_token: anon.refresh_token },
      });
      expect(await profileCode(t, rotated.body.response.access_token)).toBe(200);
      t.clock.advance(11);
      await t.call('POST', '/v1/agregator/refreshToken', {
        body: { ...body, refresh_token: anon.refresh_token },
      });
      expect(await profileCode(t, rotated.body.response.access_token)).toBe(910);
      expect(await profileCode(t, anon.access_token)).toBe(910);
    });

    it('ends every session of an anonymous profile when it becomes the phone profile', async () => {
      const t = await api.setup({ PUSH_SIGNIN: 'off' });
      const tab = await t.anonymous('web_sharedevice00001');
      const otherTab = await t.anonymous('web_sharedevice00001');
      expect(await profileCode(t, otherTab.access_token)).toBe(200);
      await t.sendAuth(PHONE, tab.access_token);
      const signedIn = await t.authApp(PHONE, await t.lastCode(PHONE), tab.access_token);
      expect(signedIn.body.response).toMatchObject({ profile_id: tab.profile_id, phone: PHONE });
      expect(await profileCode(t, otherTab.access_token)).toBe(910);
      // The tab's session was stored (ended) by the sign-in; the other tab's never was: the profile's
      // phone ends it, on an instance that never saw it too.
      const stored = await t.database.db
        .select({ id: sessions.id, endReason: sessions.endReason })
        .from(sessions);
      expect(stored).toContainEqual({ id: sessionIdOf(tab.access_token), endReason: 'signed_in' });
      expect(stored.map((r) => r.id)).not.toContain(sessionIdOf(otherTab.access_token));
      const fresh = await api.setup();
      expect(await profileCode(fresh, otherTab.access_token)).toBe(910);
    });

    it('ends unstored anonymous sessions that another instance had cached once their profile gets a phone', async () => {
      const [a, b] = await twoInstances({ PUSH_SIGNIN: 'off', SESSION_CACHE_TTL: '5' });
      const tab = await a.anonymous('web_sharedevice00002');
      const otherTab = await b.anonymous('web_sharedevice00002');
      expect(otherTab.profile_id).toBe(tab.profile_id);
      expect(await profileCode(b, otherTab.access_token)).toBe(200);
      await a.sendAuth(PHONE, tab.access_token);
      await a.authApp(PHONE, await a.lastCode(PHONE), tab.access_token);
      // Without Redis, b trusts its cache for SESSION_CACHE_TTL (decision 002), then asks the database.
      a.clock.advance(5);
      expect(await profileCode(b, otherTab.access_token)).toBe(910);
      expect((await b.anonymous('web_sharedevice00002')).profile_id).not.toBe(tab.profile_id);
    });

    it('lets another instance accept an ended session for at most SESSION_CACHE_TTL without Redis', async () => {
      const [a, b] = await twoInstances({ SESSION_CACHE_TTL: '5' });
      const anon = await a.anonymous();
      expect(await profileCode(b, anon.access_token)).toBe(200);
      await a.call('POST', '/v1/agregator/logout', { token: anon.access_token });
      expect(await profileCode(a, anon.access_token)).toBe(910);
      expect(await profileCode(b, anon.access_token)).toBe(200);
      a.clock.advance(5);
      expect(await profileCode(b, anon.access_token)).toBe(910);
    });

    it('checks the database on every request with SESSION_CACHE_TTL=0', async () => {
      const [a, b] = await twoInstances({ SESSION_CACHE_TTL: '0' });
      const anon = await a.anonymous();
      expect(await profileCode(b, anon.access_token)).toBe(200);
      await a.call('POST', '/v1/agregator/logout', { token: anon.access_token });
      expect(await profileCode(b, anon.access_token)).toBe(910);
      expect(await profileCode(a, anon.access_token)).toBe(910);
    });

    it('opens one profile per device when first requests of several devices arrive together', async () => {
      const t = await api.setup();
      const uids = ['web_groupdevice00001', 'web_groupdevice00002', 'web_groupdevice00003'];
      const answers = await Promise.all(uids.flatMap((uid) => [uid, uid, uid].map((u) => t.anonymous(u))));
      const profileOf = new Map<string, Set<number>>();
      answers.forEach((a, i) => {
        const uid = uids[Math.floor(i / 3)]!;
        profileOf.set(uid, (profileOf.get(uid) ?? new Set()).add(a.profile_id));
      });
      expect([...profileOf.values()].map((ids) => ids.size)).toEqual([1, 1, 1]);
      expect(new Set(answers.map((a) => a.refresh_token)).size).toBe(9);
      expect(await t.database.db.$count(profiles)).toBe(3);
      expect(await t.database.db.$count(devices)).toBe(3);
      // Anonymous sessions are stored on their first change, not when opened.
      expect(await t.database.db.$count(sessions)).toBe(0);
      for (const a of answers) expect(await profileCode(t, a.access_token)).toBe(200);
    });
  });
}

describe.skipIf(!redisAvailable)('session cache across instances (PGlite + Redis)', () => {
  const api = useApi(backends[0]!);

  /** Polls until getProfile answers `code`, for at most a second (pub/sub delivery is asynchronous). */
  async function eventually(t: TestApi, token: string, code: number): Promise<number> {
    const deadline = Date.now() + 1000;
    let answer = await profileCode(t, token);
    while (answer !== code && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      answer = await profileCode(t, token);
    }
    return answer;
  }

  async function twoInstances() {
    const clock = new FakeClock();
    const env = { REDIS_URL: REDIS_TEST_URL, SESSION_CACHE_TTL: '60', PUSH_SIGNIN: 'off' };
    return [await api.setup(env, { clock }), await api.setup(env, { clock })] as const;
  }

  it('refuses on another instance, without waiting for the TTL, a session logged out on one', async () => {
    const [a, b] = await twoInstances();
    const anon = await a.anonymous();
    expect(await profileCode(b, anon.access_token)).toBe(200);
    await a.call('POST', '/v1/agregator/logout', { token: anon.access_token });
    expect(await eventually(b, anon.access_token, 910)).toBe(910);
  });

  it('refuses on another instance a session ended by refresh reuse on one', async () => {
    const [a, b] = await twoInstances();
    const anon = await a.anonymous();
    const body = { grant_type: 'refresh_token', client_id: 'web', client_secret: 'web' };
    await a.call('POST', '/v1/agregator/refreshToken', {
      body: { ...body, refresh_token: anon.refresh_token },
    });
    expect(await profileCode(b, anon.access_token)).toBe(200);
    a.clock.advance(11);
    await a.call('POST', '/v1/agregator/refreshToken', {
      body: { ...body, refresh_token: anon.refresh_token },
    });
    expect(await eventually(b, anon.access_token, 910)).toBe(910);
  });

  it('ends on another instance, without waiting for the TTL, the unstored sessions of a profile signed in on one', async () => {
    const [a, b] = await twoInstances();
    // Redis keeps the per-device anonymous-session counter between runs: a device of this run only.
    const device = `web_shared${randomBytes(6).toString('hex')}`;
    const tab = await a.anonymous(device);
    const otherTab = await b.anonymous(device);
    expect(await profileCode(b, otherTab.access_token)).toBe(200);
    // Likewise a phone and an address of this run only.
    const phone = `79${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const ip = `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
    await a.sendAuth(phone, tab.access_token, ip);
    await a.authApp(phone, await a.lastCode(phone), tab.access_token);
    expect(await eventually(b, otherTab.access_token, 910)).toBe(910);
    // b's remembered device → profile mapping went with it: the device gets a fresh anonymous profile.
    expect((await b.anonymous(device)).profile_id).not.toBe(tab.profile_id);
  });
});
