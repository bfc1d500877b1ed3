// The entry of modules/billing: all that other code may import from it (modules' rule, src/boundaries.test.ts).
// Packages, subscriptions, payments, renewals and reconciliation. It offers the others entitlements
// (whether a profile holds a package now) and goods, and asks only auth for the client network a limit
// counts (addressBucket). docs/architecture/billing.md
export { Entitlements } from './entitlements';
export { type Billing, type BillingDependencies, registerBilling } from './module';
export { grantPackage, HoldingError, type ProfileRef, revokePackage } from './operator-grants';
export { PaymentJobs } from './payment-jobs';
export { NOTIFICATIONS_PATH } from './payment-routes';
export { moveAnonymousHoldings } from './profile-merge';
export { Reconciliation } from './reconciliation';
export { Renewals } from './renewals';
export { PaymentSettlement } from './settlement';
export { freeGoods, type GoodsResolver, placeholderGoods } from './title-goods';
