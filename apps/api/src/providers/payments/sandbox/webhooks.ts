import { sql } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db, Tx } from '../../../db/client';
import { sandboxYookassaNotifications } from '../../../db/schema';
import type { Notification, Payment, PaymentEvent } from '../schemas';
import type { Fetch } from '../yookassa-client';

/** How the sandbox misbehaves like a real notifier, for tests of the receiving side. */
export interface WebhookChaos {
  /** Extra copies of every notification (0: each once, as long as the receiver answers 2xx). */
  duplicates: number;
  /**
   * Each copy waits a random time up to this many milliseconds before its first post, so later
   * notifications may arrive before earlier ones (0: in order).
   */
  reorderWindowMs: number;
}

/** Settings of the sandbox notifier. */
export interface SandboxWebhooksOptions {
  /** Where notifications go; until set (the server's own origin at listen) nothing is posted. */
  url?: string;
  chaos?: WebhookChaos;
  fetch?: Fetch;
  /** A number in [0, 1) (tests fix it to choose the order). */
  random?: () => number;
  /** How long a claimed notification is reserved for its deliverer. */
  leaseMs?: number;
  /** Time-out of one post. */
  timeoutMs?: number;
  /** Give up this long after the event, as YooKassa does after 24 hours. */
  giveUpAfterMs?: number;
}

const SECOND = 1000;
/** Backoff of the n-th failed attempt (1-based): 1 s, 2 s, 4 s … capped at 10 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(600 * SECOND, 2 ** Math.max(0, attempt - 1) * SECOND);
}

/** The event a settled payment notifies: succeeded, else canceled. */
export const settledEvent = (payment: Payment): PaymentEvent =>
  payment.status === 'succeeded' ? 'payment.succeeded' : 'payment.canceled';

interface Claimed {
  id: number;
  body: Notification;
  attempts: number;
  next_attempt_at: Date | string;
  created_at: Date | string;
}

/**
 * Notifications (webhooks) of the sandbox: queued in the same transaction as the payment's change,
 * posted by whichever api instance claims them first (FOR UPDATE SKIP LOCKED plus a lease), retried
 * with backoff until a 2xx answer, optionally duplicated and reordered.
 */
export class SandboxWebhooks {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private readonly fetch: Fetch;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private options: SandboxWebhooksOptions = {},
  ) {
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** The target URL, once known. */
  get url(): string | undefined {
    return this.options.url;
  }

  /** Sets the target when none was configured (the server's own origin, known at listen). */
  setDefaultUrl(url: string): void {
    this.options = { ...this.options, url: this.options.url ?? url };
  }

  /** Queues `event` for a payment inside the caller's transaction (it is sent only if that commits). */
  async enqueue(tx: Tx | Db, event: PaymentEvent, object: Payment): Promise<void> {
    await tx.insert(sandboxYookassaNotifications).values(this.rowsOf(event, object));
  }

  /** The notification rows `enqueue` writes: one, plus the chaos's duplicates with their delays. */
  rowsOf(event: PaymentEvent, object: Payment): Array<typeof sandboxYookassaNotifications.$inferInsert> {
    const now = this.clock.now().getTime();
    const { duplicates = 0, reorderWindowMs = 0 } = this.options.chaos ?? {};
    const random = this.options.random ?? Math.random;
    const body: Notification = { type: 'notification', event, object };
    return Array.from({ length: 1 + duplicates }, () => ({
      paymentId: object.id,
      event,
      body,
      nextAttemptAt: new Date(now + Math.floor(random() * reorderWindowMs)),
      createdAt: new Date(now),
    }));
  }

  /**
   * Posts the notifications due now, at most `limit`, in the order they fell due; returns how many
   * were posted successfully. Safe to run on several instances at once: each row is claimed by one.
   */
  async deliverDue(limit = 20): Promise<number> {
    const url = this.options.url;
    if (!url) return 0;
    const now = this.clock.now();
    const lease = new Date(now.getTime() + (this.options.leaseMs ?? 30 * SECOND));
    const result = (await this.db.execute(sql`
      update sandbox_yookassa_notifications
         set claimed_until = ${lease.toISOString()}, attempts = attempts + 1
       where id in (
         select id from sandbox_yookassa_notifications
          where delivered_at is null and gave_up_at is null
            and next_attempt_at <= ${now.toISOString()}
            and (claimed_until is null or claimed_until <= ${now.toISOString()})
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked)
      returning id, body, attempts, next_attempt_at, created_at`)) as unknown as { rows: Claimed[] };
    const claimed = result.rows.sort(
      (a, b) => new Date(a.next_attempt_at).getTime() - new Date(b.next_attempt_at).getTime() || a.id - b.id,
    );
    let delivered = 0;
    for (const row of claimed) {
      const problem = await this.post(url, row.body);
      const at = this.clock.now();
      if (problem === undefined) {
        delivered++;
        await this.db.execute(sql`
          update sandbox_yookassa_notifications set delivered_at = ${at.toISOString()}, claimed_until = null,
                 last_error = null where id = ${row.id}`);
        continue;
      }
      const giveUp =
        at.getTime() - new Date(row.created_at).getTime() >=
        (this.options.giveUpAfterMs ?? 24 * 3600 * SECOND);
      await this.db.execute(sql`
        update sandbox_yookassa_notifications
           set claimed_until = null, last_error = ${problem},
               gave_up_at = ${giveUp ? at.toISOString() : null},
               next_attempt_at = ${new Date(at.getTime() + retryDelayMs(row.attempts)).toISOString()}
         where id = ${row.id}`);
    }
    return delivered;
  }

  /** Posts due notifications batch after batch until a batch delivers none; returns how many. */
  async deliverAllDue(): Promise<number> {
    let total = 0;
    // Keep going while batches go through; a failing receiver waits for its backoff.
    for (let delivered = 1; delivered > 0; total += delivered) delivered = await this.deliverDue();
    return total;
  }

  /** Why a post failed, or undefined when the receiver answered 2xx. */
  private async post(url: string, body: Notification): Promise<string | undefined> {
    try {
      const response = await this.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10 * SECOND),
      });
      await response.body?.cancel().catch(() => {});
      return response.ok ? undefined : `HTTP ${response.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  /** Runs `tick` every `everyMs` until stop(); one run at a time. */
  start(tick: () => Promise<unknown>, everyMs = SECOND, onError: (error: unknown) => void = () => {}): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = tick()
        .catch(onError)
        .finally(() => {
          this.running = undefined;
        });
    }, everyMs);
    this.timer.unref();
  }

  /** Stops the loop and waits for the run in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
