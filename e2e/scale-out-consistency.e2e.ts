// Two api processes on one PostgreSQL and one Redis (docs/decisions/024-scale-out.md): what one
// instance does, the other sees at once — sessions and their end, sign-in codes and state, rate limits,
// payments and their notifications, the search index after an import — and two schedulers renew each
// due subscription once. Requests go to a chosen instance directly; nginx's part is in scale-out.e2e.ts.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, clusterUnavailable, startCluster } from './support/cluster.ts';

const repoRoot = join(import.meta.dirname, '..');
const unavailable = await clusterUnavailable();

interface Envelope<T = Record<string, unknown>> {
  code: number;
  success: boolean;
  response: T;
}
interface Tokens {
  access_token: string;
  refresh_token: string;
  profile_id: number;
  /** The device the session was opened for (the test's own note, not the api's). */
  device: string;
}

/** A phone no other suite uses (the rate limits live in the shared Redis). */
const phone = () => `7999${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const device = () => `web_${randomBytes(8).toString('hex')}`;
/**
 * A viewer's address of its own (an IPv6 /64 is one address to the limits): the per-address limits
 * live in the shared Redis, so sends from 127.0.0.1 would count other runs' sends too.
 */
const address = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;

/** Calls `path` on `baseUrl` as `token` from `ip` (trusted: X-Forwarded-For from the loopback proxy). */
async function call<T = Record<string, unknown>>(
  baseUrl: string,
  path: string,
  options: { token?: string; body?: unknown; ip?: string } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  const res = await fetch(`${baseUrl}${path}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

async function anonymous(baseUrl: string, uid = device()): Promise<Tokens> {
  const res = await call<Tokens>(baseUrl, `/web/1/auth/${uid}`, { ip: address() });
  expect(res.status).toBe(200);
  return { ...res.body.response, device: uid };
}

const sendAuth = (baseUrl: string, uid: string, token: string, ip = address()) =>
  call(baseUrl, '/v1/agregator/sendAuth', { token, ip, body: { auth_type: 'phone', uid } });

async function lastCode(baseUrl: string, uid: string): Promise<string> {
  const res = await fetch(`${baseUrl}/sandbox/sms?phone=${uid}`);
  const [latest] = (await res.json()) as Array<{ text: string }>;
  const code = latest?.text.match(/(\d{4})$/)?.[1];
  if (!code) throw new Error(`no SMS for ${uid} on ${baseUrl}`);
  return code;
}

const authApp = (baseUrl: string, uid: string, code: string, token: string) =>
  call<Tokens>(baseUrl, '/v1/agregator/authApp', {
    token,
    body: {
      grant_type: 'mega',
      client_id: 'web',
      client_secret: 'web',
      auth_type: 'phone',
      dev_type: 'PCWEB',
      dev_model: 'web',
      verify_code: code,
      uid,
      device_uid: device(),
    },
  });

const getProfile = (baseUrl: string, token: string) =>
  call(baseUrl, '/v1/agregator/getProfile', { token, body: {} });

