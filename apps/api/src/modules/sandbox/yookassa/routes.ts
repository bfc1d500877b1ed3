import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { CancellationReason } from '../../../providers/payments/schemas';
import type { SandboxAnswer, YooKassaSandbox } from './emulator';
import { renderReceiptPage } from './receipt-page';

const send = (reply: FastifyReply, answer: SandboxAnswer) =>
  reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The YooKassa emulator over HTTP, under /sandbox/yookassa/ (registered only with sandbox providers):
 * the REST API at /v3, the receipt page and the test controls. Bodies reach the emulator as sent, and
 * its errors are YooKassa's error objects, not the api's envelope.
 */
export const yookassaSandboxRoutes: FastifyPluginAsync<{ sandbox: YooKassaSandbox }> = async (
  app,
  { sandbox },
) => {
  // This plugin's own parsers: the emulator reads the raw JSON (idempotence compares bodies) and
  // answers a malformed one as YooKassa does.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post('/v3/payments', { schema: { hide: true } }, async (request, reply) =>
    send(
      reply,
      await sandbox.createPayment(
        request.headers.authorization,
        header(request.headers['idempotence-key']),
        typeof request.body === 'string' ? request.body : '',
      ),
    ),
  );

  app.get<{ Params: { id: string } }>(
    '/v3/payments/:id',
    { schema: { hide: true } },
    async (request, reply) =>
      send(reply, await sandbox.getPayment(request.headers.authorization, request.params.id)),
  );

  app.get<{ Querystring: { payment_id?: string } }>(
    '/v3/receipts',
    { schema: { hide: true } },
    async (request, reply) =>
      send(reply, await sandbox.listReceipts(request.headers.authorization, request.query.payment_id)),
  );

  app.get<{ Params: { id: string } }>('/receipts/:id', { schema: { hide: true } }, async (request, reply) => {
    const found = await sandbox.receiptForPage(request.params.id);
    if (!found) return reply.code(404).type('text/plain; charset=utf-8').send('Чек не найден');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderReceiptPage(found.receipt, found.customer));
  });

  // Test control: later charges of a saved card fail with `reason` (or succeed again with null).
  app.post<{ Params: { id: string } }>(
    '/payment_methods/:id/decline',
    { schema: { hide: true } },
    async (request, reply) => {
      let reason: unknown;
      try {
        reason = (
          JSON.parse(typeof request.body === 'string' && request.body ? request.body : '{}') as {
            reason?: unknown;
          }
        ).reason;
      } catch {
        return reply.code(400).send({ error: 'body must be JSON {"reason": "insufficient_funds" | null}' });
      }
      const ok = await sandbox.setDecline(request.params.id, (reason ?? null) as CancellationReason | null);
      return ok
        ? reply.send({ payment_method_id: request.params.id, decline_reason: reason ?? null })
        : reply.code(404).send({ error: 'no such payment method, or an unknown cancellation reason' });
    },
  );
};
