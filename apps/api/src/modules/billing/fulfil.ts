import { eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import {
  packages,
  paymentMethods,
  payments,
  profiles,
  type ReceiptItem,
  receipts,
  subscriptions,
  tariffs,
  trialUses,
} from '../../db/schema';
import { cardKeyOf, trialHistory } from './queries';
import {
  addMonths,
  isLive,
  periodAfterPayment,
  RENEWAL_RETRY_HOURS,
  trialEligible,
  WEB_STORE,
} from './subscription-rules';
import { liveSubscription, stateOf } from './subscriptions';

/** VAT code of the receipt items: 1 = «без НДС» (YooKassa's vat_code table). */
export const RECEIPT_VAT_CODE = 1;

/** The card a provider reports for a succeeded payment. */
export interface PaidCard {
  /** The provider's payment_method id. */
  providerMethodId: string;
  /** Whether the provider saved it for later charges. */
  saved: boolean;
  first6: string;
  last4: string;
  cardType: string;
  expiryMonth: number;
  expiryYear: number;
}

/** What the payment wiring knows once the provider says a payment succeeded. */
export interface SucceededPayment {
  /** Our payments.id. */
  paymentId: number;
  /** The card charged; null when the provider reports none. */
  card: PaidCard | null;
  /**
   * The receipt's customer contact as sent with the payment (54-FZ needs one); default the profile's
   * phone, none for an anonymous buyer.
   */
  customer?: { phone?: string; email?: string };
}

/** The outcome: the subscription started or renewed, and whether an earlier call did it already. */
export interface Fulfilment {
  subscriptionId: number;
  alreadyFulfilled: boolean;
}

/** Thrown for a payment that does not exist (a caller's bug, not a viewer's). */
export class FulfilmentError extends Error {
  override name = 'FulfilmentError';
}

/** «Подписка «Кино» на 1 месяц» — the receipt's and the provider's description. */
export function paymentDescription(
  packageName: string,
  periodMonths: number,
  trialDays: number | null,
): string {
  if (trialDays !== null) return `Подписка «${packageName}»: пробный период ${trialDays} дн.`;
  return `Подписка «${packageName}» на ${periodMonths} мес.`;
}

/** The 54-FZ receipt items of a payment (the same object createPayment sends the provider). */
export function receiptItems(description: string, amountKopecks: number, currency: string): ReceiptItem[] {
  return [
    {
      description: description.slice(0, 128),
      quantity: '1.00',
      amount: { value: (amountKopecks / 100).toFixed(2), currency },
      vat_code: RECEIPT_VAT_CODE,
      payment_subject: 'service',
      payment_mode: 'full_payment',
    },
  ];
}

/** Saves (or finds) the card as the profile's payment method; answers its id. */
async function saveCard(
  tx: Tx,
  profileId: number,
  provider: string,
  card: PaidCard,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(paymentMethods)
    .values({
      profileId,
      provider,
      providerMethodId: card.providerMethodId,
      first6: card.first6,
      last4: card.last4,
      cardType: card.cardType,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [paymentMethods.provider, paymentMethods.providerMethodId],
      set: { expiryMonth: card.expiryMonth, expiryYear: card.expiryYear },
    })
    .returning({ id: paymentMethods.id });
  return row!.id;
}

/**
 * Fulfils a succeeded payment exactly once, in one transaction holding the payment's row lock: a
 * second call (a duplicate webhook, checkPayment polling at the same time) waits for the first and
 * then finds `fulfilled_at` set. It marks the payment succeeded, saves the card when asked, starts
 * the subscription (first payment: a trial or the tariff's period from now; a live, unexpired one is
 * extended from its end instead) or renews it (renewal: the next period from the current end, back to
 * confirmed), records the trial use, and creates the receipt row (pending until the provider
 * registers it; none for a zero amount).
 */
export async function fulfilPayment(db: Db, clock: Clock, input: SucceededPayment): Promise<Fulfilment> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for('update');
    if (!payment) throw new FulfilmentError(`no payment ${input.paymentId}`);
    if (payment.fulfilledAt !== null && payment.subscriptionId !== null)
      return { subscriptionId: payment.subscriptionId, alreadyFulfilled: true };
    const now = clock.now();
    const profileId = await ownerOf(tx, payment);
    // Two payments of one profile for one package (two tabs) must not both insert a live row: the
    // second waits here for the first's commit, then extends what the first started.
    await tx.execute(sql`select pg_advisory_xact_lock(${profileId}::int, ${payment.packageId}::int)`);
    const [pack] = await tx.select().from(packages).where(eq(packages.id, payment.packageId));
    if (!pack) throw new FulfilmentError(`no package ${payment.packageId}`);
    const [tariff] = payment.tariffId
      ? await tx.select().from(tariffs).where(eq(tariffs.id, payment.tariffId))
      : [];
    const periodMonths = tariff?.periodMonths ?? 1;
    let trialDays = payment.isTrial ? (tariff?.trialDays ?? 0) : 0;
    // Trial once per profile and per card (SPEC §5): the card is known only now. A trial the card (or,
    // after a race, the profile) has had already does not start: the period ends at once, so the
    // renewal charges the tariff from the saved card. The profile lock orders two trial payments.
    let chargeNow = false;
    if (trialDays > 0) {
      await tx.execute(sql`select pg_advisory_xact_lock(${profileId}::int, 0)`);
      const history = await trialHistory(tx, profileId, input.card ? cardKeyOf(input.card) : null);
      if (!trialEligible(trialDays, history)) {
        trialDays = 0;
        chargeNow = true;
      }
    }

    const methodId =
      input.card?.saved && payment.saveMethod
        ? await saveCard(tx, profileId, payment.provider, input.card, now)
        : payment.paymentMethodId;

    let subscriptionId: number;
    if (payment.kind === 'renewal' && payment.subscriptionId !== null) {
      const [current] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, payment.subscriptionId))
        .for('update');
      if (!current) throw new FulfilmentError(`no subscription ${payment.subscriptionId}`);
      // The row ended while its charge was in flight because a sign-in merged it into the package's
      // other live row (decision 019): the paid period goes to that row.
      const survivor =
        current.endedAt !== null
          ? await liveSubscription(tx, profileId, payment.packageId, { lock: true })
          : undefined;
      if (survivor) {
        await tx
          .update(subscriptions)
          .set({
            status: survivor.status === 'suspended' ? 'confirmed' : survivor.status,
            periodEnd:
              survivor.periodEnd &&
              addMonths(new Date(Math.max(survivor.periodEnd.getTime(), now.getTime())), periodMonths),
            lastPaidAt: now,
            renewalAttempts: 0,
            nextRetryAt: null,
            updatedAt: now,
          })
          .where(eq(subscriptions.id, survivor.id));
        subscriptionId = survivor.id;
      } else {
        // Paid within the retry schedule, the next period continues from the due date (a viewer suspended
        // for two days paid for the period that began then). Paid later than the last retry could be
        // (the scheduler was stopped), it starts now: an outage never charges for time already past,
        // nor once per missed period.
        const lateMs = RENEWAL_RETRY_HOURS[RENEWAL_RETRY_HOURS.length - 1]! * 3600 * 1000;
        const start =
          current.periodEnd && now.getTime() - current.periodEnd.getTime() <= lateMs
            ? current.periodEnd
            : now;
        await tx
          .update(subscriptions)
          .set({
            status: 'confirmed',
            isTrial: false,
            periodStart: start,
            periodEnd: addMonths(start, periodMonths),
            lastPaidAt: now,
            renewalAttempts: 0,
            nextRetryAt: null,
            paymentMethodId: methodId ?? current.paymentMethodId,
            updatedAt: now,
          })
          .where(eq(subscriptions.id, current.id));
        subscriptionId = current.id;
      }
    } else {
      const current = await liveSubscription(tx, profileId, payment.packageId, { lock: true });
      const extend =
        current &&
        current.storeName === WEB_STORE &&
        isLive(stateOf(current), now) &&
        current.periodEnd !== null;
      if (extend) {
        // Paid twice for one package (two tabs): the second payment adds its period, nothing is lost.
        const from = new Date(Math.max(current.periodEnd!.getTime(), now.getTime()));
        await tx
          .update(subscriptions)
          .set({
            status: 'confirmed',
            // A trial payment for a package held already adds nothing: it only bound the card.
            periodEnd: addMonths(from, payment.isTrial ? 0 : periodMonths),
            isTrial: false,
            autoRenew: methodId !== null,
            cancelReason: null,
            cancelledAt: null,
            lastPaidAt: now,
            paymentMethodId: methodId ?? current.paymentMethodId,
            tariffId: payment.tariffId,
            updatedAt: now,
          })
          .where(eq(subscriptions.id, current.id));
        subscriptionId = current.id;
      } else {
        if (current) {
          // A lapsed row, or a grant or store subscription the web purchase replaces.
          await tx
            .update(subscriptions)
            .set({ endedAt: now, autoRenew: false, updatedAt: now })
            .where(eq(subscriptions.id, current.id));
        }
        const period = chargeNow
          ? { start: now, end: now }
          : periodAfterPayment(now, { periodMonths, trialDays }, trialDays > 0);
        const [row] = await tx
          .insert(subscriptions)
          .values({
            profileId,
            packageId: payment.packageId,
            tariffId: payment.tariffId,
            status: 'confirmed',
            storeName: WEB_STORE,
            source: 'payment',
            periodStart: period.start,
            periodEnd: period.end,
            isTrial: trialDays > 0,
            autoRenew: methodId !== null,
            paymentMethodId: methodId,
            lastPaidAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: subscriptions.id });
        subscriptionId = row!.id;
      }
      if (trialDays > 0) {
        await tx
          .insert(trialUses)
          .values({
            profileId,
            packageId: payment.packageId,
            cardKey: input.card ? cardKeyOf(input.card) : null,
            createdAt: now,
          })
          .onConflictDoNothing();
      }
    }

    if (payment.amount > 0) {
      // The receipt describes what was paid for: a trial's binding charge, or the period.
      const [profile] = await tx
        .select({ phone: profiles.phone })
        .from(profiles)
        .where(eq(profiles.id, profileId));
      const description = paymentDescription(
        pack.name,
        periodMonths,
        payment.isTrial ? (tariff?.trialDays ?? 0) : null,
      );
      await tx
        .insert(receipts)
        .values({
          paymentId: payment.id,
          profileId,
          status: 'pending',
          description,
          amount: payment.amount,
          items: receiptItems(description, payment.amount, payment.currency),
          customer: input.customer ?? (profile?.phone ? { phone: profile.phone } : {}),
          createdAt: now,
        })
        .onConflictDoNothing();
    }
    await tx
      .update(payments)
      .set({
        status: 'succeeded',
        // The owner now: a payment left on an anonymous profile that merged lands with the holdings.
        profileId,
        subscriptionId,
        paymentMethodId: methodId,
        fulfilledAt: now,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    return { subscriptionId, alreadyFulfilled: false };
  });
}