describe.skipIf(unavailable !== null)(
  `two api instances on one database and one Redis ${unavailable ?? ''}`,
  () => {
    let cluster: Cluster;
    let db: pg.Client;
    let a: string;
    let b: string;
    /** «Сериалы»: 249 ₽ a month, no trial, renews. */
    let seriesPackage: number;

    /** createPayment on `first`, the card paid in the sandbox widget on `second`, checkPayment on `second`. */
    async function buy(first: string, second: string, viewer: Tokens) {
      const created = await call<{ token: string; payment_id: string }>(
        first,
        '/v1/agregator/createPayment',
        {
          token: viewer.access_token,
          body: { type: 'widget_yookassa', package_id: seriesPackage, device_uid: viewer.device },
        },
      );
      expect(created.body).toMatchObject({ success: true });
      const paid = await fetch(`${second}/sandbox/yookassa/checkout/${created.body.response.token}/card`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ number: '5555555555554444', expiry: '12/30', csc: '123' }),
      });
      expect(paid.status).toBe(200);
      let status = 'pending';
      for (let i = 0; i < 50 && status === 'pending'; i++) {
        const check = await call<{ status: string }>(second, '/v1/agregator/checkPayment', {
          token: viewer.access_token,
          body: { type: 'widget_yookassa', payment_id: created.body.response.payment_id },
        });
        status = check.body.response.status;
        if (status === 'pending') await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return { status, paymentId: created.body.response.payment_id };
    }

    beforeAll(async () => {
      cluster = await startCluster({
        prefix: 'kadr_e2e_scaleout',
        env: {
          LOG_LEVEL: 'warn',
          // Low enough to reach in a test; the other limits stay as shipped.
          RATE_LIMIT_IP_HOUR: '3',
          // A replayed refresh token is theft at once (no two-tab grace): the refresh test replays one.
          REFRESH_TOKEN_GRACE: '0',
          // Both schedulers pass every 2 s, so the renewal test meets them racing each other.
          PAYMENT_JOBS: 'on',
          PAYMENT_JOBS_EVERY_S: '2',
        },
      });
      [a, b] = cluster.instances.map((instance) => instance.baseUrl) as [string, string];
      db = new pg.Client({ connectionString: cluster.databaseUrl });
      await db.connect();
      const { rows } = await db.query<{ id: number }>("select id from packages where name = 'Сериалы'");
      seriesPackage = rows[0]!.id;
    }, 60_000);

    afterAll(async () => {
      await db?.end();
      await cluster?.stop();
    });

    it('each instance names itself, and both started on the fresh database together (one migration, one seed)', async () => {
      for (const instance of cluster.instances) {
        const res = await fetch(`${instance.baseUrl}/healthz`);
        expect(res.headers.get('x-kadr-instance')).toBe(instance.name);
      }
      const { rows } = await db.query<{ n: number }>(
        "select count(*)::int as n from packages where name = 'Сериалы'",
      );
      expect(rows[0]!.n).toBe(1);
    });

    it('a session opened on one instance works on the other; its logout on one is refused by the other at once', async () => {
      const uid = phone();
      const anon = await anonymous(a);
      expect((await getProfile(b, anon.access_token)).body.success).toBe(true);

      // The code is sent by A, read from the shared outbox and checked by B.
      expect((await sendAuth(a, uid, anon.access_token)).status).toBe(200);
      const signedIn = await authApp(b, uid, await lastCode(b, uid), anon.access_token);
      expect(signedIn.body).toMatchObject({ success: true, response: { phone: uid } });
      const session = signedIn.body.response;
      // The anonymous session B ended is refused by A too (A had it cached a moment ago).
      expect((await getProfile(a, anon.access_token)).body).toMatchObject({ code: 910 });

      // Both trust the phone session; B has it in its cache now.
      expect((await getProfile(a, session.access_token)).body.response).toMatchObject({ phone: uid });
      expect((await getProfile(b, session.access_token)).body.response).toMatchObject({ phone: uid });
      // Logout on A reaches B's cache through the Redis channel, well inside its 5 s TTL.
      expect((await call(a, '/v1/agregator/logout', { token: session.access_token, body: {} })).status).toBe(
        200,
      );
      const after = await getProfile(b, session.access_token);
      expect(after.body).toMatchObject({ success: false, code: 910 });
    });

    it('a refresh token replayed on one instance ends the session on both at once (theft)', async () => {
      const refresh = (base: string, token: string) =>
        fetch(`${base}/v1/agregator/refreshToken`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            client_id: 'web',
            client_secret: 'web',
            refresh_token: token,
          }),
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as Envelope<Tokens> }));
      const first = await anonymous(a);
      const rotated = await refresh(a, first.refresh_token);
      expect(rotated.body.success).toBe(true);
      const fresh = rotated.body.response;
      // Both instances trust the rotated session now, and have it cached.
      expect((await getProfile(a, fresh.access_token)).body.success).toBe(true);
      expect((await getProfile(b, fresh.access_token)).body.success).toBe(true);
      // The old refresh token comes back to B: someone else holds it, so the session ends …
      expect((await refresh(b, first.refresh_token)).body).toMatchObject({ success: false, code: 910 });
      // … on A too, at once, though A checked it a moment ago.
      expect((await getProfile(a, fresh.access_token)).body).toMatchObject({ success: false, code: 910 });
    });

    it('a code sent by one instance is refused again by the other within the resend lock', async () => {
      const uid = phone();
      const first = await anonymous(a);
      const second = await anonymous(b);
      expect((await sendAuth(a, uid, first.access_token)).status).toBe(200);
      const again = await sendAuth(b, uid, second.access_token);
      expect(again.status).toBe(429);
      expect(again.body.success).toBe(false);
    });

    it('the per-address SMS limit counts sends on both instances together', async () => {
      const ip = address();
      const viewer = await anonymous(a);
      const statuses: number[] = [];
      for (const base of [a, b, a, b])
        statuses.push((await sendAuth(base, phone(), viewer.access_token, ip)).status);
      // RATE_LIMIT_IP_HOUR=3: the fourth send is refused, whichever instance it reaches.
      expect(statuses).toEqual([200, 200, 200, 429]);
    });

    it('a payment created on one instance is checked and fulfilled on the other', async () => {
      const viewer = await anonymous(a);
      const { status, paymentId } = await buy(a, b, viewer);
      expect(status).toBe('confirmed');
      const packages = await call<{ ek_packages: Record<string, { status: string }> }>(
        a,
        '/v1/agregator/getEkPackages',
        { token: viewer.access_token, body: { is_hidden: 0 } },
      );
      expect(packages.body.response.ek_packages[String(seriesPackage)]?.status).toBe('confirmed');
      // The provider's notification (posted to nginx, so to either instance) is taken once.
      const { rows } = await db.query<{ n: number }>(
        'select count(*)::int as n from subscriptions where profile_id = $1',
        [viewer.profile_id],
      );
      expect(rows[0]!.n).toBe(1);
      expect(paymentId).toBeTruthy();
    });

    it('a catalogue import by the operator CLI shows in both instances’ searches within seconds', async () => {
      const search = (base: string, token: string) =>
        call<{ items: Array<{ title: string }> }>(base, '/v2/agregator/searchHint', {
          token,
          body: { search_query: 'Тихий дом' },
        });
      const viewer = await anonymous(a);
      // Both build their in-memory index of the current version first.
      for (const base of [a, b]) {
        const before = await search(base, viewer.access_token);
        expect(before.body.response.items.map((item) => item.title)).not.toContain('Тихий дом');
      }
      const imported = spawnSync(
        process.execPath,
        [
          join(repoRoot, 'apps/api/dist/catalogue-import.js'),
          'apps/api/src/test/catalogue-fixture/catalogue.yaml',
        ],
        { cwd: repoRoot, env: { ...process.env, ...cluster.env, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
      );
      expect(imported.status, `${imported.stdout}\n${imported.stderr}`).toBe(0);
      for (const base of [a, b]) {
        await expect
          .poll(
            async () =>
              (await search(base, viewer.access_token)).body.response.items.map((item) => item.title),
            {
              timeout: 5000,
              interval: 200,
            },
          )
          .toContain('Тихий дом');
      }
    });

    it('two schedulers (one per process) renew each due subscription exactly once', async () => {
      const viewers: Tokens[] = [];
      for (let i = 0; i < 6; i++) {
        const viewer = await anonymous(i % 2 ? a : b);
        expect((await buy(i % 2 ? a : b, i % 2 ? b : a, viewer)).status).toBe('confirmed');
        viewers.push(viewer);
      }
      const ids = viewers.map((viewer) => viewer.profile_id);
      // Their month is over: both processes' payment jobs (every 2 s) find them due.
      await db.query(
        `update subscriptions set period_end = now() - interval '1 minute', last_paid_at = now() - interval '31 days'
        where profile_id = any($1) and ended_at is null`,
        [ids],
      );
      const renewals = async () =>
        (
          await db.query<{ subscription_id: number }>(
            `select p.subscription_id from payments p join subscriptions s on s.id = p.subscription_id
            where p.kind = 'renewal' and s.profile_id = any($1) and p.status = 'succeeded'`,
            [ids],
          )
        ).rows;
      await expect.poll(async () => (await renewals()).length, { timeout: 20_000, interval: 250 }).toBe(6);
      // A few seconds more: a second charge by the other scheduler would show now.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const made = await renewals();
      expect(made).toHaveLength(6);
      expect(new Set(made.map((row) => row.subscription_id)).size).toBe(6);
      const { rows } = await db.query<{ n: number }>(
        "select count(*)::int as n from subscriptions where profile_id = any($1) and period_end > now() + interval '20 days'",
        [ids],
      );
      expect(rows[0]!.n).toBe(6);
    }, 40_000);
  },
);
