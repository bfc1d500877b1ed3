import { randomUUID } from 'node:crypto';
import type { PaymentStatus as CheckStatus } from '@kadr/api-contract';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { SessionContext } from '../../http/session-context';
import type { ServiceMetrics } from '../../metrics/metrics';
import type { Payment } from '../../providers/payments';
import { type CreatePaymentParams, YooKassaError } from '../../providers/payments';
import {
  insertPayment,
  openFirstPayment,
  type PaymentRow,
  paymentOfProvider,
  storeProviderPaymentId,
} from './payment-queries';
import { moneyOf, realSleep, type Sleep, sameAmount, withProviderRetries } from './provider-calls';
import { lockProfileKey, mergeOf } from './queries';
import { REPEAT_WINDOW_MS } from './repeats';
import type { BillingService, Quote } from './service';
import { type PaymentLog, type PaymentSettlement, silentLog } from './settlement';

/** checkPayment's answer while a payment is pending: poll again after CHECK_DELAY_MS, CHECK_RETRIES times. */
export const CHECK_DELAY_MS = 2000;
export const CHECK_RETRIES = 15;
/**
 * A pending payment of the same package and price younger than this is answered again instead of a
 * new one (a double click, a network retry, a reopened overlay): well inside the confirmation
 * token's hour, so the viewer still has time to type the card. The one window of every repeated
 * billing call (repeats.ts: cancel, restore, deleteCard).
 */
export const REUSE_WINDOW_MS = REPEAT_WINDOW_MS;

/** createPayment's answer (the contract's `payment`). */
export interface CreatedPayment {
  token: string;
  title: string;
  price: number;
  /** The provider's payment id: what the widget pays and checkPayment names. */
  payment_id: string;
  package_id: number;
  type: 'widget_yookassa';
}

/** The contract's checkPayment answer. */
export interface CheckedPayment {
  status: CheckStatus;
  retries: number;
  delay: number;
}

const statusShown = (row: PaymentRow): CheckStatus =>
  row.status === 'succeeded' ? 'confirmed' : row.status === 'canceled' ? 'failed' : 'pending';

/**
 * createPayment and checkPayment (docs/decisions/018-payment-flow.md): our payment row first (its
 * idempotence key stored before the provider is called), then the provider's payment; the status
 * always comes from the provider and is applied through PaymentSettlement.
 */
