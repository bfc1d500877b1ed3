import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { type Db, type Queryable, rowsOf, type Tx } from '../../../db/client';
import {
  sandboxYookassaIdempotence,
  sandboxYookassaPaymentMethods,
  sandboxYookassaPayments,
  sandboxYookassaReceipts,
} from '../../../db/schema';
import type { Payment, Receipt, ReceiptRequest } from '../schemas';

/** A sandbox payment row. */
export type PaymentRow = typeof sandboxYookassaPayments.$inferSelect;
/** A sandbox card (payment method) row. */
export type MethodRow = typeof sandboxYookassaPaymentMethods.$inferSelect;
/** A sandbox receipt row. */
export type ReceiptRow = typeof sandboxYookassaReceipts.$inferSelect;
/** An idempotence key row. */
export type IdempotenceRow = typeof sandboxYookassaIdempotence.$inferSelect;

/** Whether `id` may be looked up in a uuid column: anything else is an error there, not a miss. */
export const isUuid = (id: string) => /^[0-9a-f-]{36}$/.test(id);

// --- idempotence keys -------------------------------------------------------------------------------

/** The shop's idempotence key, live or not, or undefined. */
export async function idempotenceKey(
  db: Queryable,
  shopId: string,
  key: string,
): Promise<IdempotenceRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxYookassaIdempotence)
    .where(and(eq(sandboxYookassaIdempotence.shopId, shopId), eq(sandboxYookassaIdempotence.key, key)));
  return row;
}

/**
 * Claims an idempotence key in one statement: a new key, or one expired by `now` (which may be used
 * again). False when the key is live; a parallel claim of the same key waits on this one.
 */
export async function claimIdempotenceKey(
  tx: Tx,
  claim: { shopId: string; key: string; hash: string; now: Date; expiresAt: Date },
): Promise<boolean> {
  const claimed = await tx.execute(sql`
    insert into sandbox_yookassa_idempotence (shop_id, key, request_hash, answer, expires_at)
    values (${claim.shopId}, ${claim.key}, ${claim.hash}, '{}'::jsonb, ${claim.expiresAt.toISOString()})
    on conflict (shop_id, key) do update
       set request_hash = excluded.request_hash, answer = excluded.answer, expires_at = excluded.expires_at
     where sandbox_yookassa_idempotence.expires_at <= ${claim.now.toISOString()}
    returning 1 as claimed`);
  return rowsOf(claimed).length === 1;
}

/** Stores a claimed key's answer. */
export async function rememberAnswer(tx: Tx, shopId: string, key: string, answer: unknown): Promise<void> {
  await tx
    .update(sandboxYookassaIdempotence)
    .set({ answer })
    .where(and(eq(sandboxYookassaIdempotence.shopId, shopId), eq(sandboxYookassaIdempotence.key, key)));
}

// --- payments ---------------------------------------------------------------------------------------

/** Inserts a new payment. */
export async function insertPayment(tx: Tx, row: typeof sandboxYookassaPayments.$inferInsert): Promise<void> {
  await tx.insert(sandboxYookassaPayments).values(row);
}

/** The shop's payment by id, or undefined. */
export async function paymentById(
  db: Queryable,
  shopId: string,
  id: string,
): Promise<PaymentRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(sandboxYookassaPayments)
    .where(and(eq(sandboxYookassaPayments.id, id), eq(sandboxYookassaPayments.shopId, shopId)));
  return row;
}

/** The payment a confirmation token belongs to, or undefined. */
export async function paymentByToken(db: Queryable, token: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxYookassaPayments)
    .where(eq(sandboxYookassaPayments.confirmationToken, token));
  return row;
}

/** A payment locked for the rest of the transaction (FOR UPDATE). */
export async function lockPayment(tx: Tx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(sandboxYookassaPayments)
    .where(eq(sandboxYookassaPayments.id, id))
    .for('update');
  return row;
}

/** Changes a payment; returns it as it is now. */
export async function updatePayment(
  tx: Tx,
  id: string,
  change: Partial<Pick<PaymentRow, 'status' | 'object' | 'threeDsMethodId'>>,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(sandboxYookassaPayments)
    .set(change)
    .where(eq(sandboxYookassaPayments.id, id))
    .returning();
  return row;
}

