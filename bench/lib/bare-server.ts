// Baseline: a bare Fastify route answering a small JSON envelope, in its own process like the service.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ code: 200, success: true, response: { ok: true } }));
// The same answer under a path with a parameter, for load that varies the path per request as anonymous
// auth's does (the load generator then builds every request, on the same 2 cores as the server).
app.get('/bare/:id', async () => ({ code: 200, success: true, response: { ok: true } }));
app.get('/healthz', async () => ({ status: 'ok' }));
const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });
console.log('ready');