export class PaymentFlow {
  private readonly sleep: Sleep;
  private readonly log: PaymentLog;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      billing: BillingService;
      settlement: PaymentSettlement;
      sleep?: Sleep;
      log?: PaymentLog;
      /** Counts new payments (metrics/metrics.ts). */
      metrics?: Pick<ServiceMetrics, 'payment'>;
    },
  ) {
    this.sleep = deps.sleep ?? realSleep;
    this.log = deps.log ?? silentLog;
  }

  private get provider() {
    return this.deps.settlement.provider;
  }

  /**
   * createPayment: refuses a device_uid that is not the session's, then whatever quote refuses (an
   * unknown package, one not sold here, one the viewer holds, also through a parent). Answers the
   * viewer's open payment for the same purchase when there is one (REUSE_WINDOW_MS), else a new one.
   */
  async create(
    session: SessionContext,
    input: { packageId: number; deviceUid: string },
  ): Promise<CreatedPayment> {
    if (session.deviceUid !== null && session.deviceUid !== input.deviceUid)
      throw new AppError('payment_device_mismatch');
    const quote = await this.deps.billing.quote(session.profileId, input.packageId);
    // At most twice: an open payment the provider has canceled meanwhile gives way to a new one.
    for (let round = 0; ; round++) {
      const { row, reused } = await this.reserve(session.profileId, quote, round > 0);
      if (!reused) this.deps.metrics?.payment('created');
      const payment =
        reused && row.providerPaymentId
          ? await this.fetch(row.providerPaymentId)
          : await this.obtain(row, quote);
      if (payment.status === 'pending' && payment.confirmation?.confirmation_token) {
        return {
          token: payment.confirmation.confirmation_token,
          title: quote.packageName,
          price: Math.round(quote.amount / 100),
          payment_id: payment.id,
          package_id: quote.packageId,
          type: 'widget_yookassa',
        };
      }
      // Paid or canceled in the meantime (another tab, an expired token): settle it, then decide.
      const settled = await this.deps.settlement.settle(row, payment);
      if (settled === 'succeeded') throw new AppError('package_already_bought');
      if (round > 0) {
        if (settled === 'pending') await this.fail(row, 'no_confirmation');
        throw new AppError('payment_provider_error');
      }
    }
  }

  /**
   * The viewer's open payment for this purchase, or a new pending row. One transaction under an
   * advisory lock on (profile, −package) — fulfilment locks (profile, package) — so two createPayment
   * calls at once find one row: the second answers the first's payment (the provider replays it for
   * the same idempotence key even before the first stored its id).
   */
  private async reserve(profileId: number, quote: Quote, fresh: boolean) {
    const now = this.deps.clock.now();
    const provider = this.provider.kind;
    const customer = await this.deps.settlement.customerOf(profileId);
    return this.deps.db.transaction(async (tx) => {
      await lockProfileKey(tx, profileId, -quote.packageId);
      // A sign-in moving this anonymous profile's holdings holds its row FOR UPDATE: wait for it, and
      // once it has merged the profile make nothing more on it (the session has ended; decision 019).
      const owner = await mergeOf(tx, profileId, { keyShare: true });
      if (owner?.mergedIntoId != null) throw new AppError('session_invalid');
      if (!fresh) {
        const open = await openFirstPayment(tx, {
          profileId,
          packageId: quote.packageId,
          provider,
          tariffId: quote.tariffId,
          amount: quote.amount,
          currency: quote.currency,
          isTrial: quote.trial,
          since: new Date(now.getTime() - REUSE_WINDOW_MS),
        });
        if (open) return { row: open, reused: true };
      }
      const row = await insertPayment(tx, {
        profileId,
        packageId: quote.packageId,
        tariffId: quote.tariffId,
        kind: 'first',
        provider,
        idempotenceKey: randomUUID(),
        amount: quote.amount,
        currency: quote.currency,
        isTrial: quote.trial,
        saveMethod: true,
        customer,
        createdAt: now,
        updatedAt: now,
      });
      return { row, reused: false };
    });
  }

  /** The provider's create-payment request for our row: the same body for every retry of its key. */
  private async request(row: PaymentRow, quote: Quote): Promise<CreatePaymentParams> {
    const amount = { value: moneyOf(row.amount), currency: row.currency };
    return {
      amount,
      description: quote.description,
      capture: true,
      confirmation: { type: 'embedded' },
      save_payment_method: row.saveMethod,
      receipt: {
        customer: await this.deps.settlement.contactFor(row),
        items: quote.receiptItems.map((item) => ({ ...item })),
      },
      metadata: { kadr_payment_id: String(row.id) },
      idempotenceKey: row.idempotenceKey,
    };
  }

  /**
   * Creates the provider's payment for our row (retried with the same key while the outcome is
   * unknown) and stores its id. A final failure leaves our row canceled (`merchant`, and why), never
   * pending without a payment; an answer whose amount or currency is not ours is refused the same way.
   */
  private async obtain(row: PaymentRow, quote: Quote): Promise<Payment> {
    const request = await this.request(row, quote);
    let payment: Payment;
    try {
      payment = await withProviderRetries(() => this.provider.createPayment(request), this.sleep);
    } catch (error) {
      if (!(error instanceof YooKassaError)) throw error;
      const unknown = error.retryable;
      this.log.warn({ err: error, paymentId: row.id }, 'provider did not create the payment');
      await this.fail(row, unknown ? 'provider_unavailable' : 'provider_refused');
      throw new AppError(unknown ? 'payment_provider_unavailable' : 'payment_provider_error', {
        cause: error,
      });
    }
    if (!sameAmount(payment.amount, row.amount, row.currency)) {
      this.log.error(
        { paymentId: row.id, providerPaymentId: payment.id, amount: payment.amount },
        'provider answered another amount: payment refused',
      );
      await this.fail(row, 'amount_mismatch');
      throw new AppError('payment_amount_mismatch');
    }
    await storeProviderPaymentId(this.deps.db, row.id, payment.id, this.deps.clock.now());
    return payment;
  }

  /** The provider's payment now; a provider that cannot answer is a 503 (the client retries). */
  private async fetch(providerPaymentId: string): Promise<Payment> {
    try {
      return await withProviderRetries(() => this.provider.getPayment(providerPaymentId), this.sleep);
    } catch (error) {
      if (!(error instanceof YooKassaError)) throw error;
      throw new AppError('payment_provider_unavailable', { cause: error });
    }
  }

  private async fail(row: PaymentRow, reason: string): Promise<void> {
    await this.deps.settlement.cancel(row.id, { party: 'merchant', reason });
  }

  /**
   * checkPayment: the caller's own payment only (another profile's is not found). A pending one is
   * fetched from the provider and settled; a provider that cannot answer leaves it pending (the
   * client polls again). `retries` and `delay` tell the client how to poll; none once it is final.
   */
  async check(profileId: number, providerPaymentId: string): Promise<CheckedPayment> {
    const find = () => paymentOfProvider(this.deps.db, this.provider.kind, providerPaymentId, { profileId });
    let row = await find();
    if (!row) throw new AppError('payment_not_found');
    if (row.status === 'pending') {
      try {
        const payment = await withProviderRetries(
          () => this.provider.getPayment(providerPaymentId),
          this.sleep,
        );
        await this.deps.settlement.settle(row, payment);
        row = (await find()) ?? row;
      } catch (error) {
        if (!(error instanceof YooKassaError)) throw error;
        this.log.warn({ err: error, paymentId: row.id }, 'checkPayment could not reach the provider');
      }
    }
    const status = statusShown(row);
    return { status, retries: status === 'pending' ? CHECK_RETRIES : 0, delay: CHECK_DELAY_MS };
  }
}
