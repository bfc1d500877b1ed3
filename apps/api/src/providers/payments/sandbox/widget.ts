import { randomUUID } from 'node:crypto';
import type { Tx } from '../../../db/client';
import type { Payment, ReceiptRequest } from '../schemas';
import {
  type CardInput,
  type CardKind,
  type ChargeOutcome,
  cardKindOf,
  cardType,
  checkCard,
  firstChargeOutcome,
} from './cards';
import type { SandboxContext } from './context';
import { settledPayment } from './payment-object';
import {
  countCharge,
  insertMethod,
  insertReceipt,
  lockPayment,
  type MethodRow,
  methodById,
  type PaymentRow,
  paymentByToken,
  paymentsPastToken,
  updatePayment,
} from './queries';
import type { SandboxReceipts } from './receipts';
import { settledEvent } from './webhooks';

/** Confirmation tokens as the emulator makes them: `ct-` and the payment's UUID. */
const TOKEN_PATTERN = /^ct-[0-9a-f-]{36}$/;

/** The checkout behind a confirmation token: the payment while it waits, or why it cannot be paid. */
export type CheckoutState =
  | { result: 'pending'; payment: Payment; threeDs: boolean; threeDsLast4: string | null }
  | { result: 'succeeded' | 'canceled'; payment: Payment }
  | { result: 'invalid_token' | 'token_expired' };

/** What the checkout form learns after a card is submitted or a 3-D Secure decision made. */
export type CheckoutResult =
  | { result: 'succeeded' | 'canceled' | 'three_ds'; payment: Payment }
  | { result: 'invalid_token' | 'token_expired' }
  | { result: 'invalid_card'; field: 'number' | 'expiry' | 'csc'; message: string };

/**
 * The embedded checkout the widget shows: a payment's confirmation token (expiring, the payment then
 * canceled with expired_on_confirmation), the card form and the 3-D Secure step, and the card
 * payment that settles it — in the transaction that queues its receipt and notification.
 */
export class WidgetCheckout {
  constructor(
    private readonly ctx: SandboxContext,
    private readonly receipts: SandboxReceipts,
    /** Lifetime of a confirmation token (YooKassa's: 1 hour). */
    private readonly tokenTtlMs: number,
  ) {}

  /** The confirmation token of a new embedded payment and when it expires. */
  confirmationOf(paymentId: string, now: Date): { token: string; expiresAt: Date } {
    return { token: `ct-${paymentId}`, expiresAt: new Date(now.getTime() + this.tokenTtlMs) }; // TOKEN_PATTERN
  }

  /** The checkout behind a confirmation token. */
  async checkout(token: string): Promise<CheckoutState> {
    const row = await this.rowByToken(token);
    if (!row) return { result: 'invalid_token' };
    const fresh = await this.expireIfDue(row);
    const payment = fresh.object as Payment;
    if (fresh.status === 'canceled' && payment.cancellation_details?.reason === 'expired_on_confirmation')
      return { result: 'token_expired' };
    if (fresh.status === 'pending') {
      const method = fresh.threeDsMethodId ? await methodById(this.ctx.db, fresh.threeDsMethodId) : undefined;
      const last4 = (method?.card as { last4?: string } | undefined)?.last4 ?? null;
      return { result: 'pending', payment, threeDs: fresh.threeDsMethodId !== null, threeDsLast4: last4 };
    }
    return { result: fresh.status as 'succeeded' | 'canceled', payment };
  }

  /** The checkout form's card: validated, then charged as the test card says. */
  async payWithCard(token: string, input: CardInput): Promise<CheckoutResult> {
    const now = this.ctx.clock.now();
    const card = checkCard(input, now);
    if (!('number' in card)) return { result: 'invalid_card', ...card };
    const { number, month, year } = card;
    const kind = cardKindOf(number);
    return this.onPendingCheckout(token, async (tx, row) => {
      const method = {
        id: randomUUID(),
        shopId: this.ctx.shopId,
        cardKind: (kind ?? 'unknown') as CardKind,
        card: {
          first6: number.slice(0, 6),
          last4: number.slice(-4),
          expiry_month: String(month).padStart(2, '0'),
          expiry_year: String(year),
          card_type: cardType(number),
          issuer_country: 'RU',
        },
        saved: false,
        charges: 0,
        declineReason: null,
        createdAt: now,
      } satisfies MethodRow;
      await insertMethod(tx, method);
      const outcome = firstChargeOutcome(kind);
      if (outcome.result === 'three_ds') {
        // The card waits on the 3-D Secure page; decideThreeDs settles the payment.
        await updatePayment(tx, row.id, { threeDsMethodId: method.id });
        return { result: 'three_ds', payment: row.object as Payment };
      }
      const payment = await this.settle(tx, row, method, outcome);
      return { result: payment.status as 'succeeded' | 'canceled', payment };
    });
  }

