import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { ActiveStreams } from './active-streams';

/**
 * Latency buckets, seconds: from a cached segment key (well under a millisecond) to a search of a
 * cold index or a payment provider's answer (seconds); 12 buckets keep a series small.
 */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The methods a route label may carry; anything else is counted as `other`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route label of a request no route matched (404s of unknown paths, framework refusals). */
export const UNMATCHED_ROUTE = 'unmatched';

/** How a sign-in (authApp) ended: `success`, or the error code it was refused with. */
export type SignInMethod = 'phone' | 'mobile_id';

/** A payment's transitions, each counted once per payment (settlement is idempotent). */
export type PaymentEvent = 'created' | 'succeeded' | 'canceled';

/** What one renewal pass did (modules/billing/renewals.ts RenewalPass). */
export interface RenewalCounts {
  charged: number;
  declined: number;
  unknown: number;
  lapsed: number;
}

/** Where the demo media generation stands (media/demo.ts status()). */
export interface DemoMediaCounts {
  total: number;
  ready: number;
  failed: number;
}

const statusClassOf = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * The service's Prometheus metrics, one registry per app (tests build many apps in one process):
 * requests by route pattern, method and status class (never a raw URL: label values stay bounded),
 * sign-ins, payments, renewals, active streams, demo media, and prom-client's default process
 * metrics. Each instance exposes its own; Prometheus sums them (docs/deployment.md).
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly streams: ActiveStreams;
  private readonly requests: Histogram<'method' | 'route' | 'status_class'>;
  private readonly signIns: Counter<'method' | 'outcome'>;
  private readonly payments: Counter<'event'>;
  private readonly renewals: Counter<'outcome'>;
  private demoMedia: (() => DemoMediaCounts) | undefined;
  private readonly receiptsOverdue: Gauge;

  constructor(options: { defaultMetrics?: boolean; streamWindowMs?: number; now?: () => number } = {}) {
    const registers = [this.registry];
    const now = options.now ?? Date.now;
    this.streams = new ActiveStreams(options.streamWindowMs, now);
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern, method and status class',
      labelNames: ['method', 'route', 'status_class'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.signIns = new Counter({
      name: 'kadr_sign_ins_total',
      help: 'Sign-ins (authApp) by method (phone, mobile_id) and outcome (success or the refusal code)',
      labelNames: ['method', 'outcome'],
      registers,
    });
    this.payments = new Counter({
      name: 'kadr_payments_total',
      help: 'Payments created, succeeded and canceled (each payment counted once per event)',
      labelNames: ['event'],
      registers,
    });
    this.renewals = new Counter({
      name: 'kadr_renewals_total',
      help: 'Subscription renewals by outcome: charged, declined, unknown (retried later), lapsed',
      labelNames: ['outcome'],
      registers,
    });
    this.receiptsOverdue = new Gauge({
      name: 'kadr_receipts_overdue',
      help: 'Receipts not registered by the payment provider a day after their payment, as the last reconciliation pass counted (alert on > 0: support registers them by hand)',
      registers,
    });
    const streams = this.streams;
    new Gauge({
      name: 'kadr_active_streams',
      help: `Distinct playbacks (session, title, episode) that fetched a playlist or key in the last ${Math.round(streams.windowMs / 1000)} s`,
      registers,
      collect() {
        this.set(streams.count());
      },
    });
    const demoMedia = () => this.demoMedia?.();
    new Gauge({
      name: 'kadr_demo_media_assets',
      help: 'Demo media assets: total, ready (packaged or cached) and failed',
      labelNames: ['state'],
      registers,
      collect() {
        const counts = demoMedia();
        if (!counts) return;
        this.set({ state: 'total' }, counts.total);
        this.set({ state: 'ready' }, counts.ready);
        this.set({ state: 'failed' }, counts.failed);
      },
    });
    for (const event of ['created', 'succeeded', 'canceled'] as const) this.payments.inc({ event }, 0);
    for (const outcome of ['charged', 'declined', 'unknown', 'lapsed'] as const)
      this.renewals.inc({ outcome }, 0);
  }

  /** One answered request: `route` is the matched pattern (undefined when no route matched). */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    this.requests.observe(
      {
        method: METHODS.has(method) ? method : 'other',
        route: route ?? UNMATCHED_ROUTE,
        status_class: statusClassOf(status),
      },
      seconds,
    );
  }

  /** A sign-in ended: `outcome` is `success` or the refusal's error code. */
  signIn(method: SignInMethod, outcome: string): void {
    this.signIns.inc({ method, outcome });
  }

  payment(event: PaymentEvent, count = 1): void {
    if (count > 0) this.payments.inc({ event }, count);
  }

  renewalPass(pass: RenewalCounts): void {
    for (const outcome of ['charged', 'declined', 'unknown', 'lapsed'] as const)
      if (pass[outcome] > 0) this.renewals.inc({ outcome }, pass[outcome]);
  }

  /** The overdue receipts the last reconciliation pass counted (modules/billing/reconciliation.ts). */
  overdueReceipts(count: number): void {
    this.receiptsOverdue.set(count);
  }

  /** Reports the demo media's progress on each scrape. */
  watchDemoMedia(status: () => DemoMediaCounts): void {
    this.demoMedia = status;
  }

  /**
   * `kadr_redis_up`: the Redis connection's state on each scrape (modules/system, with REDIS_URL; the
   * series is absent without Redis).
   */
  watchRedis(up: () => boolean): void {
    new Gauge({
      name: 'kadr_redis_up',
      help: 'Whether the Redis connection is ready (1) or lost (0): limits then count in the database and ended sessions are not announced to other instances; readiness stays 200 (degraded)',
      registers: [this.registry],
      collect() {
        this.set(up() ? 1 : 0);
      },
    });
  }

  /** The text exposition format, for GET /metrics. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
