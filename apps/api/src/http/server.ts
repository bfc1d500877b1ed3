import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Env } from '../env';
import type { ServiceMetrics } from '../metrics/metrics';
import { registerMetrics } from '../metrics/routes';
import { registerCompression } from './compression';
import { registerCors } from './cors';
import { errorHandler, notFoundHandler } from './error-handler';
import { clientErrorHandler, frameworkErrors } from './framework-errors';
import { logStreamFor } from './log-format';
import { LOG_REDACT_PATHS, redactUrl } from './log-redaction';
import { RequestLog } from './request-log';
import { responseSerializerCompiler } from './response-serializer';
import { inlineScriptHashes, registerSecurityHeaders } from './security-headers';
import { trustProxyOption } from './trust-proxy';
import { bodylessAwareValidator } from './validator';

/** Request bodies are small JSON or forms; anything bigger is refused with 413. */
export const BODY_LIMIT = 16 * 1024;
/**
 * The origins the web app's policy allows for the checkout widget's script and payment frame: the
 * script's own (YooKassa's); none beside this one for a script on this origin (the sandbox's).
 */
export function checkoutOriginsOf(widgetUrl: string): string[] {
  if (widgetUrl.startsWith('/')) return [];
  return [new URL(widgetUrl).origin];
}

/**
 * Request log lines carry method, path and address only: never query strings, headers (tokens),
 * bodies (codes), playback grants or device uids (log-redaction.ts).
 */
const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  }),
};

/** What the HTTP server is made with beyond the settings. */
export interface HttpServerOptions {
  metrics: ServiceMetrics;
  /** The frame player page partners frame (docs/decisions/035): its own frame-ancestors. */
  embedPage: string;
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: { write(line: string): void };
  /** Compare every answer with zod's encoding of the contract (response-serializer.ts). */
  checkAnswers: boolean;
  /** Sees every route as it is registered (the fuzz suite). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The Fastify instance every module registers on, with what all routes share: the envelope for every
 * error, the contract's validators and serializers, CORS, browser security headers, request metrics,
 * body parsing, compression and, with API_DOCS, the OpenAPI reference — all before any route.
 */
export async function createHttpServer(env: Env, options: HttpServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: env.logLevel,
      serializers: logSerializers,
      // A second guard: whatever a future line logs, partner-site passwords and accounts never show.
      redact: { paths: [...LOG_REDACT_PATHS], censor: '[redacted]' },
      // JSON lines, or readable ones in a development terminal (LOG_FORMAT, log-format.ts).
      stream: logStreamFor(env.logFormat, options.logStream),
    },
    // One line per request, and only for failures and slow requests at `info` (request-log.ts).
    logController: new RequestLog(env.logSlowMs),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(env.trustProxy),
    // Refusals before any route answer the envelope too (framework-errors.ts).
    frameworkErrors,
    clientErrorHandler,
    // A request that arrives on a busy keep-alive connection while the server closes is served (with
    // `Connection: close`), not refused with Fastify's own 503 body: it was sent before the close,
    // and the close waits for it anyway (docs/decisions/020-server-lifecycle.md).
    return503OnClosing: false,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Which instance behind the balancer answered (INSTANCE_NAME): on every answer, errors included.
  const instanceName = env.instanceName;
  if (instanceName) {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-kadr-instance', instanceName);
    });
  }
  app.setValidatorCompiler(bodylessAwareValidator);
  // Answers are written by serializers compiled from the contract; tests also compare each with zod's.
  app.setSerializerCompiler(responseSerializerCompiler({ check: options.checkAnswers }));
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  // Before any route: it marks the routes outside the API paths as it sees them (cors.ts).
  await registerCors(app, env.corsOrigins);

  // Browser security headers on every answer, chosen by path (security-headers.ts, decision 023).
  const webIndex = join(env.webDist, 'index.html');
  registerSecurityHeaders(app, {
    production: env.production,
    inlineScripts: existsSync(webIndex) ? inlineScriptHashes(readFileSync(webIndex, 'utf8')) : [],
    // The checkout widget's origin, for its script and its frame (the sandbox's is this one).
    checkoutOrigins: checkoutOriginsOf(env.checkoutWidgetUrl),
    extraWebSources: env.webCsp,
    sandboxAncestors: env.corsOrigins,
    // The frame player page: partners' pages frame it (docs/decisions/035).
    frameAncestors: [{ prefix: options.embedPage, sources: env.embedAncestors }],
    // The embed playground frames the web app's frame page: this origin's, or the web app's (CORS_ORIGINS).
    playgroundFrames: env.corsOrigins,
  });

  // Request metrics on every answer and GET /metrics (metrics/routes.ts, docs/decisions/027).
  registerMetrics(app, { metrics: options.metrics, token: env.metricsToken, production: env.production });

  // Bodies: JSON (an empty one counts as none, for body-less POST calls) and forms; text/plain is
  // dropped so it answers 415 like any other type.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    json(request, body as string, done);
  });
  await app.register(fastifyFormbody);
  // Before the routes: it attaches to each route registered after it (answers over 2 KB).
  await registerCompression(app);

  // The API reference is for developers and operators: off in production unless API_DOCS (it maps every
  // route, sandbox included, for anyone who asks).
  if (env.apiDocs) {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Kadr API',
          version: '0.1.0',
          description:
            'Every answer is the envelope `{code, success, response}`; errors carry `{error, message, details?, retry_after?}`.',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  }
  return app;
}

/** The origin this server answers on, for calls to itself (a wildcard host becomes loopback). */
export function ownOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') return 'http://127.0.0.1';
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
