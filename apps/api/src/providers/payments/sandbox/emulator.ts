import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db, Tx } from '../../../db/client';
import { GroupCommit } from '../../../db/group-commit';
import {
  sandboxYookassaIdempotence,
  sandboxYookassaPaymentMethods,
  sandboxYookassaPayments,
  sandboxYookassaReceipts,
} from '../../../db/schema';
import {
  CANCELLATION_REASONS,
  type CancellationReason,
  type CreatePaymentRequest,
  createPaymentRequest,
  type Payment,
  type Receipt,
  type ReceiptRequest,
} from '../schemas';
import type { Fetch } from '../yookassa-client';
import {
  type CardInput,
  type CardKind,
  type ChargeOutcome,
  cardKindOf,
  cardType,
  checkCard,
  firstChargeOutcome,
  savedChargeOutcome,
} from './cards';
import { SandboxWebhooks, settledEvent } from './webhooks';

/** The sandbox shop's credentials (HTTP Basic) unless configured otherwise. */
export const SANDBOX_SHOP = { shopId: '100500', secretKey: 'test_sandbox_secret_key' } as const;

/** An HTTP answer of the emulated API. */
export interface SandboxAnswer {
  status: number;
  body: unknown;
}

/** Settings of the emulator. */
export interface YooKassaSandboxOptions {
  webhooks: SandboxWebhooks;
  shopId?: string;
  secretKey?: string;
  /** Lifetime of a confirmation token (YooKassa's: 1 hour). */
  tokenTtlMs?: number;
  /** How long after a payment succeeds its receipt is registered (turns succeeded). */
  receiptDelayMs?: number;
  /** How long an idempotence key is remembered (YooKassa: 24 hours). */
  idempotenceTtlMs?: number;
  /**
   * Group statements of saved-card charges in flight at once (src/db/group-commit.ts): 1 for PGlite
   * (one connection), a few for a PostgreSQL pool.
   */
  writeSlots?: number;
}

/** What the checkout form learns after a card is submitted or a 3-D Secure decision made. */
export type CheckoutResult =
  | { result: 'succeeded' | 'canceled' | 'three_ds'; payment: Payment }
  | { result: 'invalid_token' | 'token_expired' }
  | { result: 'invalid_card'; field: 'number' | 'expiry' | 'csc'; message: string };

type PaymentRow = typeof sandboxYookassaPayments.$inferSelect;

/** One saved-card charge as the group statement writes it (`seen_*`: the card as the charge read it). */
interface ChargeWrite {
  method_id: string;
  seen_charges: number;
  seen_reason: string | null;
  key: string;
  hash: string;
  expires_at: Date;
  payment_id: string;
  status: string;
  object: Payment;
  receipt: ReceiptRequest | null;
  succeeded: boolean;
  receipts: Array<{ id: string; object: Receipt; customer: unknown; registers_at: Date }>;
  notifications: Array<{ event: string; body: unknown; next_attempt_at: Date }>;
}
type MethodRow = typeof sandboxYookassaPaymentMethods.$inferSelect;

const HOUR = 3600 * 1000;
/** Confirmation tokens and receipt ids as the emulator makes them: `ct-` / `rt-` and a UUID. */
const TOKEN_PATTERN = /^ct-[0-9a-f-]{36}$/;
const RECEIPT_ID_PATTERN = /^rt-[0-9a-f-]{36}$/;

function apiError(status: number, code: string, description: string, parameter?: string): SandboxAnswer {
  return {
    status,
    body: { type: 'error', id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) },
  };
}

/** JSON with object keys sorted, so equal bodies hash equally whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const kopecks = (value: string) => Math.round(Number(value) * 100);
const money = (k: number) => (k / 100).toFixed(2);

/**
 * A YooKassa emulator: the payments API (create, read, receipts), the checkout the widget shows
 * (card, 3-D Secure), expiring confirmation tokens and notifications. Its state lives in the
 * `sandbox_yookassa_*` tables, so every api instance serves the same payments. Answers are YooKassa's
 * shapes (providers/payments/schemas.ts); where it differs from YooKassa, decision 016 says so.
 */
