// Baseline: a bare Fastify route answering a small JSON envelope, in its own process like the service.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ code: 200, success: true, response: { ok: true } }));
app.get('/healthz', async () => ({ status: 'ok' }));
const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });
console.log('ready');
