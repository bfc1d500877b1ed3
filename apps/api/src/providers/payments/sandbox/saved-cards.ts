import { randomUUID } from 'node:crypto';
import { GroupCommit } from '../../../db/group-commit';
import { CANCELLATION_REASONS, type CancellationReason, type CreatePaymentRequest } from '../schemas';
import { apiError, type SandboxAnswer } from './answers';
import { savedChargeOutcome } from './cards';
import type { SandboxContext } from './context';
import type { IdempotenceKeys } from './idempotence';
import { pendingPayment, settledPayment } from './payment-object';
import {
  type ChargeWrite,
  isUuid,
  type MethodRow,
  methodsByIds,
  setDeclineReason,
  writeSavedCharges,
} from './queries';
import type { SandboxReceipts } from './receipts';
import { settledEvent } from './webhooks';

/**
 * Charges of saved cards (POST /v3/payments with `payment_method_id`): merchant-initiated, decided at
 * once, no confirmation. Renewals send them by the thousand (bench/renewals.ts), so their reads and
 * writes go a group at a time (src/db/group-commit.ts). Also the test control that makes a card decline.
 */
export class SavedCardCharges {
  private readonly methodReads: GroupCommit<string, MethodRow | undefined>;
  private readonly chargeWrites: GroupCommit<ChargeWrite, { card: boolean; claimed: boolean }>;

  constructor(
    private readonly ctx: SandboxContext,
    private readonly keys: IdempotenceKeys,
    private readonly receipts: SandboxReceipts,
    /** Group statements in flight at once: 1 for PGlite (one connection), a few for a pool. */
    slots: number,
  ) {
    this.methodReads = new GroupCommit((ids) => methodsByIds(ctx.db, ctx.shopId, ids), { slots });
    this.chargeWrites = new GroupCommit(
      (charges) => writeSavedCharges(ctx.db, ctx.shopId, ctx.clock.now(), charges),
      { slots, keysOf: (c) => [`card:${c.method_id}`, `key:${c.key}`] },
    );
  }

  /**
   * A charge of a saved card, decided at once, in two round trips: the card is read and the outcome
   * decided from it; then one statement locks the card — only if it is still as read — claims the
   * key, and writes the payment in its final state, the card's count, the receipt, the notification
   * and the key's answer, each gated on the one before. A card changed meanwhile (a parallel charge of
   * it) is read and decided again; a live key (seen before, or claimed by a parallel request) answers
   * as it did. Refusals are not remembered: the same key may be used for a corrected request.
   */
  async charge(
    body: CreatePaymentRequest,
    methodId: string,
    key: string,
    hash: string,
  ): Promise<SandboxAnswer> {
    // A card charged by many at once changes under each; a few rounds settle it.
    for (let round = 0; round < 50; round++) {
      // One malformed id would fail the whole group's read.
      const method = isUuid(methodId) ? await this.methodReads.submit(methodId) : undefined;
      if (!method?.saved)
        return (
          (await this.keys.replay(key, hash)) ??
          apiError(
            400,
            'invalid_request',
            'Payment method is not saved or does not exist',
            'payment_method_id',
          )
        );
      const charge = this.chargeOf(body, method, key, hash);
      const written = await this.chargeWrites.submit(charge);
      if (written.claimed) return { status: 200, body: charge.object };
      if (written.card) {
        const seen = await this.keys.replay(key, hash);
        if (seen) return seen;
      }
      // The card changed since it was read (or the key expired just now): decide again.
    }
    throw new Error(`sandbox card ${methodId} kept changing under its charge`);
  }

  /**
   * Makes every later charge of a saved method fail with `reason` (null: succeed again), so renewal
   * failures and recoveries can be tested. False when the method does not exist.
   */
  setDecline(methodId: string, reason: CancellationReason | null): Promise<boolean> {
    if (reason !== null && !CANCELLATION_REASONS.includes(reason)) return Promise.resolve(false);
    return setDeclineReason(this.ctx.db, methodId, reason);
  }

  /** What one charge writes, decided from the card as read: its payment, receipt and notifications. */
  private chargeOf(body: CreatePaymentRequest, method: MethodRow, key: string, hash: string): ChargeWrite {
    const now = this.ctx.clock.now();
    const id = randomUUID();
    const outcome = savedChargeOutcome(
      method.cardKind,
      method.charges,
      method.declineReason as CancellationReason | null,
    );
    const receipt = body.receipt ?? null;
    const object = settledPayment(
      pendingPayment(id, body, this.ctx.shopId, now),
      receipt !== null,
      method,
      outcome,
      now,
    );
    const succeeded = object.status === 'succeeded';
    const receiptRow = succeeded && receipt ? this.receipts.rowOf(receipt, object, now) : null;
    return {
      method_id: method.id,
      seen_charges: method.charges,
      seen_reason: method.declineReason,
      key,
      hash,
      expires_at: this.keys.expiresAt(now),
      payment_id: id,
      status: object.status,
      object,
      receipt,
      succeeded,
      receipts: receiptRow
        ? [
            {
              id: receiptRow.id,
              object: receiptRow.object,
              customer: receiptRow.customer,
              registers_at: receiptRow.registersAt,
            },
          ]
        : [],
      notifications: this.ctx.webhooks
        .rowsOf(settledEvent(object), object)
        .map((n) => ({ event: n.event, body: n.body, next_attempt_at: n.nextAttemptAt })),
    };
  }
}
