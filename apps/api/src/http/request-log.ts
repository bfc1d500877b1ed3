import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Which requests get a log line (docs/decisions/002, decision 9). Fastify's default writes two info
 * lines per request — "incoming request" and "request completed" — which at the service's request
 * rates costs more CPU than most of its calls. Here a request is logged once, when it ends:
 *
 * - 5xx at `error` — but 503 at `warn`: every 503 is an expected refusal in the envelope (a database
 *   or Redis outage, a provider down, an instance draining or not ready, media still packaging), whose
 *   cause is logged once where it is noticed; `error` stays for faults (issue 24);
 * - 4xx at `info`, slower than `slowMs` at `warn` (with `responseTime`);
 * - every other request at `debug`, so `LOG_LEVEL=debug` still logs each request;
 * - the arrival of a request only at `trace`.
 *
 * Each line carries the request id (`reqId`, from the request's child logger) and the method, path
 * and address (the app's `req` serializer). Unexpected errors are logged by the error handler too,
 * with their stack. The decision costs nothing extra per request: Fastify times every response
 * anyway, and pino's methods below the configured level are no-ops.
 */
export class RequestLog extends LogController {
  readonly slowMs: number;

  constructor(slowMs: number) {
    super();
    this.slowMs = slowMs;
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.trace({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
    } else if (status === 503) {
      reply.log.warn({ req: request, res: reply, responseTime }, 'request refused: unavailable');
    } else if (status >= 500) {
      reply.log.error({ req: request, res: reply, responseTime }, 'request failed');
    } else if (responseTime > this.slowMs) {
      reply.log.warn({ req: request, res: reply, responseTime }, 'slow request');
    } else if (status >= 400) {
      reply.log.info({ req: request, res: reply, responseTime }, 'request refused');
    } else {
      reply.log.debug({ req: request, res: reply, responseTime }, 'request completed');
    }
  }
}
