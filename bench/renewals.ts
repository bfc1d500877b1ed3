// The renewal scheduler on a batch of 100 000 due subscriptions on PostgreSQL (issue 11; goal: the
// batch renewed in under 60 s, zero double charges, zero missed, counted on both sides).
// The scheduler (Renewals from the built bundle, dist/app.js) runs in this process the way a server's
// payment jobs run it, against the sandbox YooKassa in-process (its REST handler behind the same HTTP
// adapter as the real provider, no network hop; its state in the same database, a dozen statements a
// charge). Rows, each on a fresh seed of the same subscriptions:
// - the sandbox, with the settings a deployment sets for a day of many renewals (RENEWAL_BATCH=1000,
//   RENEWAL_CONCURRENCY=256; BENCH_RENEWALS_BATCH / _CONCURRENCY change them), and the defaults (500, 64);
// - an instant provider (in memory, replaying a key's payment like YooKassa) — the scheduler's own
//   cost, what is left of it when the provider's work is elsewhere, as in production;
// - the sandbox with the settings before issue 11's bench (batches of 50, 8 in flight) on a sample;
// - the baseline: INSERT … SELECT of as many payment rows in one statement (the floor of writing them).
// Seeding is set-based (generate_series). Run after `pnpm --filter @kadr/api run build`:
//   node bench/renewals.ts   (BENCH_RENEWALS=n subscriptions, BENCH_RENEWALS_SAMPLE=n for the old settings,
//   BENCH_RENEWALS_INSTANCES=n: the row of n scheduler instances on separate pools, 2 by default; 1 drops it)
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type * as Api from '../apps/api/src/exports.ts';
import { freshPostgres } from '../e2e/support/postgres.ts';
import { table, writeSection } from './lib/report.ts';

const N = Number(process.env.BENCH_RENEWALS ?? 100_000);
const SAMPLE = Number(process.env.BENCH_RENEWALS_SAMPLE ?? 5_000);
const INSTANCES = Number(process.env.BENCH_RENEWALS_INSTANCES ?? 2);
const GOAL_S = 60;
/** The payment jobs' settings (apps/api/src/modules/billing/payment-jobs.ts, renewals.ts). */
const BATCH = Number(process.env.BENCH_RENEWALS_BATCH ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_RENEWALS_CONCURRENCY ?? 256);
/** The service's defaults (apps/api/src/settings.ts RENEWAL_BATCH, RENEWAL_CONCURRENCY). */
const DEFAULTS = { batch: 500, concurrency: 64 };
const ONLY = process.env.BENCH_RENEWALS_ONLY;
const AMOUNT = 24_900;

const api = (await import(
  pathToFileURL(join(import.meta.dirname, '..', 'apps', 'api', 'dist', 'app.js')).href
)) as typeof Api;
type Provider = ConstructorParameters<typeof api.PaymentSettlement>[0]['provider'];
type Payment = Awaited<ReturnType<Provider['createPayment']>>;

interface Row {
  name: string;
  subscriptions: number;
  seconds: number;
  perSecond: number;
  providerCharges: number;
  ourCharges: number;
  doubles: number;
  missed: number;
  receipts: number;
  transactions: number;
  /** CPU time a renewal took in this process and in the database's backends (load-independent). */
  nodeCpuMs: number;
  pgCpuMs: number;
}

/**
 * CPU seconds the database's client backends have used so far, from /proc (clock ticks of 10 ms);
 * the pools stay connected through a run, so after minus before is the run's.
 */
