import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { CancellationReason } from '../schemas';
import type { SandboxAnswer } from './answers';
import {
  formColors,
  frameTarget,
  renderCheckoutError,
  renderCheckoutFinal,
  renderCheckoutForm,
  renderThreeDsPage,
} from './checkout-page';
import type { YooKassaSandbox } from './emulator';
import { renderReceiptPage } from './receipt-page';
import type { CheckoutResult } from './widget';
import { CHECKOUT_WIDGET_SCRIPT } from './widget-script';

const send = (reply: FastifyReply, answer: SandboxAnswer) =>
  reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);

const html = (reply: FastifyReply, body: string) =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/** A JSON body of the checkout pages (this plugin reads bodies as text). */
function jsonBody(body: unknown): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(typeof body === 'string' ? body : '');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** What the checkout pages' scripts read: the result, and the payment without its token. */
function checkoutAnswer(result: CheckoutResult) {
  if (!('payment' in result)) return result;
  const { confirmation: _hidden, ...payment } = result.payment;
  return { ...result, payment };
}

interface FrameQuery {
  origin?: string;
  channel?: string;
  colors?: string;
}

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

  app.get('/checkout-widget/v1/checkout-widget.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      // The web app may load it from another origin (its dev server).
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(CHECKOUT_WIDGET_SCRIPT),
  );

  // The widget's iframe: the card form of a pending payment, the 3-D Secure step, or a page that
  // reports the payment's outcome or why there is nothing to pay.
  const framePage = async (token: string, query: FrameQuery) => {
    const target = frameTarget(query.origin, query.channel);
    const colors = formColors(query.colors);
    const state = await sandbox.checkout(token);
    if (state.result === 'pending') {
      return state.threeDs
        ? renderThreeDsPage(token, state.payment, state.threeDsLast4 ?? '', target, colors)
        : renderCheckoutForm(token, state.payment, target, colors);
    }
    if (state.result === 'succeeded' || state.result === 'canceled')
      return renderCheckoutFinal(state.payment, target, colors);
    return renderCheckoutError(state.result, target);
  };
  app.get<{ Params: { token: string }; Querystring: FrameQuery }>(
    '/checkout/:token',
    { schema: { hide: true } },
    async (request, reply) => html(reply, await framePage(request.params.token, request.query)),
  );
  app.get<{ Params: { token: string }; Querystring: FrameQuery }>(
    '/checkout/:token/3ds',
    { schema: { hide: true } },
    async (request, reply) => html(reply, await framePage(request.params.token, request.query)),
  );

  app.post<{ Params: { token: string } }>(
    '/checkout/:token/card',
    { schema: { hide: true } },
    async (request, reply) => {
      const body = jsonBody(request.body);
      const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
      const result = await sandbox.payWithCard(request.params.token, {
        number: text('number'),
        expiry: text('expiry'),
        csc: text('csc'),
      });
      return reply.header('cache-control', 'no-store').send(checkoutAnswer(result));
    },
  );

  app.post<{ Params: { token: string } }>(
    '/checkout/:token/3ds',
    { schema: { hide: true } },
    async (request, reply) => {
      const decision = jsonBody(request.body).decision;
      if (decision !== 'confirm' && decision !== 'refuse')
        return reply.code(400).send({ error: 'decision must be "confirm" or "refuse"' });
      const result = await sandbox.decideThreeDs(request.params.token, decision);
      return reply.header('cache-control', 'no-store').send(checkoutAnswer(result));
    },
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
