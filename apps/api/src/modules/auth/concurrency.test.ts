import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { devices, profiles, sessions, signInAttempts } from '../../db/schema';
import { PG_ADMIN_URL, postgresAvailable, postgresBackend, useApi } from '../../test/harness';
import { anonymousProfiles } from './queries';

/** How many migrations the journal lists: each must be applied exactly once. */
const migrationCount = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../drizzle/meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

const PHONE = '79997776655';
function tally(codes: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const c of codes) counts[c] = (counts[c] ?? 0) + 1;
  return counts;
}

// PGlite is a single connection, so races only show on a real server (TOOLCHAIN.md).
describe.skipIf(!postgresAvailable)('concurrency (PostgreSQL)', () => {
  const api = useApi(postgresBackend);

  it('compares at most 5 codes per attempt however many arrive at once', async () => {
    const t = await api.setup({ RATE_LIMIT_WRONG_CODES_DAY: '1000', PUSH_SIGNIN: 'off' });
    const anon = await t.anonymous();
    await t.sendAuth(PHONE, anon.access_token);
    const code = await t.lastCode(PHONE);
    const wrong = code === '0000' ? '1111' : '0000';
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => t.authApp(PHONE, wrong, anon.access_token)),
    );
    expect(tally(answers.map((a) => a.body.code))).toEqual({ 502: 4, 520: 20 });
    const [attempt] = await t.database.db
      .select({ wrongTries: signInAttempts.wrongTries })
      .from(signInAttempts);
    expect(attempt?.wrongTries).toBe(5);
    expect((await t.authApp(PHONE, code, anon.access_token)).body.code).toBe(520);
  });

  it('compares at most the daily wrong-code budget of a network however many arrive at once', async () => {
    const t = await api.setup({ RATE_LIMIT_WRONG_CODES_IP_DAY: '3', PUSH_SIGNIN: 'off' });
    const anon = await t.anonymous();
    await t.sendAuth(PHONE, anon.access_token);
    const code = await t.lastCode(PHONE);
    const wrong = code === '0000' ? '1111' : '0000';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => t.authApp(PHONE, wrong, anon.access_token)),
    );
    const counts = tally(answers.map((a) => a.body.code));
    expect(counts[502]).toBe(3);
    expect(counts[429]).toBe(9);
  });

  it('keeps both pairs when two tabs refresh the same token at once', async () => {
    const t = await api.setup();
    const anon = await t.anonymous();
    const body = {
      grant_type: 'refresh_token',
      client_id: 'web',
      client_secret: 'web',
      refresh_token: anon.refresh_token,
    };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call<{ refresh_token: string; access_token: string }>('POST', '/v1/agregator/refreshToken', {
          body,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const tokens = answers.map((a) => a.body.response.refresh_token);
    expect(new Set(tokens).size).toBe(4);
    for (const refresh_token of tokens) {
      const next = await t.call('POST', '/v1/agregator/refreshToken', { body: { ...body, refresh_token } });
      expect(next.status).toBe(200);
    }
  });

  it('sends one code when the same phone asks several times at once', async () => {
    const t = await api.setup({ PUSH_SIGNIN: 'off' });
    const anon = await t.anonymous();
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.sendAuth(PHONE, anon.access_token)));
    expect(tally(answers.map((a) => a.status))).toEqual({ 200: 1, 429: 5 });
    const sms = await t.app.inject({ method: 'GET', url: `/sandbox/sms?phone=${PHONE}` });
    expect(sms.json()).toHaveLength(1);
  });

  it('maps a new device to one anonymous profile under parallel first requests', async () => {
    const t = await api.setup();
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.anonymous('web_racingdevice0001')));
    expect(new Set(answers.map((a) => a.profile_id)).size).toBe(1);
  });

  it('maps each device to one profile when separate statements race, leaving no spare profile', async () => {
    const t = await api.setup();
    const uids = Array.from({ length: 6 }, (_, i) => `web_racingdevice000${i}`);
    const now = t.clock.now();
    // Eight statements (as from several instances), each with all devices in its own order.
    const statements = Array.from({ length: 8 }, (_, n) => {
      const order = [...uids].sort(() => (n % 2 === 0 ? 1 : -1) * (Math.random() - 0.5));
      const requests = order.map((deviceUid) => ({ deviceUid, create: true }));
      return anonymousProfiles(t.database.db, requests, now).then((ids) =>
        ids.map((profileId, i) => ({ deviceUid: order[i]!, profileId: profileId! })),
      );
    });
    const opened = (await Promise.all(statements)).flat();
    expect(opened).toHaveLength(48);
    const profilesPerDevice = new Map<string | null, Set<number>>();
    for (const r of opened)
      profilesPerDevice.set(r.deviceUid, (profilesPerDevice.get(r.deviceUid) ?? new Set()).add(r.profileId));
    expect([...profilesPerDevice.values()].map((p) => p.size)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(await t.database.db.$count(devices)).toBe(6);
    expect(await t.database.db.$count(profiles)).toBe(6);
  });

  it('ends, with the sign-in, a session opened while that sign-in was giving the profile a phone', async () => {
    const t = await api.setup();
    const anon = await t.anonymous('web_signingdevice001');
    // Other instances, which have not cached the device (with Redis, the sign-in's announcement would
    // make every instance forget it).
    const [during, after] = [await api.setup(), await api.setup()];
    let opened: { profile_id: number; access_token: string; refresh_token: string } | undefined;
    // What sign-in's adoption does, held open while an anonymous sign-up of the same device arrives:
    // the device read does not wait for it, so it still finds the profile as it was.
    await t.database.db.transaction(async (tx) => {
      await tx.update(profiles).set({ phone: '79990001111' }).where(eq(profiles.id, anon.profile_id));
      await tx.delete(devices).where(eq(devices.profileId, anon.profile_id));
      opened = await during.anonymous('web_signingdevice001');
    });
    expect(opened?.profile_id).toBe(anon.profile_id);
    // Once the sign-in committed, that session is ended like every other anonymous one of the profile,
    // its refresh stores no session on the phone's profile, and the device gets a fresh profile.
    const profileCode = async (token: string) =>
      (await after.call('POST', '/v1/agregator/getProfile', { token })).body.code;
    expect(await profileCode(anon.access_token)).toBe(910);
    expect(await profileCode(opened!.access_token)).toBe(910);
    const refresh = await after.call('POST', '/v1/agregator/refreshToken', {
      body: {
        grant_type: 'refresh_token',
        client_id: 'web',
        client_secret: 'web',
        refresh_token: opened!.refresh_token,
      },
    });
    expect(refresh.body.code).toBe(910);
    const fresh = await after.anonymous('web_signingdevice001');
    expect(fresh.profile_id).not.toBe(anon.profile_id);
    expect(await profileCode(fresh.access_token)).toBe(200);
    const phoneSessions = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.profileId, anon.profile_id));
    expect(phoneSessions).toHaveLength(0);
  });

  it('stores no session when its first refresh races a sign-in giving the profile a phone', async () => {
    const t = await api.setup();
    const anon = await t.anonymous('web_signingdevice002');
    let pending = true;
    let refreshed: Promise<number> | undefined;
    await t.database.db.transaction(async (tx) => {
      await tx.update(profiles).set({ phone: '79990002222' }).where(eq(profiles.id, anon.profile_id));
      refreshed = t
        .call('POST', '/v1/agregator/refreshToken', {
          body: {
            grant_type: 'refresh_token',
            client_id: 'web',
            client_secret: 'web',
            refresh_token: anon.refresh_token,
          },
        })
        .then((res) => res.body.code)
        .finally(() => {
          pending = false;
        });
      // The refresh reads the profile `for key share`: it waits for the sign-in to finish.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(pending).toBe(true);
    });
    expect(await refreshed!).toBe(910);
    expect(await t.database.db.$count(sessions)).toBe(0);
  });

  it('applies migrations once when several instances start together', async () => {
    const name = `kadr_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const instances = await Promise.all(
      Array.from({ length: 3 }, () =>
        createDatabase({ databaseUrl: url.toString(), dataDir: '' }, { poolSize: 2 }),
      ),
    );
    try {
      await Promise.all(instances.map((d) => migrateDatabase(d)));
      const applied = await instances[0]!.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      // db.execute's result type differs per driver; both carry `rows`.
      expect((applied as { rows: unknown[] }).rows).toEqual([{ n: migrationCount }]);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