/**
 * Whose a payment is now: a renewal's is its subscription's owner (a sign-in may have moved the
 * subscription after the scheduler made the payment row); a first payment's is its profile, or the
 * phone's profile an anonymous one merged into (decision 019).
 */
async function ownerOf(tx: Tx, payment: typeof payments.$inferSelect): Promise<number> {
  if (payment.kind === 'renewal' && payment.subscriptionId !== null) {
    const [sub] = await tx
      .select({ profileId: subscriptions.profileId })
      .from(subscriptions)
      .where(eq(subscriptions.id, payment.subscriptionId));
    if (sub) return sub.profileId;
  }
  const [profile] = await tx
    .select({ mergedIntoId: profiles.mergedIntoId })
    .from(profiles)
    .where(eq(profiles.id, payment.profileId));
  return profile?.mergedIntoId ?? payment.profileId;
}

/** A succeeded renewal charge, and its receipt's description when the caller knows it. */
export interface SucceededRenewal {
  /** Our payments.id, a `renewal` row with its subscription. */
  paymentId: number;
  /** The provider's id, stored when our row has none yet. */
  providerPaymentId: string;
  customer: { phone?: string; email?: string };
  /** paymentDescription(package, months, null); read from the database when absent. */
  description?: string;
}

/**
 * fulfilPayment's renewal branch as one statement (no transaction round trips), for the scheduler's
 * thousands a minute: the payment turns succeeded only `where fulfilled_at is null` — a second call
 * (a notification, reconciliation) waits on the row lock, re-reads the row and changes nothing, so it
 * is exactly once like fulfilPayment — and only then, in the same statement, the subscription gets
 * the next period (from the old end within the retry schedule, else from now; confirmed, attempts
 * reset, the claim ended: the period it was charging is paid) and the receipt row is inserted.
 * A renewal saves no card (its row has save_method false), so there is no card to record. A charge
 * whose subscription ended while it was in flight (a sign-in merged it away, decision 019) takes
 * fulfilPayment's path, which gives the paid period to the row that stayed.
 */
