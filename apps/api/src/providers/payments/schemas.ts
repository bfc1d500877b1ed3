import { z } from 'zod';

// YooKassa's objects as its API reference describes them (https://yookassa.ru/developers/api), in one
// place: the HTTP adapter parses every answer with them, the sandbox builds its answers to them, and
// the contract tests check both against the recorded shapes in ./fixtures. Only the fields Kadr reads
// are required; unknown fields pass through (`looseObject`), as YooKassa adds fields over time.

/** A money amount: a decimal string with two places (`'299.00'`) and an ISO 4217 currency. */
export const amount = z.object({
  value: z.string().regex(/^\d+\.\d{2}$/, 'a decimal string with two places, like 299.00'),
  currency: z.string().length(3),
});
/** A money amount. */
export type Amount = z.infer<typeof amount>;

/** Payment statuses (waiting_for_capture only with capture: false, which Kadr never asks for). */
export const PAYMENT_STATUSES = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;
/** One payment status. */
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Who canceled a payment. */
export const CANCELLATION_PARTIES = ['yoo_money', 'payment_network', 'merchant'] as const;

/** Why a payment was canceled (YooKassa's "declined payments" list). */
export const CANCELLATION_REASONS = [
  '3d_secure_failed',
  'call_issuer',
  'canceled_by_merchant',
  'card_expired',
  'country_forbidden',
  'deal_expired',
  'expired_on_capture',
  'expired_on_confirmation',
  'fraud_suspected',
  'general_decline',
  'identification_required',
  'insufficient_funds',
  'internal_timeout',
  'invalid_card_number',
  'invalid_csc',
  'issuer_unavailable',
  'payment_method_limit_exceeded',
  'payment_method_restricted',
  'permission_revoked',
  'unsupported_mobile_operator',
] as const;
/** One cancellation reason. */
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

/** The bank card of a payment method: never the number, only its first six and last four digits. */
export const card = z.looseObject({
  first6: z.string().regex(/^\d{6}$/),
  last4: z.string().regex(/^\d{4}$/),
  expiry_month: z.string().regex(/^\d{2}$/),
  expiry_year: z.string().regex(/^\d{4}$/),
  card_type: z.string(),
  issuer_country: z.string().optional(),
  issuer_name: z.string().optional(),
});

/** The payment method of a payment; `id` charges it again later when `saved` is true. */
export const paymentMethod = z.looseObject({
  type: z.string(),
  id: z.string(),
  saved: z.boolean(),
  title: z.string().optional(),
  card: card.optional(),
});

/** The confirmation of a payment created with `confirmation.type = embedded`. */
export const embeddedConfirmation = z.looseObject({
  type: z.literal('embedded'),
  confirmation_token: z.string(),
});

/** The payment object. */
export const payment = z.looseObject({
  id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  paid: z.boolean(),
  amount,
  income_amount: amount.optional(),
  description: z.string().optional(),
  confirmation: z.looseObject({ type: z.string(), confirmation_token: z.string().optional() }).optional(),
  payment_method: paymentMethod.optional(),
  captured_at: z.string().optional(),
  created_at: z.string(),
  expires_at: z.string().optional(),
  test: z.boolean(),
  refundable: z.boolean().optional(),
  receipt_registration: z.enum(['pending', 'succeeded', 'canceled']).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  cancellation_details: z
    .looseObject({ party: z.enum(CANCELLATION_PARTIES), reason: z.enum(CANCELLATION_REASONS) })
    .optional(),
});
/** A YooKassa payment as its API answers it. */
export type Payment = z.infer<typeof payment>;

/** VAT rates of a receipt item (54-FZ): 1 none, 2 0%, 3 10%, 4 20%, 5 10/110, 6 20/120, 7 5%, 8 7%, 9 5/105, 10 7/107. */
export const VAT_CODES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** One line of a receipt. */
export const receiptItem = z.looseObject({
  description: z.string().min(1).max(128),
  /** YooKassa takes a number or a decimal string; it answers numbers. */
  quantity: z.union([z.number().positive(), z.string().regex(/^\d+(\.\d+)?$/)]),
  amount,
  vat_code: z.number().int().min(1).max(12),
  /** How the item is settled: a subscription period paid in full is `full_payment`. */
  payment_mode: z.string().optional(),
  /** What is sold: a subscription is a `service`. */
  payment_subject: z.string().optional(),
});

/** The buyer's contact: the receipt is sent there (a phone 7XXXXXXXXXX or an e-mail is required). */
export const receiptCustomer = z
  .looseObject({
    full_name: z.string().optional(),
    inn: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
  })
  .refine((c) => c.email || c.phone, 'customer needs an email or a phone');

/** The `receipt` of a create-payment request (54-FZ data for the online cash register). */
export const receiptRequest = z.looseObject({
  customer: receiptCustomer,
  items: z.array(receiptItem).min(1).max(100),
  tax_system_code: z.number().int().min(1).max(6).optional(),
});
/** Receipt data sent with a payment. */
export type ReceiptRequest = z.infer<typeof receiptRequest>;

/** A receipt registered for a payment (GET /v3/receipts). */
export const receipt = z.looseObject({
  id: z.string(),
  type: z.enum(['payment', 'refund']),
  payment_id: z.string().optional(),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  fiscal_document_number: z.string().optional(),
  fiscal_storage_number: z.string().optional(),
  fiscal_attribute: z.string().optional(),
  registered_at: z.string().optional(),
  fiscal_provider_id: z.string().optional(),
  items: z.array(receiptItem),
  tax_system_code: z.number().int().optional(),
});
/** A registered receipt. */
export type Receipt = z.infer<typeof receipt>;

/** A list answer of YooKassa (`type: list`, `items`, `next_cursor` when there is another page). */
export const receiptList = z.looseObject({
  type: z.literal('list'),
  items: z.array(receipt),
  next_cursor: z.string().optional(),
});

/** Payment events YooKassa notifies about. */
export const PAYMENT_EVENTS = [
  'payment.waiting_for_capture',
  'payment.succeeded',
  'payment.canceled',
] as const;
/** One payment event. */
export type PaymentEvent = (typeof PAYMENT_EVENTS)[number];

/** An HTTP notification (webhook) body: the payment as it was when its status changed. */
export const notification = z.looseObject({
  type: z.literal('notification'),
  event: z.enum(PAYMENT_EVENTS),
  object: payment,
});
/** A notification body. */
export type Notification = z.infer<typeof notification>;

/** Error codes of YooKassa's error answers (HTTP 400, 401, 403, 404, 429, 500). */
export const API_ERROR_CODES = [
  'invalid_request',
  'invalid_credentials',
  'forbidden',
  'not_found',
  'too_many_requests',
  'internal_server_error',
] as const;

/** The body of an error answer. */
export const apiError = z.looseObject({
  type: z.literal('error'),
  id: z.string(),
  code: z.string(),
  description: z.string().optional(),
  parameter: z.string().optional(),
});
/** An error answer of YooKassa. */
export type ApiErrorBody = z.infer<typeof apiError>;

/** The body of POST /v3/payments as Kadr sends it. */
export const createPaymentRequest = z.looseObject({
  amount,
  description: z.string().max(128).optional(),
  capture: z.boolean().optional(),
  confirmation: z.looseObject({ type: z.literal('embedded'), locale: z.string().optional() }).optional(),
  save_payment_method: z.boolean().optional(),
  payment_method_id: z.string().optional(),
  receipt: receiptRequest.optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});
/** A create-payment request body. */
export type CreatePaymentRequest = z.infer<typeof createPaymentRequest>;