async function backendCpuSeconds(client: pg.Client): Promise<number> {
  const { rows } = await client.query(
    `select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  );
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // A backend that ended meanwhile (or a database on another machine): not counted.
    }
  }
  return ticks / 100;
}

/** Seeds `n` due subscriptions with saved cards (ours and the sandbox's), all in set-based statements. */
async function seed(client: pg.Client, n: number): Promise<void> {
  console.log(`seeding ${n} due subscriptions`);
  await client.query(`
    truncate subscriptions, payments, receipts, payment_methods, profiles, tariffs, packages,
             sandbox_yookassa_payments, sandbox_yookassa_payment_methods, sandbox_yookassa_idempotence,
             sandbox_yookassa_receipts, sandbox_yookassa_notifications restart identity cascade`);
  await client.query(`
    insert into packages (key, name, pay_text, cost) values ('serialy', 'Сериалы', 'Оформить', 249);
    insert into tariffs (package_id, position, amount, period_months, pay_text) values (1, 0, ${AMOUNT}, 1, 'Оформить');`);
  await client.query(`insert into profiles (id) select g from generate_series(1, $1) g`, [n]);
  // The card's sandbox id: a UUID from the subscription's number, the same on both sides.
  await client.query(
    `insert into sandbox_yookassa_payment_methods (id, shop_id, card_kind, card, saved)
     select md5('card' || g)::uuid, '100500', 'success',
            '{"first6":"555555","last4":"4444","expiry_month":"12","expiry_year":"2035","card_type":"MasterCard"}',
            true
       from generate_series(1, $1) g`,
    [n],
  );
  await client.query(
    `insert into payment_methods (id, profile_id, provider, provider_method_id, first6, last4, card_type,
                                  expiry_month, expiry_year)
     select g, g, 'sandbox', md5('card' || g)::uuid::text, '555555', '4444', 'MasterCard', 12, 2035
       from generate_series(1, $1) g`,
    [n],
  );
  // Due an hour ago: confirmed, auto-renewing, web, the first tariff, the card.
  await client.query(
    `insert into subscriptions (id, profile_id, package_id, tariff_id, status, store_name, source, period_start,
                                period_end, auto_renew, payment_method_id, last_paid_at)
     select g, g, 1, 1, 'confirmed', 'web', 'payment', now() - interval '1 month 1 hour',
            now() - interval '1 hour', true, g, now() - interval '1 month 1 hour'
       from generate_series(1, $1) g`,
    [n],
  );
  for (const t of ['profiles', 'payment_methods', 'subscriptions'])
    await client.query(`select setval(pg_get_serial_sequence('${t}', 'id'), $1)`, [n]);
  await client.query('vacuum analyze');
}

/**
 * YooKassa without its work: a saved-card charge succeeds at once, kept in memory by idempotence
 * key (a repeat answers the first payment, as YooKassa does), and counted per subscription.
 */
function instantProvider(): Provider & { charges: Map<string, Payment> } {
  const charges = new Map<string, Payment>();
  const byId = new Map<string, Payment>();
  return {
    kind: 'sandbox',
    charges,
    async createPayment(params) {
      const earlier = charges.get(params.idempotenceKey);
      if (earlier) return earlier;
      const id = randomUUID();
      const payment = {
        id,
        status: 'succeeded',
        paid: true,
        amount: params.amount,
        description: params.description,
        created_at: new Date().toISOString(),
        captured_at: new Date().toISOString(),
        metadata: params.metadata ?? {},
        payment_method: {
          type: 'bank_card',
          id: params.payment_method_id ?? '',
          saved: true,
          card: {
            first6: '555555',
            last4: '4444',
            expiry_month: '12',
            expiry_year: '2035',
            card_type: 'MasterCard',
          },
        },
        refundable: true,
        test: true,
      } as Payment;
      charges.set(params.idempotenceKey, payment);
      byId.set(id, payment);
      return payment;
    },
    async getPayment(id) {
      const found = byId.get(id);
      if (!found) throw new Error(`no payment ${id}`);
      return found;
    },
    async getReceipts() {
      return [];
    },
    receiptUrl: () => null,
  };
}

/**
 * Transactions committed in the bench's database so far — each statement outside a transaction is one,
 * each explicit transaction one — from pg_stat_database, after the backends have flushed their counts.
 */
async function transactionsSoFar(client: pg.Client): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
  );
  return Number(rows[0].n);
}

/** Our side and the provider's side, counted per subscription. */
async function count(client: pg.Client, provider: 'sandbox' | Map<string, Payment>) {
  const ours = await client.query(`
    select count(*)::int as charges,
           count(*) filter (where n > 1)::int as doubles
      from (select subscription_id, count(*) as n from payments
             where kind = 'renewal' and status = 'succeeded' group by subscription_id) s`);
  const renewed = await client.query(`
    select count(*) filter (where period_end > now() + interval '20 days' and renewal_attempts = 0
                                  and status = 'confirmed')::int as renewed,
           count(*)::int as total
      from subscriptions`);
  const receipts = await client.query(
    `select count(*)::int as n from receipts r join payments p on p.id = r.payment_id where p.kind = 'renewal'`,
  );
  let providerCharges: number;
  let providerDoubles: number;
  let providerCovered: number;
  if (provider === 'sandbox') {
    const { rows } = await client.query(`
      select count(*)::int as charges, count(distinct sub)::int as covered,
             (count(*) - count(distinct sub))::int as doubles
        from (select object->'metadata'->>'kadr_subscription_id' as sub from sandbox_yookassa_payments
               where status = 'succeeded') s`);
    providerCharges = rows[0].charges;
    providerDoubles = rows[0].doubles;
    providerCovered = rows[0].covered;
  } else {
    const subs = [...provider.values()].map((p) => p.metadata?.kadr_subscription_id);
    providerCharges = subs.length;
    providerCovered = new Set(subs).size;
    providerDoubles = providerCharges - providerCovered;
  }
  const total = renewed.rows[0].total as number;
  return {
    providerCharges,
    ourCharges: ours.rows[0].charges as number,
    doubles: providerDoubles + (ours.rows[0].doubles as number),
    missed: Math.max(total - providerCovered, total - (renewed.rows[0].renewed as number)),
    receipts: receipts.rows[0].n as number,
  };
}

async function runScheduler(
  url: string,
  client: pg.Client,
  name: string,
  n: number,
  options: { provider: 'sandbox' | 'instant'; batch: number; concurrency?: number; instances?: number },
): Promise<Row> {
  await seed(client, n);
  const instances = options.instances ?? 1;
  const databases = await Promise.all(
    Array.from({ length: instances }, () =>
      api.createDatabase({ databaseUrl: url, dataDir: '' }, { poolSize: 10 }),
    ),
  );
  const instant = options.provider === 'instant' ? instantProvider() : undefined;
  try {
    const schedulers = databases.map((database) => {
      const sandbox = new api.YooKassaSandbox(database.db, api.systemClock, {
        webhooks: new api.SandboxWebhooks(database.db, api.systemClock),
      });
      const settlement = new api.PaymentSettlement({
        db: database.db,
        clock: api.systemClock,
        provider: instant ?? api.sandboxPaymentProvider(sandbox),
        contact: { fallbackEmail: 'receipts@kadr.example' },
      });
      return new api.Renewals({
        db: database.db,
        clock: api.systemClock,
        settlement,
        ...(options.concurrency ? { concurrency: options.concurrency } : {}),
      });
    });
    console.log(`${name}: renewing`);
    const before = await transactionsSoFar(client);
    const pgBefore = await backendCpuSeconds(client);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    // As PaymentJobs runs them: passes of one batch while whole batches come.
    await Promise.all(
      schedulers.map(async (renewals) => {
        for (;;) {
          const pass = await renewals.runOnce(options.batch);
          if (pass.unknown > 0) throw new Error(`${pass.unknown} charges with an unknown outcome`);
          if (pass.claimed < options.batch) return;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const pgCpu = (await backendCpuSeconds(client)) - pgBefore;
    const after = await transactionsSoFar(client);
    const counted = await count(client, instant ? instant.charges : 'sandbox');
    const row: Row = {
      name,
      subscriptions: n,
      seconds,
      perSecond: n / seconds,
      ...counted,
      // Less the two statements of the count itself.
      transactions: (after - before - 2) / n,
      nodeCpuMs: (cpu.user + cpu.system) / 1000 / n,
      pgCpuMs: (pgCpu * 1000) / n,
    };
    console.log(JSON.stringify(row));
    return row;
  } finally {
    await Promise.all(databases.map((d) => d.close()));
  }
}

/** The floor: as many payment rows written by one INSERT … SELECT (no provider, no per-row work). */
async function bareInsert(client: pg.Client, n: number): Promise<Row> {
  await seed(client, n);
  const pgBefore = await backendCpuSeconds(client);
  const started = performance.now();
  await client.query(`
    insert into payments (profile_id, package_id, tariff_id, subscription_id, kind, provider, idempotence_key,
                          amount, save_method, payment_method_id, status, fulfilled_at)
    select profile_id, package_id, tariff_id, id, 'renewal', 'sandbox', gen_random_uuid(), ${AMOUNT}, false,
           payment_method_id, 'succeeded', now()
      from subscriptions`);
  const seconds = (performance.now() - started) / 1000;
  const pgCpu = (await backendCpuSeconds(client)) - pgBefore;
  return {
    name: 'baseline: one INSERT … SELECT of the payment rows',
    subscriptions: n,
    seconds,
    perSecond: n / seconds,
    providerCharges: 0,
    ourCharges: n,
    doubles: 0,
    missed: 0,
    receipts: 0,
    transactions: 1 / n,
    nodeCpuMs: 0,
    pgCpuMs: (pgCpu * 1000) / n,
  };
}

async function main() {
  const database = await freshPostgres('kadr_bench_renewals');
  if (!database) throw new Error('PostgreSQL does not answer on 127.0.0.1:5432');
  const client = new pg.Client({ connectionString: database.url });
  const load = loadavg()[0]!.toFixed(2);
  try {
    await client.connect();
    const migrating = await api.createDatabase({ databaseUrl: database.url, dataDir: '' }, { poolSize: 2 });
    console.log('migrating');
    await api.migrateDatabase(migrating);
    await migrating.close();

    if (ONLY) {
      // An experiment: one row with the given settings, nothing written.
      await runScheduler(database.url, client, ONLY, N, {
        provider: ONLY === 'instant' ? 'instant' : 'sandbox',
        batch: BATCH,
        concurrency: CONCURRENCY,
        instances: INSTANCES,
      });
      return;
    }
    const rows: Row[] = [];
    rows.push(await bareInsert(client, N));
    rows.push(
      await runScheduler(database.url, client, `sandbox, batches of ${BATCH}, ${CONCURRENCY} in flight`, N, {
        provider: 'sandbox',
        batch: BATCH,
        concurrency: CONCURRENCY,
      }),
    );
    rows.push(
      await runScheduler(
        database.url,
        client,
        `instant provider, batches of ${BATCH}, ${CONCURRENCY} in flight`,
        N,
        {
          provider: 'instant',
          batch: BATCH,
          concurrency: CONCURRENCY,
        },
      ),
    );
    if (INSTANCES > 1)
      rows.push(
        await runScheduler(
          database.url,
          client,
          `sandbox, ${INSTANCES} instances, batches of ${BATCH}, ${CONCURRENCY} in flight each`,
          N,
          {
            provider: 'sandbox',
            batch: BATCH,
            concurrency: CONCURRENCY,
            instances: INSTANCES,
          },
        ),
      );
    rows.push(
      await runScheduler(
        database.url,
        client,
        `sandbox, the service's default settings (batches of ${DEFAULTS.batch}, ${DEFAULTS.concurrency} in flight), sample`,
        SAMPLE,
        { provider: 'sandbox', ...DEFAULTS },
      ),
    );
    const loadAfter = loadavg()[0]!.toFixed(2);

    const oneInstance = rows[1]!;
    const instantRow = rows[2]!;
    // The goal is the service's: with several instances (the scheduler is built for any number), the best row.
    const sandboxRow = INSTANCES > 1 && rows[3]!.seconds < oneInstance.seconds ? rows[3]! : oneInstance;
    const defaultsRow = rows.at(-1)!;
    const cpu = sandboxRow.nodeCpuMs + sandboxRow.pgCpuMs;
    const clean = rows.every((r) => r.doubles === 0 && r.missed === 0);
    const met = sandboxRow.seconds < GOAL_S && clean;
    const s = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));
    const body = `
Method: \`node bench/renewals.ts\` (after \`pnpm --filter @kadr/api run build\`). A fresh PostgreSQL database
on 127.0.0.1:5432 (the migrations, then dropped); every row seeds ${N.toLocaleString('en')} (the sample row
${SAMPLE.toLocaleString('en')}) due subscriptions — confirmed, auto-renewing, an hour past their period's
end, each with its own saved card on our side and at the sandbox — with \`generate_series\` in a few
statements, then runs \`Renewals.runOnce(batch)\` from the built bundle as \`PaymentJobs\` does (one pass
after another while whole batches come) until nothing is due, in this process. The provider is the
sandbox YooKassa in-process (its REST handler behind the same HTTP adapter the real YooKassa is called
through, without the network hop; its payments, idempotence keys, receipts and notifications in the
same database), or an in-memory provider that charges at once and replays a key's payment (what the
scheduler costs when the provider's work is done elsewhere, as in production). Counted after each row:
succeeded charges on the provider's side (the sandbox's payments by their \`kadr_subscription_id\`, or
the in-memory ones) and ours (succeeded \`renewal\` payments per subscription); a double is a second
succeeded charge of one subscription on either side, a missed one a subscription without its charge or
not renewed to the next period (confirmed, attempts 0). Transactions per renewal: the database's
\`xact_commit + xact_rollback\` over the row (each statement outside a transaction counts one, each
explicit transaction one, whatever its statements) — round trips are more.
Load average (1 min) ${load} before, ${loadAfter} after: the 2 cores are shared with other sessions.

${table(
  [
    'Run',
    'Subscriptions',
    'Wall time, s',
    'Renewals/s',
    'Provider charges',
    'Our charges',
    'Double',
    'Missed',
    'Receipts',
    'Transactions/renewal',
    'CPU/renewal, ms: this process',
    'CPU/renewal, ms: PostgreSQL',
  ],
  rows.map((r) => [
    r.name,
    r.subscriptions,
    s(r.seconds),
    Math.round(r.perSecond),
    r.providerCharges,
    r.ourCharges,
    r.doubles,
    r.missed,
    r.receipts,
    r.transactions.toFixed(2),
    r.nodeCpuMs.toFixed(3),
    r.pgCpuMs.toFixed(3),
  ]),
)}

Goal (${N.toLocaleString('en')} in under ${GOAL_S} s with the sandbox, zero double, zero missed): **${met ? 'met' : 'not met'}**
— ${s(sandboxRow.seconds)} s, ${Math.round(sandboxRow.perSecond)} renewals/s (${sandboxRow.name}; one instance: ${s(oneInstance.seconds)} s); with the service's defaults ${Math.round(defaultsRow.perSecond)}/s on the sample
(${Math.round(N / defaultsRow.perSecond)} s for ${N.toLocaleString('en')} at that rate). The scheduler's own share: ${Math.round(instantRow.perSecond)} renewals/s
with the instant provider (${s(instantRow.seconds)} s). CPU a renewal with the sandbox: ${cpu.toFixed(2)} ms on the
two sides together (this process ${sandboxRow.nodeCpuMs.toFixed(2)}, PostgreSQL ${sandboxRow.pgCpuMs.toFixed(2)}), so two idle cores could do
${N.toLocaleString('en')} in about ${Math.round((N * cpu) / 2000)} s of CPU each; the rest of the wall time is the other sessions' load.
Issue 11's first measurement (the same bench): 479 s, 209/s, 3.0 transactions a renewal; the second
round grouped renewals and the sandbox's saved-card charges (decision 018, Scale).
`;
    writeSection('renewals', 'Renewals: 100 000 due subscriptions on PostgreSQL', body);
    console.log(body);
  } finally {
    await client.end().catch(() => {});
    await database.drop();
  }
}

await main();