export async function fulfilRenewal(db: Db, clock: Clock, input: SucceededRenewal): Promise<Fulfilment> {
  const [done] = await fulfilRenewals(db, clock, [input]);
  return done!;
}

/**
 * fulfilRenewal for a group of charges in the same one statement (the scheduler settles a chunk of
 * renewals at a time); answers each input's fulfilment in order. The rows the statement leaves (one
 * fulfilled earlier, or whose subscription ended meanwhile) take the one-at-a-time paths after it.
 */
export async function fulfilRenewals(
  db: Db,
  clock: Clock,
  inputs: SucceededRenewal[],
): Promise<Fulfilment[]> {
  if (inputs.length === 0) return [];
  const now = clock.now().toISOString();
  const unknown = inputs.filter((i) => i.description === undefined).map((i) => i.paymentId);
  const described = new Map<number, string>();
  if (unknown.length > 0) {
    const found = await db
      .select({ id: payments.id, name: packages.name, months: tariffs.periodMonths })
      .from(payments)
      .innerJoin(packages, eq(packages.id, payments.packageId))
      .leftJoin(tariffs, eq(tariffs.id, payments.tariffId))
      .where(inArray(payments.id, unknown));
    for (const f of found) described.set(f.id, paymentDescription(f.name, f.months ?? 1, null));
  }
  const rows = inputs.map((input) => {
    const description = input.description ?? described.get(input.paymentId);
    if (description === undefined) throw new FulfilmentError(`no payment ${input.paymentId}`);
    return {
      payment_id: input.paymentId,
      provider_payment_id: input.providerPaymentId,
      customer: input.customer,
      description,
      // receiptItems' item with the row's amount, which the statement fills in.
      item: receiptItems(description, 0, 'RUB')[0]!,
    };
  });
  const lateHours = RENEWAL_RETRY_HOURS[RENEWAL_RETRY_HOURS.length - 1]!;
  // Paid within the retry schedule, the next period continues from the due date; later, from now.
  const start = sql`(case when s.period_end is not null
    and ${now}::timestamptz - s.period_end <= make_interval(hours => ${lateHours})
    then s.period_end else ${now}::timestamptz end)`;
  const result = (await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
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
    select paid.id as "paymentId", paid.subscription_id as "subscriptionId" from paid`)) as unknown as {
    rows: Array<{ paymentId: number; subscriptionId: number }>;
  };
  const fulfilled = new Map(result.rows.map((r) => [r.paymentId, r.subscriptionId]));
  const answers: Fulfilment[] = [];
  for (const input of inputs) {
    const subscriptionId = fulfilled.get(input.paymentId);
    answers.push(
      subscriptionId !== undefined
        ? { subscriptionId, alreadyFulfilled: false }
        : await fulfilLeftRenewal(db, clock, input),
    );
  }
  return answers;
}

/** A renewal the group statement left: fulfilled before, or its subscription ended meanwhile. */
async function fulfilLeftRenewal(db: Db, clock: Clock, input: SucceededRenewal): Promise<Fulfilment> {
  const [earlier] = await db
    .select({ subscriptionId: payments.subscriptionId, fulfilledAt: payments.fulfilledAt })
    .from(payments)
    .where(eq(payments.id, input.paymentId));
  if (earlier?.fulfilledAt && earlier.subscriptionId !== null)
    return { subscriptionId: earlier.subscriptionId, alreadyFulfilled: true };
  if (!earlier) throw new FulfilmentError(`payment ${input.paymentId} is not a renewal to fulfil`);
  // Not fulfilled and its subscription ended since the charge was made (a sign-in merged it away,
  // decision 019): the general path gives the paid period to the row that stayed.
  await db
    .update(payments)
    .set({ providerPaymentId: sql`coalesce(${payments.providerPaymentId}, ${input.providerPaymentId})` })
    .where(eq(payments.id, input.paymentId));
  return fulfilPayment(db, clock, { paymentId: input.paymentId, card: null, customer: input.customer });
}
