// createPayment and checkPayment under 100 concurrent buyers, beside a bare route in the same run
// (issue 11). The built service (apps/api/dist/server.js) on a fresh PostgreSQL database with the
// demo catalogue, its sandbox YooKassa in-process (sandbox providers on) and the payment jobs off.
// Each buyer is a distinct anonymous session (its own device), made before the measured part; 100
// buyers at a time each call createPayment for a package, then checkPayment for the payment it got
// (still pending: no card has been typed, so checkPayment asks the provider and settles nothing —
// what the overlay's polling costs). Baselines measured in the same run with the same client at the
// same 100 requests in flight: the bare Fastify route (bench/lib/bare.ts) and getProfile on the service.
// Run after `pnpm --filter @kadr/api run build`: node bench/payments.ts   (BENCH_BUYERS=n)
import { loadavg } from 'node:os';
import pg from 'pg';
import { freshPostgres } from '../e2e/support/postgres.ts';
import { startService } from '../e2e/support/service.ts';
import { withBareServer } from './lib/bare.ts';
import { quantile, table, writeSection } from './lib/report.ts';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 3000);
const CONCURRENCY = 100;
const WARM_UP = 200;

interface Figures {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Runs `one(i)` for i in [0, n) with CONCURRENCY in flight; answers each call's latency, ms, by label. */
async function drive(
  n: number,
  one: (i: number, time: <T>(label: string, call: () => Promise<T>) => Promise<T>) => Promise<void>,
): Promise<{ seconds: number; latencies: Map<string, number[]>; errors: Map<string, number> }> {
  const latencies = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const time = async <T>(label: string, call: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await call();
    } catch (error) {
      errors.set(label, (errors.get(label) ?? 0) + 1);
      throw error;
    } finally {
      const list = latencies.get(label) ?? [];
      list.push(performance.now() - started);
      latencies.set(label, list);
    }
  };
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) {
        const i = next++;
        await one(i, time).catch(() => {});
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies, errors };
}

function figures(name: string, run: Awaited<ReturnType<typeof drive>>, label: string): Figures {
  const list = run.latencies.get(label) ?? [];
  return {
    name,
    requests: list.length,
    rps: Math.round(list.length / run.seconds),
    p50: quantile(list, 0.5),
    p99: quantile(list, 0.99),
    errors: run.errors.get(label) ?? 0,
  };
}

