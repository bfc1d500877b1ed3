import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import type { CancellationReason, Receipt, ReceiptRequest } from '../schemas';
import type { Fetch } from '../yookassa-client';
import { apiError, basicAuthorized, type SandboxAnswer, unauthorized } from './answers';
import type { CardInput } from './cards';
import type { SandboxContext } from './context';
import { IdempotenceKeys } from './idempotence';
import { PaymentsResource } from './payments-resource';
import { SandboxReceipts } from './receipts';
import { SavedCardCharges } from './saved-cards';
import { SandboxWebhooks } from './webhooks';
import { type CheckoutResult, type CheckoutState, WidgetCheckout } from './widget';

/** The sandbox shop's credentials (HTTP Basic) unless configured otherwise. */
export const SANDBOX_SHOP = { shopId: '100500', secretKey: 'test_sandbox_secret_key' } as const;

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

const HOUR = 3600 * 1000;

/**
 * A YooKassa emulator: the payments API (create, read, receipts), the checkout the widget shows
 * (card, 3-D Secure), expiring confirmation tokens and notifications. Its state lives in the
 * `sandbox_yookassa_*` tables, so every api instance serves the same payments. Answers are YooKassa's
 * shapes (providers/payments/schemas.ts); where it differs from YooKassa, decision 016 says so.
 *
 * This class is the emulator's one face: it checks the shop's credentials and hands each call to its
 * part — the payments resource, saved-card charges, the widget's checkout, receipts, notifications.
 */
export class YooKassaSandbox {
  readonly shopId: string;
  readonly secretKey: string;
  readonly webhooks: SandboxWebhooks;
  private readonly payments: PaymentsResource;
  private readonly savedCards: SavedCardCharges;
  private readonly widget: WidgetCheckout;
  private readonly receipts: SandboxReceipts;

  constructor(db: Db, clock: Clock, options: YooKassaSandboxOptions) {
    this.shopId = options.shopId ?? SANDBOX_SHOP.shopId;
    this.secretKey = options.secretKey ?? SANDBOX_SHOP.secretKey;
    this.webhooks = options.webhooks;
    const ctx: SandboxContext = { db, clock, shopId: this.shopId, webhooks: this.webhooks };
    const keys = new IdempotenceKeys(ctx, options.idempotenceTtlMs ?? 24 * HOUR);
    this.receipts = new SandboxReceipts(ctx, options.receiptDelayMs ?? 5000);
    this.widget = new WidgetCheckout(ctx, this.receipts, options.tokenTtlMs ?? HOUR);
    this.savedCards = new SavedCardCharges(ctx, keys, this.receipts, options.writeSlots ?? 2);
    this.payments = new PaymentsResource(ctx, keys, this.widget, this.savedCards, this.receipts);
  }

  /** Whether an Authorization header carries this shop's Basic credentials. */
  authenticated(authorization: string | undefined): boolean {
    return basicAuthorized(authorization, this.shopId, this.secretKey);
  }

  /** POST /v3/payments. `rawBody` is the request body as sent (JSON text). */
  async createPayment(
    authorization: string | undefined,
    idempotenceKey: string | undefined,
    rawBody: string,
  ): Promise<SandboxAnswer> {
    if (!this.authenticated(authorization)) return unauthorized();
    return this.payments.create(idempotenceKey, rawBody);
  }

  /** GET /v3/payments/{id}. */
  async getPayment(authorization: string | undefined, id: string): Promise<SandboxAnswer> {
    if (!this.authenticated(authorization)) return unauthorized();
    return this.payments.get(id);
  }

  /** GET /v3/receipts?payment_id=. */
  async listReceipts(
    authorization: string | undefined,
    paymentId: string | undefined,
  ): Promise<SandboxAnswer> {
    if (!this.authenticated(authorization)) return unauthorized();
    return this.receipts.list(paymentId);
  }

  /** A receipt with the buyer's contact, for the receipt page; undefined if unknown. */
  receiptForPage(
    id: string,
  ): Promise<{ receipt: Receipt; customer: ReceiptRequest['customer'] } | undefined> {
    return this.receipts.forPage(id);
  }

  /** The checkout behind a confirmation token: the payment while it waits, or why it cannot be paid. */
  checkout(token: string): Promise<CheckoutState> {
    return this.widget.checkout(token);
  }

  /** The checkout form's card: validated, then charged as the test card says. */
  payWithCard(token: string, input: CardInput): Promise<CheckoutResult> {
    return this.widget.payWithCard(token, input);
  }

  /** The 3-D Secure page's decision: confirm → succeeded, refuse → canceled (3d_secure_failed). */
  decideThreeDs(token: string, decision: 'confirm' | 'refuse'): Promise<CheckoutResult> {
    return this.widget.decideThreeDs(token, decision);
  }

  /**
   * Makes every later charge of a saved method fail with `reason` (null: succeed again), so renewal
   * failures and recoveries can be tested. False when the method does not exist.
   */
  setDecline(methodId: string, reason: CancellationReason | null): Promise<boolean> {
    return this.savedCards.setDecline(methodId, reason);
  }

  /** Cancels the pending payments whose confirmation token expired (expired_on_confirmation). */
  expireDue(limit = 100): Promise<number> {
    return this.widget.expireDue(limit);
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
