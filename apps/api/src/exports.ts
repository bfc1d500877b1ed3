// What the built dist/app.js offers tests and benchmarks: buildApp, and the parts benchmarks drive in
// their own process — bench/renewals.ts the renewal scheduler against a database it seeds,
// bench/epg-import.ts the XMLTV import, bench/metrics-overhead.ts the request metrics on a bare route.
// The service itself does not use these.
export { type BuildAppOptions, buildApp } from './app';
export { systemClock } from './clock';
export { createDatabase } from './db/client';
export { migrateDatabase } from './db/migrate';
export { ServiceMetrics } from './metrics/metrics';
export { registerMetrics } from './metrics/routes';
export { PaymentSettlement, Renewals } from './modules/billing';
export { importGuideFile, readGuide } from './modules/live';
export { sandboxPaymentProvider } from './providers';
export { SandboxWebhooks, YooKassaSandbox } from './providers/payments';
