import { eq } from 'drizzle-orm';
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

const PHONE = '79993334455';

/** The envelope code getProfile answers for a token. */
async function profileCode(t: TestApi, token: string): Promise<number> {
  return (await t.call('POST', '/v1/agregator/getProfile', { token })).body.code;
}

/** Ends a session behind the app's back, as another instance would. */
async function endInDatabase(t: TestApi, sessionId: string): Promise<void> {
  await t.database.db
    .update(sessions)
    .set({ endedAt: t.clock.now(), endReason: 'logout' })
    .where(eq(sessions.id, sessionId));
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
      await endInDatabase(t, sessionIdOf(anon.access_token));
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
      const [row] = await t.database.db
        .select({ endReason: sessions.endReason })
        .from(sessions)
        .where(eq(sessions.id, sessionIdOf(otherTab.access_token)));
      expect(row).toEqual({ endReason: 'signed_in' });
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
      expect(await t.database.db.$count(sessions)).toBe(9);
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
    const env = { REDIS_URL: REDIS_TEST_URL, SESSION_CACHE_TTL: '60' };
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
});
