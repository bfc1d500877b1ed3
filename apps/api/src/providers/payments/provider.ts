import type { CreatePaymentRequest, Payment, Receipt } from './schemas';

/** What the billing domain asks for: YooKassa's create-payment body plus the idempotence key. */
export interface CreatePaymentParams extends CreatePaymentRequest {
  /**
   * Sent as the `Idempotence-Key` header: a retried call with the same key and body answers the same
   * payment; the same key with another body is refused (YooKassaError invalid_request). Keep the key
   * with the order so a retry after a time-out reuses it.
   */
  idempotenceKey: string;
}

/**
 * A card payment provider in YooKassa's terms (docs/decisions/016-payment-provider.md). The real
 * YooKassa and the built-in sandbox both sit behind it (one HTTP adapter, two base URLs).
 * Every method throws {@link YooKassaError} when YooKassa answers an error or cannot be reached.
 */
export interface PaymentProvider {
  /** Which one this is, for logs and for the webhook trust rule (only `yookassa` checks addresses). */
  readonly kind: 'yookassa' | 'sandbox';
  /**
   * POST /v3/payments. With `confirmation: {type: 'embedded'}` the answer is `pending` with
   * `confirmation.confirmation_token` for the checkout widget; with `payment_method_id` (a saved card,
   * no confirmation) it is usually final at once (`succeeded` or `canceled`).
   */
  createPayment(params: CreatePaymentParams): Promise<Payment>;
  /** GET /v3/payments/{id}: the payment's current state (the only source of truth for a webhook). */
  getPayment(id: string): Promise<Payment>;
  /** GET /v3/receipts?payment_id=: the receipts registered for a payment (newest state). */
  getReceipts(paymentId: string): Promise<Receipt[]>;
  /** Where a viewer can see the receipt, or null when the provider serves no page for it. */
  receiptUrl(receipt: Receipt): string | null;
}

/**
 * A failed YooKassa call. `code` is YooKassa's error code (`invalid_request`, `invalid_credentials`,
 * `forbidden`, `not_found`, `too_many_requests`, `internal_server_error`) or ours for failures without
 * an answer: `timeout`, `network_error`, `invalid_response`, and `processing` (HTTP 202: YooKassa
 * has not finished; repeat the call with the same idempotence key after `retryAfterMs`).
 */
export class YooKassaError extends Error {
  override name = 'YooKassaError';

  constructor(
    readonly code: string,
    message: string,
    readonly details: {
      status?: number;
      /** The header or field YooKassa blames. */
      parameter?: string;
      /** YooKassa's error id, for its support. */
      errorId?: string;
      /** Milliseconds to wait before retrying (202, 429). */
      retryAfterMs?: number;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: details.cause });
  }

  /**
   * Whether repeating the same call (same idempotence key) may succeed: no answer, a time-out, 429 or
   * a 5xx, where YooKassa says the result is unknown.
   */
  get retryable(): boolean {
    return (
      this.code === 'timeout' ||
      this.code === 'processing' ||
      this.code === 'network_error' ||
      this.code === 'too_many_requests' ||
      (this.details.status ?? 0) >= 500
    );
  }
}
