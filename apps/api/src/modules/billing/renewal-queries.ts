import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client';
import type { ReceiptItem } from '../../db/schema';
import { packages, paymentMethods, payments, profiles, subscriptions, tariffs } from '../../db/schema';
import type { PaymentRow } from './payment-queries';
import type { SubscriptionRow } from './subscription-queries';

// The renewal scheduler's statements (renewals.ts), set-based: each claims, reads, inserts or settles a
// whole batch of renewals at once, and fulfilRenewals' one statement.

/**
 * Ends the live subscriptions of `store` that will not renew — cancelled ones, and confirmed ones
 * without auto-renewal — whose period is over at `now`, at their period's end; answers how many.
 */
export async function lapseEnded(db: Queryable, store: string, now: Date): Promise<number> {
  const ended = await db
    .update(subscriptions)
    .set({ endedAt: sql`${subscriptions.periodEnd}`, autoRenew: false, updatedAt: now })
    .where(
      and(
        sql`${subscriptions.endedAt} is null`,
        eq(subscriptions.storeName, store),
        sql`${subscriptions.periodEnd} <= ${now.toISOString()}`,
        sql`(${subscriptions.status} = 'cancelled' or (${subscriptions.status} = 'confirmed' and not ${subscriptions.autoRenew}))`,
      ),
    )
    .returning({ id: subscriptions.id });
  return ended.length;
}

/**
 * Claims at most `batch` subscriptions of `store` due for renewal at `now` until `lease` (one statement;
 * rows another pass holds are skipped), and answers their rows.
 */
export async function claimDue(
  db: Queryable,
  store: string,
  now: string,
  lease: string,
  batch: number,
): Promise<SubscriptionRow[]> {
  const claimed = rowsOf<{ id: number }>(
    await db.execute(sql`
      update subscriptions set renewal_claimed_until = ${lease}
       where id in (
         select id from subscriptions
          where ended_at is null and auto_renew and store_name = ${store} and period_end is not null
            and ((status = 'confirmed' and period_end <= ${now})
                 or (status = 'suspended' and next_retry_at <= ${now}))
            and (renewal_claimed_until is null or renewal_claimed_until <= ${now})
          order by coalesce(next_retry_at, period_end), id
          limit ${batch}
          for update skip locked)
      returning id`),
  );
  const ids = claimed.map((r) => r.id);
  if (ids.length === 0) return [];
  return db.select().from(subscriptions).where(inArray(subscriptions.id, ids));
}

/** Ends the claims on subscriptions. */
export async function releaseClaims(db: Queryable, subscriptionIds: readonly number[]): Promise<void> {
  await db
    .update(subscriptions)
    .set({ renewalClaimedUntil: null })
    .where(inArray(subscriptions.id, [...subscriptionIds]));
}

/** What the charges of claimed subscriptions need, as the rows are now: package, tariff, card, phone. */
export function chargeDetails(db: Queryable, subscriptionIds: readonly number[]) {
  return db
    .select({
      id: subscriptions.id,
      // As the row is now: a sign-in since the claim may have moved it to the phone's profile or
      // ended it in a merge (decision 019); an ended row is not charged.
      profileId: subscriptions.profileId,
      endedAt: subscriptions.endedAt,
      pack: packages.name,
      tariff: tariffs,
      providerMethodId: paymentMethods.providerMethodId,
      methodId: paymentMethods.id,
      phone: profiles.phone,
    })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))
    .leftJoin(tariffs, eq(tariffs.id, subscriptions.tariffId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, subscriptions.paymentMethodId))
    .where(inArray(subscriptions.id, [...subscriptionIds]));
}

/** One renewal payment row to make. */
export interface RenewalPaymentValues {
  profile_id: number;
  package_id: number;
  tariff_id: number | null;
  subscription_id: number;
  idempotence_key: string;
  amount: number;
  currency: string;
  payment_method_id: number;
  customer: { phone: string } | { email: string };
}

/**
 * Inserts renewal payment rows of `provider` made at `now`, one parameter for the whole batch (a row
 * list of drizzle's insert would be 15 a row); a key made before (a repeat after a crash) is left as
 * it is. Answers the rows of the keys, made now or before.
 */
