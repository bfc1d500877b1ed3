import { randomUUID } from 'node:crypto';
import type { Tx } from '../../../db/client';
import { type CreatePaymentRequest, createPaymentRequest, type Payment } from '../schemas';
import { apiError, type SandboxAnswer } from './answers';
import type { SandboxContext } from './context';
import { type IdempotenceKeys, KeySeen, requestHash } from './idempotence';
import { kopecks, pendingPayment } from './payment-object';
import { insertPayment, paymentById } from './queries';
import type { SandboxReceipts } from './receipts';
import type { SavedCardCharges } from './saved-cards';
import type { WidgetCheckout } from './widget';

/**
 * The payments resource of the REST API (callers already authenticated): POST /v3/payments —
 * validated, refused as YooKassa refuses, idempotent by key — creating an embedded payment for the
 * widget or charging a saved card; GET /v3/payments/{id}, which first catches up with what happened
 * meanwhile (an expired token, a registered receipt).
 */
export class PaymentsResource {
  constructor(
    private readonly ctx: SandboxContext,
    private readonly keys: IdempotenceKeys,
    private readonly checkout: WidgetCheckout,
    private readonly savedCards: SavedCardCharges,
    private readonly receipts: SandboxReceipts,
  ) {}

  /** POST /v3/payments. `rawBody` is the request body as sent (JSON text). */
  async create(idempotenceKey: string | undefined, rawBody: string): Promise<SandboxAnswer> {
    if (!idempotenceKey)
      return apiError(400, 'invalid_request', 'Idempotence key is required', 'Idempotence-Key');
    if (idempotenceKey.length > 64)
      return apiError(400, 'invalid_request', 'Idempotence key is too long (at most 64)', 'Idempotence-Key');
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      return apiError(400, 'invalid_request', 'Request body is not valid JSON');
    }
    const hash = requestHash(json);
    const parsed = createPaymentRequest.safeParse(json);
    let refused: SandboxAnswer | undefined;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      refused = apiError(400, 'invalid_request', issue?.message ?? 'Invalid request', issue?.path.join('.'));
    } else refused = refusal(parsed.data);
    // A key seen before answers as it did (or is refused for another body) before anything else.
    if (refused || !parsed.success) return (await this.keys.replay(idempotenceKey, hash)) ?? refused!;
    const body = parsed.data;
    if (body.payment_method_id)
      return this.savedCards.charge(body, body.payment_method_id, idempotenceKey, hash);
    try {
      return await this.ctx.db.transaction(async (tx) => {
        // Claimed first: a parallel request with the same key waits on this row and then replays.
        if (!(await this.keys.claim(tx, idempotenceKey, hash))) throw new KeySeen();
        return this.createEmbedded(tx, body, idempotenceKey);
      });
    } catch (error) {
      // The key is live (seen before, or committed by a parallel request): answer as it did.
      const seen = await this.keys.replay(idempotenceKey, hash);
      if (seen) return seen;
      throw error;
    }
  }

  /** GET /v3/payments/{id}. */
  async get(id: string): Promise<SandboxAnswer> {
    const row = await paymentById(this.ctx.db, this.ctx.shopId, id);
    if (!row) return apiError(404, 'not_found', 'Payment not found', 'payment_id');
    await this.checkout.expireIfDue(row);
    await this.receipts.registerDue(id);
    return { status: 200, body: (await paymentById(this.ctx.db, this.ctx.shopId, id))?.object };
  }

  /** A pending payment with an embedded confirmation, its answer remembered under the claimed key. */
  private async createEmbedded(tx: Tx, body: CreatePaymentRequest, key: string): Promise<SandboxAnswer> {
    const now = this.ctx.clock.now();
    const id = randomUUID();
    const { token, expiresAt } = this.checkout.confirmationOf(id, now);
    const object: Payment = {
      ...pendingPayment(id, body, this.ctx.shopId, now),
      confirmation: { type: 'embedded', confirmation_token: token },
    };
    await insertPayment(tx, {
      id,
      shopId: this.ctx.shopId,
      status: 'pending',
      object,
      receipt: body.receipt ?? null,
      savePaymentMethod: body.save_payment_method ?? false,
      confirmationToken: token,
      tokenExpiresAt: expiresAt,
      createdAt: now,
    });
    await this.keys.remember(tx, key, object);
    return { status: 200, body: object };
  }
}

/** Requests the sandbox refuses before touching any state. */
function refusal(body: CreatePaymentRequest): SandboxAnswer | undefined {
  if (body.amount.currency !== 'RUB')
    return apiError(400, 'invalid_request', 'The sandbox accepts RUB only', 'amount.currency');
  if (kopecks(body.amount.value) <= 0)
    return apiError(400, 'invalid_request', 'Amount must be greater than zero', 'amount.value');
  if (body.capture === false)
    return apiError(400, 'invalid_request', 'The sandbox supports capture: true only', 'capture');
  if (body.payment_method_id && body.confirmation)
    return apiError(
      400,
      'invalid_request',
      'The sandbox charges a saved payment method without confirmation',
      'confirmation',
    );
  if (!body.payment_method_id && !body.confirmation)
    return apiError(400, 'invalid_request', 'Confirmation or payment_method_id is required', 'confirmation');
  if (body.receipt) {
    const total = body.receipt.items.reduce(
      (sum, item) => sum + Math.round(Number(item.quantity) * kopecks(item.amount.value)),
      0,
    );
    if (total !== kopecks(body.amount.value))
      return apiError(
        400,
        'invalid_request',
        'Sum of receipt items does not match payment amount',
        'receipt',
      );
  }
  return undefined;
}
