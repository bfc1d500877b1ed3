import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core';
import type { PaymentProvider } from '../../providers/payments';
import { Entitlements } from './entitlements';
import { PaymentAdmission } from './payment-admission';
import { PaymentFlow } from './payment-flow';
import { PaymentJobs } from './payment-jobs';
import { paymentRoutes } from './payment-routes';
import { Reconciliation } from './reconciliation';
import { Renewals } from './renewals';
import { billingRoutes } from './routes';
import { BillingService } from './service';
import { PaymentSettlement } from './settlement';
import { type GoodsResolver, packageGoods } from './title-goods';

/** What billing is built from beyond the shared infrastructure. */
export interface BillingDependencies {
  payments: PaymentProvider;
  /** Goods of content cards; by default from the viewer's subscriptions (tests replace them). */
  goods?: GoodsResolver;
}

/**
 * Packages, subscriptions and payments (SPEC §3–§4, §7; docs/architecture/billing.md): registers the
 * billing and payment calls — the payment calls limited per profile and network and queued fairly
 * among heavy writes (docs/decisions/048) — and runs reconciliation and renewals in the background
 * (PAYMENT_JOBS, on every instance; claims share the work). Offers the others entitlements — whether a profile holds a
 * package now — and goods, never the reverse.
 */
export async function registerBilling(app: FastifyInstance, core: Core, deps: BillingDependencies) {
  const { env, db, clock, log, metrics, limiter, heavyWrites } = core;
  const entitlements = new Entitlements(db, clock, { firstHours: env.billingFirstHours });
  const billing = new BillingService({ db, clock, entitlements });
  const goods = deps.goods ?? packageGoods(db, billing);
  await app.register(billingRoutes, { billing });
  const settlement = new PaymentSettlement({
    db,
    clock,
    provider: deps.payments,
    contact: { fallbackEmail: env.billingReceiptEmail },
    log,
    metrics,
  });
  await app.register(paymentRoutes, {
    flow: new PaymentFlow({ db, clock, billing, settlement, log, metrics }),
    settlement,
    admission: new PaymentAdmission({ limiter, clock, settings: env.paymentLimits, heavyWrites }),
  });
  if (env.paymentJobs) {
    const jobs = new PaymentJobs(
      {
        reconciliation: new Reconciliation({
          db,
          clock,
          settlement,
          afterMinutes: env.reconcileAfterMinutes,
          log,
        }),
        renewals: new Renewals({ db, clock, settlement, log, concurrency: env.renewals.concurrency }),
      },
      (err) => log.warn({ err }, 'payment jobs failed'),
      env.paymentJobsEveryMs,
      env.renewals.batch,
      metrics,
    );
    core.background.add(jobs);
  }
  return { entitlements, goods };
}

/** What billing offers the other modules. */
export type Billing = Awaited<ReturnType<typeof registerBilling>>;
