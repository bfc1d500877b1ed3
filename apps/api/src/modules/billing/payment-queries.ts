import { and, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import { type Queryable, rowsOf, type Tx } from '../../db/client';
import { packages, payments, receipts, tariffs } from '../../db/schema';

// Payments and their receipts: what createPayment makes, what settling a provider's answer finds and
// records (a success's rows are fulfil.ts's), and what reconciliation looks for. The records are
// idempotent, like webhooks need.

/** Our payment row. */
export type PaymentRow = typeof payments.$inferSelect;

/** A payment as reconciliation claims it. */
export interface StalePayment {
  id: number;
  provider_payment_id: string | null;
  kind: 'first' | 'renewal';
}

/** One payment, or undefined. */
export async function paymentById(db: Queryable, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** One payment locked FOR UPDATE (fulfilment's), or undefined. */
export async function paymentForUpdate(tx: Tx, id: number): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

/** Whether, and for which subscription, a payment was fulfilled; undefined when there is no such row. */
export async function fulfilmentOf(db: Queryable, id: number) {
  const [row] = await db
    .select({ subscriptionId: payments.subscriptionId, fulfilledAt: payments.fulfilledAt })
    .from(payments)
    .where(eq(payments.id, id));
  return row;
}

/** The package name and tariff period of payments, for their receipts' descriptions. */
export function packagesPaidFor(db: Queryable, ids: readonly number[]) {
  return db
    .select({ id: payments.id, name: packages.name, months: tariffs.periodMonths })
    .from(payments)
    .innerJoin(packages, eq(packages.id, payments.packageId))
    .leftJoin(tariffs, eq(tariffs.id, payments.tariffId))
    .where(inArray(payments.id, [...ids]));
}

/**
 * A profile's newest pending first payment for exactly this purchase (package, provider, tariff,
 * price, trial) made at `since` or later, or undefined.
 */
export async function openFirstPayment(
  tx: Tx,
  match: {
    profileId: number;
    packageId: number;
    provider: string;
    tariffId: number;
    amount: number;
    currency: string;
    isTrial: boolean;
    since: Date;
  },
): Promise<PaymentRow | undefined> {
  const [open] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.profileId, match.profileId),
        eq(payments.packageId, match.packageId),
        eq(payments.kind, 'first'),
        eq(payments.status, 'pending'),
        eq(payments.provider, match.provider),
        eq(payments.tariffId, match.tariffId),
        eq(payments.amount, match.amount),
        eq(payments.currency, match.currency),
        eq(payments.isTrial, match.isTrial),
        gte(payments.createdAt, match.since),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return open;
}

/** Inserts a payment row; answers it. */
export async function insertPayment(tx: Tx, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row!;
}

/** Changes a payment. */
export async function updatePayment(
  db: Queryable,
  id: number,
  change: Partial<typeof payments.$inferInsert>,
): Promise<void> {
  await db.update(payments).set(change).where(eq(payments.id, id));
}

/** Stores the provider's id of our payment unless it has one. */
export async function storeProviderPaymentId(
  db: Queryable,
  id: number,
  providerPaymentId: string,
  now: Date,
): Promise<void> {
  await db
    .update(payments)
    .set({ providerPaymentId, updatedAt: now })
    .where(and(eq(payments.id, id), isNull(payments.providerPaymentId)));
}

/** Stores the provider's id of our payment unless it has one, leaving updated_at alone. */
export async function fillProviderPaymentId(db: Queryable, id: number, providerPaymentId: string) {
  await db
    .update(payments)
    .set({ providerPaymentId: sql`coalesce(${payments.providerPaymentId}, ${providerPaymentId})` })
    .where(eq(payments.id, id));
}

/** Our row of a provider's payment, found by the provider's id; `id`, `profileId`: only that one of ours. */
export async function paymentOfProvider(
  db: Queryable,
  provider: string,
  providerPaymentId: string,
  only: { id?: number; profileId?: number } = {},
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        only.id === undefined ? undefined : eq(payments.id, only.id),
        eq(payments.provider, provider),
        eq(payments.providerPaymentId, providerPaymentId),
        only.profileId === undefined ? undefined : eq(payments.profileId, only.profileId),
      ),
    );
  return row;
}

