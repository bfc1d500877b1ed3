import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, receipts } from '../../db/schema';

// What the payment wiring records besides a success (fulfil.ts): a payment the provider canceled, and
// a receipt the provider registered. Both are idempotent, like webhooks need.

/**
 * Marks a pending payment canceled with the provider's cancellation_details; a payment already
 * succeeded or canceled is left as it is. Answers whether it changed.
 */
export async function recordPaymentCanceled(
  db: Db,
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
 * Records what the provider says of a payment's receipt (its id, status, page and registration
 * time); listReceipts shows a succeeded one as a link. A registered receipt is not set back.
 */
export async function recordReceipt(
  db: Db,
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