  /** The 3-D Secure page's decision: confirm → succeeded, refuse → canceled (3d_secure_failed). */
  async decideThreeDs(token: string, decision: 'confirm' | 'refuse'): Promise<CheckoutResult> {
    return this.onPendingCheckout(token, async (tx, row) => {
      const method = row.threeDsMethodId ? await methodById(tx, row.threeDsMethodId) : undefined;
      if (!method) return { result: 'invalid_token' };
      const outcome: ChargeOutcome =
        decision === 'confirm'
          ? { result: 'succeeded' }
          : { result: 'canceled', party: 'payment_network', reason: '3d_secure_failed' };
      const payment = await this.settle(tx, row, method, outcome);
      return { result: payment.status as 'succeeded' | 'canceled', payment };
    });
  }

  /** Cancels the pending payments whose confirmation token expired (expired_on_confirmation). */
  async expireDue(limit = 100): Promise<number> {
    const due = await paymentsPastToken(this.ctx.db, this.ctx.clock.now(), limit);
    for (const row of due) await this.expireIfDue(row);
    return due.length;
  }

  /** Cancels a pending embedded payment whose token has expired; returns the row as it is now. */
  async expireIfDue(row: PaymentRow): Promise<PaymentRow> {
    if (row.status !== 'pending' || !row.tokenExpiresAt || row.tokenExpiresAt > this.ctx.clock.now())
      return row;
    return this.ctx.db.transaction(async (tx) => {
      const locked = await lockPayment(tx, row.id);
      if (locked?.status !== 'pending') return locked ?? row;
      const { confirmation: _gone, ...rest } = locked.object as Payment;
      const object: Payment = {
        ...rest,
        status: 'canceled',
        cancellation_details: { party: 'yoo_money', reason: 'expired_on_confirmation' },
      };
      const updated = await updatePayment(tx, row.id, { status: 'canceled', object, threeDsMethodId: null });
      await this.ctx.webhooks.enqueue(tx, 'payment.canceled', object);
      return updated ?? locked;
    });
  }

  private rowByToken(token: string): Promise<PaymentRow | undefined> {
    // Only a token of ours reaches the database (a NUL, for one, is an error there, not a miss).
    if (!TOKEN_PATTERN.test(token)) return Promise.resolve(undefined);
    return paymentByToken(this.ctx.db, token);
  }

  /** Runs `change` on the token's payment locked, if it still waits for the viewer. */
  private async onPendingCheckout(
    token: string,
    change: (tx: Tx, row: PaymentRow) => Promise<CheckoutResult>,
  ): Promise<CheckoutResult> {
    const row = await this.rowByToken(token);
    if (!row) return { result: 'invalid_token' };
    const state = await this.checkout(token);
    if (state.result !== 'pending') {
      return state.result === 'succeeded' || state.result === 'canceled'
        ? { result: state.result, payment: state.payment }
        : state;
    }
    return this.ctx.db.transaction(async (tx) => {
      const locked = await lockPayment(tx, row.id);
      if (!locked) return { result: 'invalid_token' };
      // Another tab paid or the token expired meanwhile: answer the final state, charge nothing.
      if (locked.status !== 'pending')
        return { result: locked.status as 'succeeded' | 'canceled', payment: locked.object as Payment };
      return change(tx, locked);
    });
  }

  /**
   * Finishes the locked pending payment with a card: succeeded (method saved if asked, receipt
   * queued) or canceled; queues the notification in the same transaction.
   */
  private async settle(tx: Tx, row: PaymentRow, method: MethodRow, outcome: ChargeOutcome): Promise<Payment> {
    const now = this.ctx.clock.now();
    const object = settledPayment(
      row.object as Payment,
      row.receipt !== null,
      method,
      outcome,
      now,
      row.savePaymentMethod,
    );
    if (object.status === 'succeeded') {
      await countCharge(tx, method.id, object.payment_method?.saved ?? false);
      if (row.receipt)
        await insertReceipt(tx, this.receipts.rowOf(row.receipt as ReceiptRequest, object, now));
    }
    await updatePayment(tx, row.id, { status: object.status, object, threeDsMethodId: null });
    await this.ctx.webhooks.enqueue(tx, settledEvent(object), object);
    return object;
  }
}