export class YooKassaSandbox {
  readonly shopId: string;
  readonly secretKey: string;
  private readonly tokenTtlMs: number;
  private readonly receiptDelayMs: number;
  private readonly idempotenceTtlMs: number;
  readonly webhooks: SandboxWebhooks;
  private readonly methodReads: GroupCommit<string, MethodRow | undefined>;
  private readonly chargeWrites: GroupCommit<ChargeWrite, { card: boolean; claimed: boolean }>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    options: YooKassaSandboxOptions,
  ) {
    this.shopId = options.shopId ?? SANDBOX_SHOP.shopId;
    this.secretKey = options.secretKey ?? SANDBOX_SHOP.secretKey;
    this.tokenTtlMs = options.tokenTtlMs ?? HOUR;
    this.receiptDelayMs = options.receiptDelayMs ?? 5000;
    this.idempotenceTtlMs = options.idempotenceTtlMs ?? 24 * HOUR;
    this.webhooks = options.webhooks;
    // Renewals send saved-card charges by the thousand: their reads and writes go a group at a time.
    const slots = options.writeSlots ?? 2;
    this.methodReads = new GroupCommit((ids) => this.readMethods(ids), { slots });
    this.chargeWrites = new GroupCommit((charges) => this.writeCharges(charges), {
      slots,
      keysOf: (c) => [`card:${c.method_id}`, `key:${c.key}`],
    });
  }

  /** Whether an Authorization header carries this shop's Basic credentials. */
  authenticated(authorization: string | undefined): boolean {
    const match = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
    if (!match?.[1]) return false;
    const given = Buffer.from(Buffer.from(match[1], 'base64').toString('utf8'));
    const expected = Buffer.from(`${this.shopId}:${this.secretKey}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private unauthorized(): SandboxAnswer {
    return apiError(401, 'invalid_credentials', 'Authentication by given credentials failed');
  }

  /** POST /v3/payments. `rawBody` is the request body as sent (JSON text). */
  async createPayment(
    authorization: string | undefined,
    idempotenceKey: string | undefined,
    rawBody: string,
  ): Promise<SandboxAnswer> {
    if (!this.authenticated(authorization)) return this.unauthorized();
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
    const hash = createHash('sha256').update(canonical(json)).digest('hex');
    const parsed = createPaymentRequest.safeParse(json);
    let refused: SandboxAnswer | undefined;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      refused = apiError(400, 'invalid_request', issue?.message ?? 'Invalid request', issue?.path.join('.'));
    } else refused = this.refusal(parsed.data);
    // A key seen before answers as it did (or is refused for another body) before anything else.
    if (refused || !parsed.success) return (await this.replay(idempotenceKey, hash)) ?? refused!;
    const body = parsed.data;
    if (body.payment_method_id) return this.chargeSaved(body, body.payment_method_id, idempotenceKey, hash);
    try {
      return await this.db.transaction(async (tx) => {
        // Claimed first: a parallel request with the same key waits on this row and then replays.
        if (!(await this.claimKey(tx, idempotenceKey, hash))) throw new KeySeen();
        return this.createEmbedded(tx, body, idempotenceKey);
      });
    } catch (error) {
      // The key is live (seen before, or committed by a parallel request): answer as it did.
      const seen = await this.replay(idempotenceKey, hash);
      if (seen) return seen;
      throw error;
    }
  }

  /** The remembered answer of a live key, or the refusal of another body under it. */
  private async replay(key: string, hash: string): Promise<SandboxAnswer | undefined> {
    const [seen] = await this.db
      .select()
      .from(sandboxYookassaIdempotence)
      .where(
        and(eq(sandboxYookassaIdempotence.shopId, this.shopId), eq(sandboxYookassaIdempotence.key, key)),
      );
    if (!seen || seen.expiresAt <= this.clock.now()) return undefined;
    if (seen.requestHash !== hash)
      return apiError(400, 'invalid_request', 'Idempotence key duplicated', 'Idempotence-Key');
    return { status: 200, body: seen.answer };
  }

  /**
   * Claims an idempotence key in one statement: a new key, or one older than its lifetime (which may be
   * used again). False when the key is live; a parallel claim of the same key waits on this one.
   */
  private async claimKey(tx: Tx, key: string, hash: string): Promise<boolean> {
    const now = this.clock.now();
    const expires = new Date(now.getTime() + this.idempotenceTtlMs);
    const claimed = (await tx.execute(sql`
      insert into sandbox_yookassa_idempotence (shop_id, key, request_hash, answer, expires_at)
      values (${this.shopId}, ${key}, ${hash}, '{}'::jsonb, ${expires.toISOString()})
      on conflict (shop_id, key) do update
         set request_hash = excluded.request_hash, answer = excluded.answer, expires_at = excluded.expires_at
       where sandbox_yookassa_idempotence.expires_at <= ${now.toISOString()}
      returning 1 as claimed`)) as unknown as { rows: unknown[] };
    return claimed.rows.length === 1;
  }

  /** Remembers a key's answer (in the transaction that claimed it). */
  private async remember(tx: Tx, key: string, answer: unknown): Promise<void> {
    await tx
      .update(sandboxYookassaIdempotence)
      .set({ answer })
      .where(
        and(eq(sandboxYookassaIdempotence.shopId, this.shopId), eq(sandboxYookassaIdempotence.key, key)),
      );
  }

  /** Requests the sandbox refuses before touching any state. */
  private refusal(body: CreatePaymentRequest): SandboxAnswer | undefined {
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
      return apiError(
        400,
        'invalid_request',
        'Confirmation or payment_method_id is required',
        'confirmation',
      );
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

  private baseObject(id: string, body: CreatePaymentRequest, now: Date): Payment {
    return {
      id,
      status: 'pending',
      paid: false,
      amount: body.amount,
      ...(body.description ? { description: body.description } : {}),
      recipient: { account_id: this.shopId, gateway_id: '100700' },
      created_at: now.toISOString(),
      metadata: body.metadata ?? {},
      refundable: false,
      test: true,
    };
  }

  private async createEmbedded(tx: Tx, body: CreatePaymentRequest, key: string): Promise<SandboxAnswer> {
    const now = this.clock.now();
    const id = randomUUID();
    const token = `ct-${id}`; // TOKEN_PATTERN
    const object: Payment = {
      ...this.baseObject(id, body, now),
      confirmation: { type: 'embedded', confirmation_token: token },
    };
    await tx.insert(sandboxYookassaPayments).values({
      id,
      shopId: this.shopId,
      status: 'pending',
      object,
      receipt: body.receipt ?? null,
      savePaymentMethod: body.save_payment_method ?? false,
      confirmationToken: token,
      tokenExpiresAt: new Date(now.getTime() + this.tokenTtlMs),
      createdAt: now,
    });
    await this.remember(tx, key, object);
    return { status: 200, body: object };
  }

  /**
   * A charge of a saved card, decided at once, in two round trips (renewals send thousands of these a
   * minute, bench/renewals.ts): the card is read and the outcome decided from it; then one statement
   * locks the card — only if it is still as read — claims the key, and writes the payment in its final
   * state, the card's count, the receipt, the notification and the key's answer, each gated on the
   * one before. A card changed meanwhile (a parallel charge of it) is read and decided again; a live
   * key (seen before, or claimed by a parallel request) answers as it did. Refusals are not remembered:
   * the same key may be used for a corrected request.
   */
  private async chargeSaved(
    body: CreatePaymentRequest,
    methodId: string,
    key: string,
    hash: string,
  ): Promise<SandboxAnswer> {
    // A card charged by many at once changes under each; a few rounds settle it.
    for (let round = 0; round < 50; round++) {
      const method = /^[0-9a-f-]{36}$/.test(methodId) ? await this.methodReads.submit(methodId) : undefined;
      if (!method?.saved)
        return (
          (await this.replay(key, hash)) ??
          apiError(
            400,
            'invalid_request',
            'Payment method is not saved or does not exist',
            'payment_method_id',
          )
        );
      const now = this.clock.now();
      const id = randomUUID();
      const outcome = savedChargeOutcome(
        method.cardKind,
        method.charges,
        method.declineReason as CancellationReason | null,
      );
      const receipt = body.receipt ?? null;
      const object = this.settledObject(
        this.baseObject(id, body, now),
        receipt !== null,
        method,
        outcome,
        now,
      );
      const succeeded = object.status === 'succeeded';
      const receiptRow = succeeded && receipt ? this.receiptRowOf(receipt, object, now) : null;
      const written = await this.chargeWrites.submit({
        method_id: method.id,
        seen_charges: method.charges,
        seen_reason: method.declineReason,
        key,
        hash,
        expires_at: new Date(now.getTime() + this.idempotenceTtlMs),
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
        notifications: this.webhooks
          .rowsOf(settledEvent(object), object)
          .map((n) => ({ event: n.event, body: n.body, next_attempt_at: n.nextAttemptAt })),
      });
      if (written.claimed) return { status: 200, body: object };
      if (written.card) {
        const seen = await this.replay(key, hash);
        if (seen) return seen;
      }
      // The card changed since it was read (or the key expired just now): decide again.
    }
    throw new Error(`sandbox card ${methodId} kept changing under its charge`);
  }

  /** The saved cards of a group of charges, in one query. */
  private async readMethods(ids: readonly string[]): Promise<Array<MethodRow | undefined>> {
    const rows = await this.db
      .select()
      .from(sandboxYookassaPaymentMethods)
      .where(
        and(
          sql`${sandboxYookassaPaymentMethods.id} = any(${sql.param([...new Set(ids)])}::uuid[])`,
          eq(sandboxYookassaPaymentMethods.shopId, this.shopId),
        ),
      );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id));
  }

  /**
   * A group of saved-card charges in one statement (each card and key at most once in a group): each
   * card locked only if it is still as its charge read it; the key claimed only then; and only for a
   * claimed key the payment in its final state, the card's count, the receipt, the notification and
   * the key's answer. Answers, per charge, whether its card was as read and whether it claimed the key.
   */
  private async writeCharges(
    charges: readonly ChargeWrite[],
  ): Promise<Array<{ card: boolean; claimed: boolean }>> {
    const now = this.clock.now().toISOString();
    const input = charges.map((c, idx) => ({ ...c, idx }));
    const result = (await this.db.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as i(
          idx integer, method_id uuid, seen_charges integer, seen_reason text, key text, hash text,
          expires_at timestamptz, payment_id uuid, status text, object jsonb, receipt jsonb,
          succeeded boolean, receipts jsonb, notifications jsonb)
      ), card as (
        select i.idx from sandbox_yookassa_payment_methods m join input i on m.id = i.method_id
         where m.shop_id = ${this.shopId} and m.saved and m.charges = i.seen_charges
           and m.decline_reason is not distinct from i.seen_reason
         for update of m
      ), claim as (
        insert into sandbox_yookassa_idempotence (shop_id, key, request_hash, answer, expires_at)
        select ${this.shopId}, i.key, i.hash, i.object, i.expires_at from input i join card on card.idx = i.idx
        on conflict (shop_id, key) do update
           set request_hash = excluded.request_hash, answer = excluded.answer, expires_at = excluded.expires_at
         where sandbox_yookassa_idempotence.expires_at <= ${now}::timestamptz
        returning key
      ), claimed as (
        select i.* from input i join claim on claim.key = i.key
      ), counted as (
        update sandbox_yookassa_payment_methods m set charges = m.charges + 1
          from claimed c where m.id = c.method_id and c.succeeded
      ), payment as (
        insert into sandbox_yookassa_payments (id, shop_id, status, object, receipt, save_payment_method, created_at)
        select c.payment_id, ${this.shopId}, c.status, c.object, c.receipt, false, ${now}::timestamptz from claimed c
        returning id
      ), receipt as (
        insert into sandbox_yookassa_receipts (id, payment_id, object, customer, registers_at, created_at)
        select r.id, payment.id, r.object, r.customer, r.registers_at, ${now}::timestamptz
          from claimed c join payment on payment.id = c.payment_id,
               jsonb_to_recordset(c.receipts) as r(id text, object jsonb, customer jsonb, registers_at timestamptz)
      ), notified as (
        insert into sandbox_yookassa_notifications (payment_id, event, body, next_attempt_at, created_at)
        select payment.id, n.event, n.body, n.next_attempt_at, ${now}::timestamptz
          from claimed c join payment on payment.id = c.payment_id,
               jsonb_to_recordset(c.notifications) as n(event text, body jsonb, next_attempt_at timestamptz)
      )
      select i.idx, card.idx is not null as card, claim.key is not null as claimed
        from input i left join card on card.idx = i.idx left join claim on claim.key = i.key`)) as unknown as {
      rows: Array<{ idx: number; card: boolean; claimed: boolean }>;
    };
    const byIdx = new Map(result.rows.map((r) => [r.idx, r]));
    return charges.map((_, idx) => ({
      card: byIdx.get(idx)?.card ?? false,
      claimed: byIdx.get(idx)?.claimed ?? false,
    }));
  }

  /** GET /v3/payments/{id}. */
  async getPayment(authorization: string | undefined, id: string): Promise<SandboxAnswer> {
    if (!this.authenticated(authorization)) return this.unauthorized();
    const row = await this.paymentRow(id);
    if (!row) return apiError(404, 'not_found', 'Payment not found', 'payment_id');
    await this.expireIfDue(row);
    await this.registerDueReceipts(id);
    return { status: 200, body: (await this.paymentRow(id))?.object };
  }

  /** GET /v3/receipts?payment_id=. */
  async listReceipts(
    authorization: string | undefined,
    paymentId: string | undefined,
  ): Promise<SandboxAnswer> {
    if (!this.authenticated(authorization)) return this.unauthorized();
    if (!paymentId)
      return apiError(400, 'invalid_request', 'The sandbox lists receipts by payment_id only', 'payment_id');
    await this.registerDueReceipts(paymentId);
    const rows = /^[0-9a-f-]{36}$/.test(paymentId)
      ? await this.db
          .select()
          .from(sandboxYookassaReceipts)
          .where(eq(sandboxYookassaReceipts.paymentId, paymentId))
          .orderBy(asc(sandboxYookassaReceipts.createdAt))
      : [];
    return { status: 200, body: { type: 'list', items: rows.map((r) => r.object) } };
  }

  /** A receipt with the buyer's contact and its payment, for the receipt page; undefined if unknown. */
  async receiptForPage(id: string) {
    if (!RECEIPT_ID_PATTERN.test(id)) return undefined;
    const [row] = await this.db
      .select()
      .from(sandboxYookassaReceipts)
      .where(eq(sandboxYookassaReceipts.id, id));
    if (!row) return undefined;
    await this.registerDueReceipts(row.paymentId);
    const [fresh] = await this.db
      .select()
      .from(sandboxYookassaReceipts)
      .where(eq(sandboxYookassaReceipts.id, id));
    return (
      fresh && { receipt: fresh.object as Receipt, customer: fresh.customer as ReceiptRequest['customer'] }
    );
  }

  /** The checkout behind a confirmation token: the payment while it waits, or why it cannot be paid. */
  async checkout(
    token: string,
  ): Promise<
    | { result: 'pending'; payment: Payment; threeDs: boolean; threeDsLast4: string | null }
    | { result: 'succeeded' | 'canceled'; payment: Payment }
    | { result: 'invalid_token' | 'token_expired' }
  > {
    const row = await this.rowByToken(token);
    if (!row) return { result: 'invalid_token' };
    const fresh = await this.expireIfDue(row);
    const payment = fresh.object as Payment;
    if (fresh.status === 'canceled' && payment.cancellation_details?.reason === 'expired_on_confirmation')
      return { result: 'token_expired' };
    if (fresh.status === 'pending') {
      const [method] = fresh.threeDsMethodId
        ? await this.db
            .select({ card: sandboxYookassaPaymentMethods.card })
            .from(sandboxYookassaPaymentMethods)
            .where(eq(sandboxYookassaPaymentMethods.id, fresh.threeDsMethodId))
        : [];
      const last4 = (method?.card as { last4?: string } | undefined)?.last4 ?? null;
      return { result: 'pending', payment, threeDs: fresh.threeDsMethodId !== null, threeDsLast4: last4 };
    }
    return { result: fresh.status as 'succeeded' | 'canceled', payment };
  }

  /** The checkout form's card: validated, then charged as the test card says. */
  async payWithCard(token: string, input: CardInput): Promise<CheckoutResult> {
    const now = this.clock.now();
    const card = checkCard(input, now);
    if (!('number' in card)) return { result: 'invalid_card', ...card };
    const { number, month, year } = card;
    const kind = cardKindOf(number);
    return this.onPendingCheckout(token, async (tx, row) => {
      const methodId = randomUUID();
      const method = {
        id: methodId,
        shopId: this.shopId,
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
      await tx.insert(sandboxYookassaPaymentMethods).values(method);
      const outcome = firstChargeOutcome(kind);
      if (outcome.result === 'three_ds') {
        await tx
          .update(sandboxYookassaPayments)
          .set({ threeDsMethodId: methodId })
          .where(eq(sandboxYookassaPayments.id, row.id));
        return { result: 'three_ds', payment: row.object as Payment };
      }
      const payment = await this.settle(tx, row.id, method, outcome, row.savePaymentMethod);
      return { result: payment.status as 'succeeded' | 'canceled', payment };
    });
  }

  /** The 3-D Secure page's decision: confirm → succeeded, refuse → canceled (3d_secure_failed). */
  async decideThreeDs(token: string, decision: 'confirm' | 'refuse'): Promise<CheckoutResult> {
    return this.onPendingCheckout(token, async (tx, row) => {
      const [method] = row.threeDsMethodId
        ? await tx
            .select()
            .from(sandboxYookassaPaymentMethods)
            .where(eq(sandboxYookassaPaymentMethods.id, row.threeDsMethodId))
        : [];
      if (!method) return { result: 'invalid_token' };
      const outcome: ChargeOutcome =
        decision === 'confirm'
          ? { result: 'succeeded' }
          : { result: 'canceled', party: 'payment_network', reason: '3d_secure_failed' };
      const payment = await this.settle(tx, row.id, method, outcome, row.savePaymentMethod);
      return { result: payment.status as 'succeeded' | 'canceled', payment };
    });
  }

  /**
   * Makes every later charge of a saved method fail with `reason` (null: succeed again), so renewal
   * failures and recoveries can be tested. False when the method does not exist.
   */
  async setDecline(methodId: string, reason: CancellationReason | null): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/.test(methodId)) return false;
    if (reason !== null && !CANCELLATION_REASONS.includes(reason)) return false;
    const updated = await this.db
      .update(sandboxYookassaPaymentMethods)
      .set({ declineReason: reason })
      .where(eq(sandboxYookassaPaymentMethods.id, methodId))
      .returning({ id: sandboxYookassaPaymentMethods.id });
    return updated.length > 0;
  }

  /** Cancels the pending payments whose confirmation token expired (expired_on_confirmation). */
  async expireDue(limit = 100): Promise<number> {
    const due = await this.db
      .select()
      .from(sandboxYookassaPayments)
      .where(
        and(
          eq(sandboxYookassaPayments.status, 'pending'),
          lte(sandboxYookassaPayments.tokenExpiresAt, this.clock.now()),
        ),
      )
      .limit(limit);
    for (const row of due) await this.expireIfDue(row);
    return due.length;
  }

  /** Cancels expired payments and posts due notifications every second until stop(). */
  start(onError: (error: unknown) => void): void {
    this.webhooks.start(
      async () => {
        await this.expireDue();
        await this.webhooks.deliverAllDue();
      },
      1000,
      onError,
    );
  }

  /** Stops the loop of start(). */
  stop(): Promise<void> {
    return this.webhooks.stop();
  }

  /**
   * A fetch that answers the emulated API in-process (`{base}/payments`, `{base}/payments/{id}`,
   * `{base}/receipts?payment_id=`): the YooKassa adapter pointed at the sandbox needs no network hop.
   */
  readonly fetch: Fetch = async (input, init) => {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^.*\/v3/, '');
    const authorization = headers.get('authorization') ?? undefined;
    let answer: SandboxAnswer;
    if (path === '/payments' && method === 'POST') {
      answer = await this.createPayment(
        authorization,
        headers.get('idempotence-key') ?? undefined,
        typeof init.body === 'string' ? init.body : '',
      );
    } else if (path.startsWith('/payments/') && method === 'GET') {
      answer = await this.getPayment(authorization, decodeURIComponent(path.slice('/payments/'.length)));
    } else if (path === '/receipts' && method === 'GET') {
      answer = await this.listReceipts(authorization, url.searchParams.get('payment_id') ?? undefined);
    } else {
      answer = apiError(404, 'not_found', `No ${method} ${path} in the sandbox`);
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };

  // ------------------------------------------------------------------------------------------------

  private async paymentRow(id: string): Promise<PaymentRow | undefined> {
    if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
    const [row] = await this.db
      .select()
      .from(sandboxYookassaPayments)
      .where(and(eq(sandboxYookassaPayments.id, id), eq(sandboxYookassaPayments.shopId, this.shopId)));
    return row;
  }

  private async rowByToken(token: string): Promise<PaymentRow | undefined> {
    // Only a token of ours reaches the database (a NUL, for one, is an error there, not a miss).
    if (!TOKEN_PATTERN.test(token)) return undefined;
    const [row] = await this.db
      .select()
      .from(sandboxYookassaPayments)
      .where(eq(sandboxYookassaPayments.confirmationToken, token));
    return row;
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
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(sandboxYookassaPayments)
        .where(eq(sandboxYookassaPayments.id, row.id))
        .for('update');
      if (!locked) return { result: 'invalid_token' };
      // Another tab paid or the token expired meanwhile: answer the final state, charge nothing.
      if (locked.status !== 'pending')
        return { result: locked.status as 'succeeded' | 'canceled', payment: locked.object as Payment };
      return change(tx, locked);
    });
  }

  /** Cancels a pending embedded payment whose token has expired; returns the row as it is now. */
  private async expireIfDue(row: PaymentRow): Promise<PaymentRow> {
    if (row.status !== 'pending' || !row.tokenExpiresAt || row.tokenExpiresAt > this.clock.now()) return row;
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(sandboxYookassaPayments)
        .where(eq(sandboxYookassaPayments.id, row.id))
        .for('update');
      if (locked?.status !== 'pending') return locked ?? row;
      const { confirmation: _gone, ...rest } = locked.object as Payment;
      const object: Payment = {
        ...rest,
        status: 'canceled',
        cancellation_details: { party: 'yoo_money', reason: 'expired_on_confirmation' },
      };
      const [updated] = await tx
        .update(sandboxYookassaPayments)
        .set({ status: 'canceled', object, threeDsMethodId: null })
        .where(eq(sandboxYookassaPayments.id, row.id))
        .returning();
      await this.webhooks.enqueue(tx, 'payment.canceled', object);
      return updated ?? locked;
    });
  }

  /**
   * Finishes a payment with a card: succeeded (method saved if asked, receipt queued) or canceled;
   * queues the notification in the same transaction.
   */
  private async settle(
    tx: Tx,
    paymentId: string,
    method: MethodRow,
    outcome: ChargeOutcome,
    saveMethod = false,
  ): Promise<Payment> {
    const now = this.clock.now();
    const [row] = await tx
      .select()
      .from(sandboxYookassaPayments)
      .where(eq(sandboxYookassaPayments.id, paymentId));
    if (!row) throw new Error(`sandbox payment ${paymentId} vanished`);
    const object = this.settledObject(
      row.object as Payment,
      row.receipt !== null,
      method,
      outcome,
      now,
      saveMethod,
    );
    const succeeded = object.status === 'succeeded';
    if (succeeded) {
      await tx
        .update(sandboxYookassaPaymentMethods)
        .set({
          saved: object.payment_method?.saved ?? false,
          charges: sql`${sandboxYookassaPaymentMethods.charges} + 1`,
        })
        .where(eq(sandboxYookassaPaymentMethods.id, method.id));
      if (row.receipt)
        await tx
          .insert(sandboxYookassaReceipts)
          .values(this.receiptRowOf(row.receipt as ReceiptRequest, object, now));
    }
    await tx
      .update(sandboxYookassaPayments)
      .set({ status: object.status, object, threeDsMethodId: null })
      .where(eq(sandboxYookassaPayments.id, paymentId));
    await this.webhooks.enqueue(tx, settledEvent(object), object);
    return object;
  }

  /** A pending payment as it ends with a card's outcome (no confirmation left). */
  private settledObject(
    pending: Payment,
    withReceipt: boolean,
    method: MethodRow,
    outcome: ChargeOutcome,
    now: Date,
    saveMethod = false,
  ): Payment {
    const { confirmation: _done, ...rest } = pending;
    const card = method.card as NonNullable<Payment['payment_method']>['card'];
    const succeeded = outcome.result === 'succeeded';
    const paymentMethod = {
      type: 'bank_card',
      id: method.id,
      saved: method.saved || (succeeded && saveMethod),
      title: `Bank card *${card?.last4}`,
      card,
    };
    if (succeeded) {
      const value = kopecks(rest.amount.value);
      return {
        ...rest,
        status: 'succeeded',
        paid: true,
        income_amount: { value: money(value - Math.round(value * 0.035)), currency: rest.amount.currency },
        captured_at: now.toISOString(),
        payment_method: paymentMethod,
        refundable: true,
        ...(withReceipt ? { receipt_registration: 'pending' as const } : {}),
      };
    }
    return {
      ...rest,
      status: 'canceled',
      payment_method: paymentMethod,
      cancellation_details: {
        party: outcome.result === 'canceled' ? outcome.party : 'yoo_money',
        reason: outcome.result === 'canceled' ? outcome.reason : 'general_decline',
      },
    };
  }

  /** The receipt row a succeeded payment registers (pending until `registers_at`). */
  private receiptRowOf(request: ReceiptRequest, payment: Payment, now: Date) {
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
      registersAt: new Date(now.getTime() + this.receiptDelayMs),
      createdAt: now,
    };
  }

  /** Registers (marks succeeded, with fiscal attributes) the payment's receipts that are due. */
  private async registerDueReceipts(paymentId: string): Promise<void> {
    if (!/^[0-9a-f-]{36}$/.test(paymentId)) return;
    const now = this.clock.now();
    const due = await this.db
      .select()
      .from(sandboxYookassaReceipts)
      .where(
        and(
          eq(sandboxYookassaReceipts.paymentId, paymentId),
          lte(sandboxYookassaReceipts.registersAt, now),
          sql`${sandboxYookassaReceipts.object}->>'status' = 'pending'`,
        ),
      );
    if (due.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (const row of due) {
        const object: Receipt = {
          ...(row.object as Receipt),
          status: 'succeeded',
          registered_at: row.registersAt.toISOString(),
          fiscal_document_number: String(randomInt(1000, 99999)),
          fiscal_storage_number: '9999078900012345',
          fiscal_attribute: String(randomInt(1_000_000_000, 4_000_000_000)),
          fiscal_provider_id: 'sandbox',
        };
        await tx
          .update(sandboxYookassaReceipts)
          .set({ object })
          .where(eq(sandboxYookassaReceipts.id, row.id));
      }
      await tx.execute(sql`
        update sandbox_yookassa_payments
           set object = jsonb_set(object, '{receipt_registration}', '"succeeded"')
         where id = ${paymentId} and object ? 'receipt_registration'`);
    });
  }
}

/** The emulator as configured (Env['yookassaSandbox']). */
export function createYooKassaSandbox(
  db: Db,
  clock: Clock,
  settings: {
    webhookUrl: string | undefined;
    webhookDuplicates: number;
    webhookReorderMs: number;
    writeSlots?: number;
  },
): YooKassaSandbox {
  const webhooks = new SandboxWebhooks(db, clock, {
    url: settings.webhookUrl,
    chaos: { duplicates: settings.webhookDuplicates, reorderWindowMs: settings.webhookReorderMs },
  });
  return new YooKassaSandbox(db, clock, {
    webhooks,
    ...(settings.writeSlots ? { writeSlots: settings.writeSlots } : {}),
  });
}

/** Ends the claiming transaction when the key is live: the caller replays its answer. */
class KeySeen extends Error {
  constructor() {
    super('idempotence key seen');
  }
}
