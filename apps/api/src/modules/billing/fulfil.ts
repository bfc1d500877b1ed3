import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import type { ReceiptItem } from '../../db/schema';
import { cardKeyOf, insertTrialUse, saveCard, trialHistory } from './card-queries';
import {
  fillProviderPaymentId,
  fulfilmentOf,
  insertReceipt,
  type PaymentRow,
  packagesPaidFor,
  paymentForUpdate,
  updatePayment,
} from './payment-queries';
import { lockProfileKey, mergeOf, packageById, phoneOf, tariffById } from './queries';
import { fulfilRenewalsStatement } from './renewal-queries';
import {
  holderOf,
  insertSubscription,
  liveSubscription,
  stateOf,
  subscriptionForUpdate,
  updateSubscription,
} from './subscription-queries';
import {
  addMonths,
  isLive,
  periodAfterPayment,
  RENEWAL_RETRY_HOURS,
  trialEligible,
  WEB_STORE,
} from './subscription-rules';

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
    const payment = await paymentForUpdate(tx, input.paymentId);
    if (!payment) throw new FulfilmentError(`no payment ${input.paymentId}`);
    if (payment.fulfilledAt !== null && payment.subscriptionId !== null)
      return { subscriptionId: payment.subscriptionId, alreadyFulfilled: true };
    const now = clock.now();
    const profileId = await ownerOf(tx, payment);
    // Two payments of one profile for one package (two tabs) must not both insert a live row: the
    // second waits here for the first's commit, then extends what the first started.
    await lockProfileKey(tx, profileId, payment.packageId);
    const pack = await packageById(tx, payment.packageId);
    if (!pack) throw new FulfilmentError(`no package ${payment.packageId}`);
    const tariff = payment.tariffId ? await tariffById(tx, payment.tariffId) : undefined;
    const periodMonths = tariff?.periodMonths ?? 1;
    let trialDays = payment.isTrial ? (tariff?.trialDays ?? 0) : 0;
    // Trial once per profile and per card (SPEC §5): the card is known only now. A trial the card (or,
    // after a race, the profile) has had already does not start: the period ends at once, so the
    // renewal charges the tariff from the saved card. The profile lock orders two trial payments.
    let chargeNow = false;
    if (trialDays > 0) {
      await lockProfileKey(tx, profileId, 0);
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
      const current = await subscriptionForUpdate(tx, payment.subscriptionId);
      if (!current) throw new FulfilmentError(`no subscription ${payment.subscriptionId}`);
      // The row ended while its charge was in flight because a sign-in merged it into the package's
      // other live row (decision 019): the paid period goes to that row.
      const survivor =
        current.endedAt !== null
          ? await liveSubscription(tx, profileId, payment.packageId, { lock: true })
          : undefined;
      if (survivor) {
        await updateSubscription(tx, survivor.id, {
          status: survivor.status === 'suspended' ? 'confirmed' : survivor.status,
          periodEnd:
            survivor.periodEnd &&
            addMonths(new Date(Math.max(survivor.periodEnd.getTime(), now.getTime())), periodMonths),
          lastPaidAt: now,
          renewalAttempts: 0,
          nextRetryAt: null,
          updatedAt: now,
        });
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
        await updateSubscription(tx, current.id, {
          status: 'confirmed',
          isTrial: false,
          periodStart: start,
          periodEnd: addMonths(start, periodMonths),
          lastPaidAt: now,
          renewalAttempts: 0,
          nextRetryAt: null,
          paymentMethodId: methodId ?? current.paymentMethodId,
          updatedAt: now,
        });
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
        await updateSubscription(tx, current.id, {
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
        });
        subscriptionId = current.id;
      } else {
        if (current) {
          // A lapsed row, or a grant or store subscription the web purchase replaces.
          await updateSubscription(tx, current.id, { endedAt: now, autoRenew: false, updatedAt: now });
        }
        const period = chargeNow
          ? { start: now, end: now }
          : periodAfterPayment(now, { periodMonths, trialDays }, trialDays > 0);
        subscriptionId = await insertSubscription(tx, {
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
        });
      }
      if (trialDays > 0) {
        await insertTrialUse(tx, {
          profileId,
          packageId: payment.packageId,
          cardKey: input.card ? cardKeyOf(input.card) : null,
          createdAt: now,
        });
      }
    }

    if (payment.amount > 0) {
      // The receipt describes what was paid for: a trial's binding charge, or the period.
      const phone = await phoneOf(tx, profileId);
      const description = paymentDescription(
        pack.name,
        periodMonths,
        payment.isTrial ? (tariff?.trialDays ?? 0) : null,
      );
      await insertReceipt(tx, {
        paymentId: payment.id,
        profileId,
        status: 'pending',
        description,
        amount: payment.amount,
        items: receiptItems(description, payment.amount, payment.currency),
        customer: input.customer ?? (phone ? { phone } : {}),
        createdAt: now,
      });
    }
    await updatePayment(tx, payment.id, {
      status: 'succeeded',
      // The owner now: a payment left on an anonymous profile that merged lands with the holdings.
      profileId,
      subscriptionId,
      paymentMethodId: methodId,
      fulfilledAt: now,
      updatedAt: now,
    });
    return { subscriptionId, alreadyFulfilled: false };
  });
}

/**
 * Whose a payment is now: a renewal's is its subscription's owner (a sign-in may have moved the
 * subscription after the scheduler made the payment row); a first payment's is its profile, or the
 * phone's profile an anonymous one merged into (decision 019).
 */
async function ownerOf(tx: Tx, payment: PaymentRow): Promise<number> {
  if (payment.kind === 'renewal' && payment.subscriptionId !== null) {
    const holder = await holderOf(tx, payment.subscriptionId);
    if (holder !== undefined) return holder;
  }
  const profile = await mergeOf(tx, payment.profileId);
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
    const found = await packagesPaidFor(db, unknown);
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
  const result = await fulfilRenewalsStatement(db, now, lateHours, rows);
  const fulfilled = new Map(result.map((r) => [r.paymentId, r.subscriptionId]));
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
  const earlier = await fulfilmentOf(db, input.paymentId);
  if (earlier?.fulfilledAt && earlier.subscriptionId !== null)
    return { subscriptionId: earlier.subscriptionId, alreadyFulfilled: true };
  if (!earlier) throw new FulfilmentError(`payment ${input.paymentId} is not a renewal to fulfil`);
  // Not fulfilled and its subscription ended since the charge was made (a sign-in merged it away,
  // decision 019): the general path gives the paid period to the row that stayed.
  await fillProviderPaymentId(db, input.paymentId, input.providerPaymentId);
  return fulfilPayment(db, clock, { paymentId: input.paymentId, card: null, customer: input.customer });
}
