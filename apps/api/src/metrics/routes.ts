import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import type { ServiceMetrics } from './metrics';

/** Where Prometheus scrapes. */
export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries `token` as a bearer token, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  // Digests of equal length: timingSafeEqual tells nothing of the token's length either.
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

/**
 * Counts every answered request into `metrics` (route pattern, method, status class, latency) and
 * serves GET /metrics (docs/decisions/027-operations.md): with a METRICS_TOKEN, only to requests
 * bearing it; without one, open in development and not served in production, so an instance never
 * shows its traffic to the internet by accident.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { metrics: ServiceMetrics; token: string | undefined; production: boolean },
): void {
  const { metrics, token } = options;
  // A hook on the root instance sees every request, 404s and framework refusals included. Callback
  // style: no promise per request. Fastify times every reply anyway (`elapsedTime`).
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  if (!token && options.production) return;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (token && !bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('metrics_token_required');
    }
    const text = await metrics.text();
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(text);
  });
}
