import type { ServiceMetrics } from '../../metrics/metrics';
import { RENEWAL_BATCH } from '../../settings';
import type { Reconciliation } from './reconciliation';
import type { Renewals } from './renewals';

/** How often the payment jobs run (each instance; the work is shared by claims). */
export const PAYMENT_JOBS_EVERY_MS = 60 * 1000;
/** At most this many batches per pass (50 000 renewals), so one pass ends; the next one continues. */
const RENEWAL_BATCHES_PER_PASS = 100;

/**
 * Runs reconciliation and renewals in the background of a server (started after listen, like the
 * sandbox's notification loop; stopped on close), one pass at a time per instance.
 */
export class PaymentJobs {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  /** Set by stop(): the pass under way ends at its next safe point. */
  private stopping = false;

  constructor(
    private readonly jobs: { reconciliation: Reconciliation; renewals: Renewals },
    private readonly onError: (error: unknown) => void,
    private readonly everyMs = PAYMENT_JOBS_EVERY_MS,
    /** Due subscriptions claimed at a time (RENEWAL_BATCH). */
    private readonly batch = RENEWAL_BATCH,
    /** Counts each renewal pass's outcomes and the overdue receipts (metrics/metrics.ts). */
    private readonly metrics?: Pick<ServiceMetrics, 'renewalPass' | 'overdueReceipts'>,
  ) {}

  /** One pass: renew what is due, then settle stale payments and fetch receipts (the new ones too). */
  async runOnce(): Promise<void> {
    // Between batches is a safe point: a batch's bookkeeping is done, and what is left is claimed by
    // no one (a later pass, here or on another instance, takes it).
    for (let round = 0; round < RENEWAL_BATCHES_PER_PASS && !this.stopping; round++) {
      const pass = await this.jobs.renewals.runOnce(this.batch);
      this.metrics?.renewalPass(pass);
      if (pass.claimed < this.batch) break;
    }
    if (this.stopping) return;
    const reconciled = await this.jobs.reconciliation.runOnce();
    this.metrics?.overdueReceipts(reconciled.overdueReceipts);
  }

  start(): void {
    if (this.timer) return;
    this.stopping = false;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runOnce()
        .catch(this.onError)
        .finally(() => {
          this.running = undefined;
        });
    }, this.everyMs);
    this.timer.unref();
  }

  /**
   * Stops the loop and waits for the pass in progress to reach its next safe point: the end of the
   * renewal batch under way (shutdown, docs/decisions/020-server-lifecycle.md).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