/**
 * Our payment `id` of `provider` takes the provider's id when it has none yet; answers the row when
 * it did, undefined otherwise.
 */
export async function adoptProviderPayment(
  db: Queryable,
  id: number,
  provider: string,
  providerPaymentId: string,
  now: Date,
): Promise<PaymentRow | undefined> {
  const [adopted] = await db
    .update(payments)
    .set({ providerPaymentId, updatedAt: now })
    .where(and(eq(payments.id, id), eq(payments.provider, provider), isNull(payments.providerPaymentId)))
    .returning();
  return adopted;
}

/**
 * Marks a pending payment canceled with the provider's cancellation_details; a payment already
 * succeeded or canceled is left as it is. Answers whether it changed.
 */
export async function recordPaymentCanceled(
  db: Queryable,
  paymentId: number,
  details: { party: string; reason: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({
      status: 'canceled',
      cancellationParty: details.party,
      cancellationReason: details.reason,
      updatedAt: now,
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * Claims at most `limit` of a provider's payments pending since `before`, for `now`: their updated_at
 * moves to `now`, so another pass skips them (FOR UPDATE SKIP LOCKED: nor does one running meanwhile).
 */
export async function claimStalePayments(
  db: Queryable,
  provider: string,
  now: Date,
  before: Date,
  limit: number,
): Promise<StalePayment[]> {
  return rowsOf<StalePayment>(
    await db.execute(sql`
      update payments set updated_at = ${now.toISOString()}
       where id in (
         select id from payments
          where status = 'pending' and provider = ${provider}
            and updated_at <= ${before.toISOString()}
          order by updated_at, id
          limit ${limit}
          for update skip locked)
      returning id, provider_payment_id, kind`),
  );
}

/** A profile's receipts, newest first. */
export function receiptsOf(db: Queryable, profileId: number) {
  return db
    .select()
    .from(receipts)
    .where(eq(receipts.profileId, profileId))
    .orderBy(desc(receipts.createdAt), desc(receipts.id));
}

/** Inserts a payment's receipt row unless it has one. */
export async function insertReceipt(tx: Tx, values: typeof receipts.$inferInsert): Promise<void> {
  await tx.insert(receipts).values(values).onConflictDoNothing();
}

/**
 * Records what the provider says of a payment's receipt (its id, status, page and registration
 * time); listReceipts shows a succeeded one as a link. A registered receipt is not set back.
 */
export async function recordReceipt(
  db: Queryable,
  paymentId: number,
  receipt: {
    providerReceiptId: string;
    status: 'pending' | 'succeeded' | 'canceled';
    url: string | null;
    registeredAt: Date | null;
  },
): Promise<void> {
  await db
    .update(receipts)
    .set({
      providerReceiptId: receipt.providerReceiptId,
      status: receipt.status,
      url: receipt.url,
      registeredAt: receipt.registeredAt,
    })
    .where(and(eq(receipts.paymentId, paymentId), ne(receipts.status, 'succeeded')));
}

/** How many receipts of a provider's payments made before `before` are still unregistered. */
export async function unregisteredReceiptCount(
  db: Queryable,
  provider: string,
  before: Date,
): Promise<number> {
  const [counted] = rowsOf<{ overdue: number }>(
    await db.execute(sql`
      select count(*)::int as overdue
        from receipts r join payments p on p.id = r.payment_id
       where r.status = 'pending' and p.provider = ${provider}
         and r.created_at < ${before.toISOString()}`),
  );
  return Number(counted?.overdue ?? 0);
}

/**
 * At most `limit` unregistered receipts of a provider's payments (that have the provider's id) made
 * between `from` and `to`, oldest first.
 */
export async function unregisteredReceipts(
  db: Queryable,
  provider: string,
  made: { from: Date; to: Date },
  limit: number,
) {
  return rowsOf<{ payment_id: number; provider_payment_id: string }>(
    await db.execute(sql`
      select r.payment_id, p.provider_payment_id
        from receipts r join payments p on p.id = r.payment_id
       where r.status = 'pending' and p.provider = ${provider}
         and p.provider_payment_id is not null
         and r.created_at <= ${made.to.toISOString()}
         and r.created_at >= ${made.from.toISOString()}
       order by r.created_at, r.id
       limit ${limit}`),
  );
}