/** Pending payments whose confirmation token expired by `now`, at most `limit`. */
export function paymentsPastToken(db: Db, now: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(sandboxYookassaPayments)
    .where(
      and(eq(sandboxYookassaPayments.status, 'pending'), lte(sandboxYookassaPayments.tokenExpiresAt, now)),
    )
    .limit(limit);
}

// --- payment methods (cards) ------------------------------------------------------------------------

/** A card by id, or undefined. */
export async function methodById(db: Queryable, id: string): Promise<MethodRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxYookassaPaymentMethods)
    .where(eq(sandboxYookassaPaymentMethods.id, id));
  return row;
}

/** The shop's cards of a group of charges in one query, in the order of `ids` (undefined: no such card). */
export async function methodsByIds(
  db: Db,
  shopId: string,
  ids: readonly string[],
): Promise<Array<MethodRow | undefined>> {
  const rows = await db
    .select()
    .from(sandboxYookassaPaymentMethods)
    .where(
      and(
        sql`${sandboxYookassaPaymentMethods.id} = any(${sql.param([...new Set(ids)])}::uuid[])`,
        eq(sandboxYookassaPaymentMethods.shopId, shopId),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id));
}

/** Inserts a card typed into the checkout. */
export async function insertMethod(tx: Tx, method: MethodRow): Promise<void> {
  await tx.insert(sandboxYookassaPaymentMethods).values(method);
}

/** Counts a successful charge of a card, saving it if `saved`. */
export async function countCharge(tx: Tx, id: string, saved: boolean): Promise<void> {
  await tx
    .update(sandboxYookassaPaymentMethods)
    .set({ saved, charges: sql`${sandboxYookassaPaymentMethods.charges} + 1` })
    .where(eq(sandboxYookassaPaymentMethods.id, id));
}

/** Sets the reason later charges of a card fail with (null: none); false when there is no such card. */
export async function setDeclineReason(db: Db, id: string, reason: string | null): Promise<boolean> {
  if (!isUuid(id)) return false;
  const updated = await db
    .update(sandboxYookassaPaymentMethods)
    .set({ declineReason: reason })
    .where(eq(sandboxYookassaPaymentMethods.id, id))
    .returning({ id: sandboxYookassaPaymentMethods.id });
  return updated.length > 0;
}

/** One saved-card charge as writeSavedCharges writes it (`seen_*`: the card as the charge read it). */
export interface ChargeWrite {
  method_id: string;
  seen_charges: number;
  seen_reason: string | null;
  key: string;
  hash: string;
  expires_at: Date;
  payment_id: string;
  status: string;
  object: Payment;
  receipt: ReceiptRequest | null;
  succeeded: boolean;
  receipts: Array<{ id: string; object: Receipt; customer: unknown; registers_at: Date }>;
  notifications: Array<{ event: string; body: unknown; next_attempt_at: Date }>;
}

/**
 * A group of saved-card charges in one statement (each card and key at most once in a group): each
 * card locked only if it is still as its charge read it; the key claimed only then; and only for a
 * claimed key the payment in its final state, the card's count, the receipt, the notification and
 * the key's answer. Answers, per charge, whether its card was as read and whether it claimed the key.
 */