async function post<T>(url: string, token: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 200)}`);
  return (JSON.parse(text) as { response: T }).response;
}

/** The bare route at the same concurrency with the same client, `n` requests. */
async function bareRoute(n: number): Promise<Figures> {
  return withBareServer(async (url) => {
    const get = async () => {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`bare answered ${res.status}`);
    };
    await drive(WARM_UP, (_, time) => time('bare', get));
    return figures('bare Fastify route (baseline)', await drive(n, (_, time) => time('bare', get)), 'bare');
  });
}

async function main() {
  const database = await freshPostgres('kadr_bench_payments');
  if (!database) throw new Error('PostgreSQL does not answer on 127.0.0.1:5432');
  const loadBefore = loadavg()[0]!.toFixed(2);
  const service = await startService({
    DATABASE_URL: database.url,
    PAYMENT_JOBS: 'off',
    SANDBOX_PROVIDERS: 'on',
    LOG_LEVEL: 'error',
    // Every buyer signs up and pays from the bench's one address; the service would limit that as one client.
    RATE_LIMIT_ANONYMOUS_IP_HOUR: '1000000',
    RATE_LIMIT_ANONYMOUS_SUBNET_HOUR: '1000000',
    RATE_LIMIT_ANONYMOUS_HOUR: '1000000',
    PAYMENT_CREATES_PER_NETWORK_HOUR: '1000000',
    PAYMENT_CHECKS_PER_NETWORK_HOUR: '1000000',
  });
  const rows: Figures[] = [];
  let packageName = '';
  let sandboxPayments = 0;
  try {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    // A web package on sale with a plain (no trial) main tariff.
    const found = await client.query(`
      select p.id, p.name from packages p join tariffs t on t.package_id = p.id and t.position = 0
       where p.store = 'web' and not p.hidden and t.trial_days = 0 order by p.id limit 1`);
    if (!found.rows[0]) throw new Error('the demo catalogue has no web package without a trial');
    const packageId = found.rows[0].id as number;
    packageName = found.rows[0].name as string;

    // The buyers' sessions, made before the measured part (anonymous auth is its own bench).
    const total = WARM_UP + BUYERS;
    const devices = Array.from({ length: total }, (_, i) => `web_PAYBENCH${String(i).padStart(10, '0')}`);
    const tokens: string[] = [];
    await drive(total, async (i) => {
      const res = await fetch(`${service.baseUrl}/web/1/auth/${devices[i]}`);
      tokens[i] = ((await res.json()) as { response: { access_token: string } }).response.access_token;
    });

    const buyer =
      (offset: number) =>
      async (i: number, time: <T>(label: string, call: () => Promise<T>) => Promise<T>) => {
        const token = tokens[offset + i]!;
        const created = await time('createPayment', () =>
          post<{ payment_id: string; token: string }>(
            `${service.baseUrl}/v1/agregator/createPayment`,
            token,
            {
              type: 'widget_yookassa',
              package_id: packageId,
              device_uid: devices[offset + i],
            },
          ),
        );
        const checked = await time('checkPayment', () =>
          post<{ status: string }>(`${service.baseUrl}/v1/agregator/checkPayment`, token, {
            type: 'widget_yookassa',
            payment_id: created.payment_id,
          }),
        );
        if (checked.status !== 'pending') throw new Error(`checkPayment answered ${checked.status}`);
      };
    const profile = async (i: number, time: <T>(label: string, call: () => Promise<T>) => Promise<T>) => {
      await time('getProfile', () =>
        post(`${service.baseUrl}/v1/agregator/getProfile`, tokens[i % total]!, {}),
      );
    };

    await drive(WARM_UP, buyer(0));
    await drive(WARM_UP, profile);
    const bought = await drive(BUYERS, buyer(WARM_UP));
    rows.push(figures('createPayment (a new payment at the sandbox)', bought, 'createPayment'));
    rows.push(figures('checkPayment (pending: fetched from the sandbox)', bought, 'checkPayment'));
    rows.push(
      figures('getProfile on the service (baseline)', await drive(BUYERS * 2, profile), 'getProfile'),
    );
    rows.push(await bareRoute(BUYERS * 2));
    const counted = await client.query(`
      select (select count(*) from payments)::int as ours,
             (select count(*) from sandbox_yookassa_payments)::int as theirs`);
    sandboxPayments = counted.rows[0].theirs;
    if (counted.rows[0].ours !== total || sandboxPayments !== total)
      throw new Error(
        `payments: ours ${counted.rows[0].ours}, the sandbox's ${sandboxPayments}, buyers ${total}`,
      );
    await client.end();
  } finally {
    await service.stop();
    await database.drop();
  }
  const loadAfter = loadavg()[0]!.toFixed(2);
  const ms = (n: number) => (n < 10 ? n.toFixed(1) : String(Math.round(n)));
  const bare = rows.find((r) => r.name.startsWith('bare'))!;
  const body = `
Method: \`node bench/payments.ts\` (after \`pnpm --filter @kadr/api run build\`). The built service
(\`apps/api/dist/server.js\`) on a fresh PostgreSQL database (dropped after), the demo catalogue, sandbox
providers on (the sandbox YooKassa in the same process, its state in the same database), payment jobs
off. ${BUYERS.toLocaleString('en')} buyers (after ${WARM_UP} for warm-up), each a distinct anonymous session made
beforehand, ${CONCURRENCY} at a time: each calls createPayment for «${packageName}» (its first tariff, no trial)
and then checkPayment for the payment it got — pending, as the overlay's first poll finds it (no card
typed), so checkPayment asks the sandbox and settles nothing. Latency is measured per call by the
client (Node's fetch, keep-alive, in the bench process on the same 2 cores: it inflates every row
alike); requests/s is each call's count over the whole run (the two calls share it). Baselines in the
same run with the same client and ${CONCURRENCY} in flight: getProfile on the service, and a bare Fastify
route in its own process. Every buyer's payment was counted on both sides (ours and the sandbox's:
${sandboxPayments.toLocaleString('en')} each). Processes not pinned; load average (1 min) ${loadBefore} before,
${loadAfter} after: the 2 cores are shared with other sessions.

${table(
  ['Route', 'Requests', 'Requests/s', 'p50, ms', 'p99, ms', 'p99 / bare p99', 'Errors'],
  rows.map((r) => [r.name, r.requests, r.rps, ms(r.p50), ms(r.p99), (r.p99 / bare.p99).toFixed(1), r.errors]),
)}
`;
  writeSection('payments', 'Payments: createPayment and checkPayment under 100 concurrent buyers', body);
  console.log(body);
}

await main();
