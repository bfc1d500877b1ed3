// Baseline: a bare Fastify route answering a small JSON envelope, in its own process like the service.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import type * as Api from '../../apps/api/src/exports.ts';

const app = Fastify({ logger: false });
// BARE_METRICS=on: the api's request metrics on every answer (bench/metrics-overhead.ts), from the build.
if (process.env.BARE_METRICS === 'on') {
  const { ServiceMetrics, registerMetrics } = (await import(
    pathToFileURL(join(import.meta.dirname, '..', '..', 'apps', 'api', 'dist', 'app.js')).href
  )) as typeof Api;
  registerMetrics(app, { metrics: new ServiceMetrics(), token: undefined, production: false });
}
app.get('/bare', async () => ({ code: 200, success: true, response: { ok: true } }));
// The same answer under a path with a parameter, for load that varies the path per request as anonymous
// auth's does (the load generator then builds every request, on the same 2 cores as the server).
app.get('/bare/:id', async () => ({ code: 200, success: true, response: { ok: true } }));
app.get('/healthz', async () => ({ status: 'ok' }));
const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });
console.log('ready');