export async function insertRenewalPayments(
  db: Queryable,
  provider: string,
  now: Date,
  made: RenewalPaymentValues[],
): Promise<PaymentRow[]> {
  await db.execute(sql`
      insert into payments (profile_id, package_id, tariff_id, subscription_id, kind, provider, idempotence_key,
                            amount, currency, save_method, payment_method_id, customer, created_at, updated_at)
      select m.profile_id, m.package_id, m.tariff_id, m.subscription_id, 'renewal', ${provider},
             m.idempotence_key, m.amount, m.currency, false, m.payment_method_id, m.customer,
             ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(made)}::jsonb) as m(
               profile_id integer, package_id integer, tariff_id integer, subscription_id integer,
               idempotence_key uuid, amount integer, currency text, payment_method_id integer, customer jsonb)
      on conflict (idempotence_key) do nothing`);
  return db
    .select()
    .from(payments)
    .where(sql`${payments.idempotenceKey} = any(${sql.param(made.map((m) => m.idempotence_key))}::uuid[])`);
}

/** Which of the subscriptions are live (not ended). */
export async function liveIds(db: Queryable, subscriptionIds: readonly number[]): Promise<Set<number>> {
  const live = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(inArray(subscriptions.id, [...subscriptionIds]), isNull(subscriptions.endedAt)));
  return new Set(live.map((l) => l.id));
}

/** Deletes the payments among `ids` that never reached the provider (no provider id). */
export async function deleteUnsentPayments(db: Queryable, ids: readonly number[]): Promise<void> {
  await db.delete(payments).where(and(inArray(payments.id, [...ids]), isNull(payments.providerPaymentId)));
}

/** One succeeded renewal charge for fulfilRenewals' statement. */
export interface RenewalPaid {
  payment_id: number;
  provider_payment_id: string;
  customer: { phone?: string; email?: string };
  description: string;
  /** The receipt item, its amount filled in by the statement from the payment row. */
  item: ReceiptItem;
}

/**
 * fulfilRenewals' one statement (fulfil.ts): the payments still unfulfilled whose subscription is live
 * turn succeeded at `now`; their subscriptions get the next period (from the old end when paid within
 * `lateHours` of it, else from now; confirmed, attempts reset, the claim ended) and their receipt rows
 * are inserted. Answers the payments it fulfilled with their subscriptions.
 */
export async function fulfilRenewalsStatement(
  db: Queryable,
  now: string,
  lateHours: number,
  paid: RenewalPaid[],
): Promise<Array<{ paymentId: number; subscriptionId: number }>> {
  // Paid within the retry schedule, the next period continues from the due date; later, from now.
  const start = sql`(case when s.period_end is not null
    and ${now}::timestamptz - s.period_end <= make_interval(hours => ${lateHours})
    then s.period_end else ${now}::timestamptz end)`;
  return rowsOf(
    await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(paid)}::jsonb)
        as i(payment_id integer, provider_payment_id text, customer jsonb, description text, item jsonb)
    ), paid as (
      update payments
         set status = 'succeeded', fulfilled_at = ${now}::timestamptz, updated_at = ${now}::timestamptz,
             provider_payment_id = coalesce(payments.provider_payment_id, input.provider_payment_id)
        from input
       where payments.id = input.payment_id and payments.fulfilled_at is null and payments.kind = 'renewal'
         and exists (select 1 from subscriptions
                      where subscriptions.id = payments.subscription_id and subscriptions.ended_at is null)
      returning payments.id, payments.profile_id, payments.subscription_id, payments.tariff_id,
                payments.payment_method_id, payments.amount, payments.currency,
                input.customer, input.description, input.item
    ), renewed as (
      -- a data-modifying CTE runs whether or not it is read
      update subscriptions s
         set status = 'confirmed', is_trial = false,
             period_start = ${start},
             period_end = ((${start} at time zone 'UTC')
               + make_interval(months => coalesce(
                   (select period_months from tariffs where id = paid.tariff_id), 1))) at time zone 'UTC',
             last_paid_at = ${now}::timestamptz, renewal_attempts = 0, next_retry_at = null,
             payment_method_id = coalesce(paid.payment_method_id, s.payment_method_id),
             renewal_claimed_until = null, updated_at = ${now}::timestamptz
        from paid
       where s.id = paid.subscription_id
      returning s.id, s.profile_id
    ), receipt as (
      insert into receipts (payment_id, profile_id, status, description, amount, items, customer, created_at)
      select paid.id, renewed.profile_id, 'pending', paid.description, paid.amount,
             jsonb_build_array(paid.item || jsonb_build_object('amount',
               jsonb_build_object('value', to_char(paid.amount / 100.0, 'FM999999999990.00'),
                                  'currency', paid.currency))),
             paid.customer, ${now}::timestamptz
        from paid join renewed on renewed.id = paid.subscription_id where paid.amount > 0
      on conflict do nothing
    )
    select paid.id as "paymentId", paid.subscription_id as "subscriptionId" from paid`),
  );
}