export async function writeSavedCharges(
  db: Db,
  shopId: string,
  at: Date,
  charges: readonly ChargeWrite[],
): Promise<Array<{ card: boolean; claimed: boolean }>> {
  const now = at.toISOString();
  const input = charges.map((c, idx) => ({ ...c, idx }));
  const result = await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as i(
        idx integer, method_id uuid, seen_charges integer, seen_reason text, key text, hash text,
        expires_at timestamptz, payment_id uuid, status text, object jsonb, receipt jsonb,
        succeeded boolean, receipts jsonb, notifications jsonb)
    ), card as (
      select i.idx from sandbox_yookassa_payment_methods m join input i on m.id = i.method_id
       where m.shop_id = ${shopId} and m.saved and m.charges = i.seen_charges
         and m.decline_reason is not distinct from i.seen_reason
       for update of m
    ), claim as (
      insert into sandbox_yookassa_idempotence (shop_id, key, request_hash, answer, expires_at)
      select ${shopId}, i.key, i.hash, i.object, i.expires_at from input i join card on card.idx = i.idx
      on conflict (shop_id, key) do update
         set request_hash = excluded.request_hash, answer = excluded.answer, expires_at = excluded.expires_at
       where sandbox_yookassa_idempotence.expires_at <= ${now}::timestamptz
      returning key
    ), claimed as (
      select i.* from input i join claim on claim.key = i.key
    ), counted as (
      update sandbox_yookassa_payment_methods m set charges = m.charges + 1
        from claimed c where m.id = c.method_id and c.succeeded
    ), payment as (
      insert into sandbox_yookassa_payments (id, shop_id, status, object, receipt, save_payment_method, created_at)
      select c.payment_id, ${shopId}, c.status, c.object, c.receipt, false, ${now}::timestamptz from claimed c
      returning id
    ), receipt as (
      insert into sandbox_yookassa_receipts (id, payment_id, object, customer, registers_at, created_at)
      select r.id, payment.id, r.object, r.customer, r.registers_at, ${now}::timestamptz
        from claimed c join payment on payment.id = c.payment_id,
             jsonb_to_recordset(c.receipts) as r(id text, object jsonb, customer jsonb, registers_at timestamptz)
    ), notified as (
      insert into sandbox_yookassa_notifications (payment_id, event, body, next_attempt_at, created_at)
      select payment.id, n.event, n.body, n.next_attempt_at, ${now}::timestamptz
        from claimed c join payment on payment.id = c.payment_id,
             jsonb_to_recordset(c.notifications) as n(event text, body jsonb, next_attempt_at timestamptz)
    )
    select i.idx, card.idx is not null as card, claim.key is not null as claimed
      from input i left join card on card.idx = i.idx left join claim on claim.key = i.key`);
  const byIdx = new Map(
    rowsOf<{ idx: number; card: boolean; claimed: boolean }>(result).map((r) => [r.idx, r]),
  );
  return charges.map((_, idx) => ({
    card: byIdx.get(idx)?.card ?? false,
    claimed: byIdx.get(idx)?.claimed ?? false,
  }));
}

// --- receipts ---------------------------------------------------------------------------------------

/** Inserts a receipt of a succeeded payment. */
export async function insertReceipt(tx: Tx, row: typeof sandboxYookassaReceipts.$inferInsert): Promise<void> {
  await tx.insert(sandboxYookassaReceipts).values(row);
}

/** A receipt by id, or undefined. */
export async function receiptById(db: Db, id: string): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(sandboxYookassaReceipts).where(eq(sandboxYookassaReceipts.id, id));
  return row;
}

/** A payment's receipts, oldest first. */
export async function receiptsOfPayment(db: Db, paymentId: string): Promise<ReceiptRow[]> {
  if (!isUuid(paymentId)) return [];
  return db
    .select()
    .from(sandboxYookassaReceipts)
    .where(eq(sandboxYookassaReceipts.paymentId, paymentId))
    .orderBy(asc(sandboxYookassaReceipts.createdAt));
}

/** A payment's receipts still pending whose registration time has come by `now`. */
export async function receiptsDue(db: Db, paymentId: string, now: Date): Promise<ReceiptRow[]> {
  if (!isUuid(paymentId)) return [];
  return db
    .select()
    .from(sandboxYookassaReceipts)
    .where(
      and(
        eq(sandboxYookassaReceipts.paymentId, paymentId),
        lte(sandboxYookassaReceipts.registersAt, now),
        sql`${sandboxYookassaReceipts.object}->>'status' = 'pending'`,
      ),
    );
}

/** Stores a payment's registered receipts and marks its `receipt_registration` succeeded, together. */
export async function storeRegistered(
  db: Db,
  paymentId: string,
  receipts: ReadonlyArray<{ id: string; object: Receipt }>,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { id, object } of receipts)
      await tx.update(sandboxYookassaReceipts).set({ object }).where(eq(sandboxYookassaReceipts.id, id));
    await tx.execute(sql`
      update sandbox_yookassa_payments
         set object = jsonb_set(object, '{receipt_registration}', '"succeeded"')
       where id = ${paymentId} and object ? 'receipt_registration'`);
  });
}
