import { randomInt, randomUUID } from 'node:crypto';
import type { Payment, Receipt, ReceiptRequest } from '../schemas';
import { apiError, type SandboxAnswer } from './answers';
import type { SandboxContext } from './context';
import { receiptById, receiptsDue, receiptsOfPayment, storeRegistered } from './queries';

/** Receipt ids as the emulator makes them: `rt-` and a UUID. */
const RECEIPT_ID_PATTERN = /^rt-[0-9a-f-]{36}$/;

/**
 * Receipts (54-FZ) of the sandbox: made pending when a payment with a `receipt` succeeds, registered
 * (with made-up fiscal attributes) `delayMs` later — lazily, when the receipt or its payment is read.
 */
export class SandboxReceipts {
  constructor(
    private readonly ctx: SandboxContext,
    private readonly delayMs: number,
  ) {}

  /** The receipt row a succeeded payment registers (pending until `registersAt`). */
  rowOf(request: ReceiptRequest, payment: Payment, now: Date) {
    const object: Receipt = {
      id: `rt-${randomUUID()}`, // RECEIPT_ID_PATTERN
      type: 'payment',
      payment_id: payment.id,
      status: 'pending',
      items: request.items.map((item) => ({ ...item, quantity: Number(item.quantity) })),
      settlements: [{ type: 'cashless', amount: payment.amount }],
      ...(request.tax_system_code ? { tax_system_code: request.tax_system_code } : {}),
    };
    return {
      id: object.id,
      paymentId: payment.id,
      object,
      customer: request.customer,
      registersAt: new Date(now.getTime() + this.delayMs),
      createdAt: now,
    };
  }

  /** Registers (marks succeeded, with fiscal attributes) the payment's receipts that are due. */
  async registerDue(paymentId: string): Promise<void> {
    const due = await receiptsDue(this.ctx.db, paymentId, this.ctx.clock.now());
    if (due.length === 0) return;
    await storeRegistered(
      this.ctx.db,
      paymentId,
      due.map((row) => ({
        id: row.id,
        object: {
          ...(row.object as Receipt),
          status: 'succeeded',
          registered_at: row.registersAt.toISOString(),
          fiscal_document_number: String(randomInt(1000, 99999)),
          fiscal_storage_number: '9999078900012345',
          fiscal_attribute: String(randomInt(1_000_000_000, 4_000_000_000)),
          fiscal_provider_id: 'sandbox',
        },
      })),
    );
  }

  /** GET /v3/receipts?payment_id= for an authenticated caller. */
  async list(paymentId: string | undefined): Promise<SandboxAnswer> {
    if (!paymentId)
      return apiError(400, 'invalid_request', 'The sandbox lists receipts by payment_id only', 'payment_id');
    await this.registerDue(paymentId);
    const rows = await receiptsOfPayment(this.ctx.db, paymentId);
    return { status: 200, body: { type: 'list', items: rows.map((r) => r.object) } };
  }

  /** A receipt with the buyer's contact, for the receipt page; undefined if unknown. */
  async forPage(id: string): Promise<{ receipt: Receipt; customer: ReceiptRequest['customer'] } | undefined> {
    if (!RECEIPT_ID_PATTERN.test(id)) return undefined;
    const row = await receiptById(this.ctx.db, id);
    if (!row) return undefined;
    await this.registerDue(row.paymentId);
    const fresh = await receiptById(this.ctx.db, id);
    return (
      fresh && { receipt: fresh.object as Receipt, customer: fresh.customer as ReceiptRequest['customer'] }
    );
  }
}
