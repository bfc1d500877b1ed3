import { type CallDefinition, envelope, errorEnvelope, HeaderName, phone } from '@kadr/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors';
import type { SessionContext } from './session-context';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves the session of an access token (901/910 on failure); set once in app.ts. */
    authenticateToken(token: string | undefined): Promise<SessionContext>;
    /**
     * The session of a genuine, unexpired token when the session cache knows it live; undefined
     * otherwise (then authenticateToken decides). Synchronous: the hot path needs no promise.
     */
    cachedSession(token: string | undefined): SessionContext | undefined;
  }
  interface FastifyRequest {
    /** The caller's session once authenticated (see registerCall). */
    session: SessionContext | null;
  }
  interface FastifyContextConfig {
    /** Top-level request fields holding a phone: a failure there answers 'Неверный номер телефона'. */
    phoneFields?: readonly string[];
  }
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a call handler receives: validated request parts and the caller's session. */
export interface CallInput<C extends CallDefinition> {
  params: Output<NonNullable<C['params']>>;
  query: Output<NonNullable<C['query']>>;
  body: Output<NonNullable<C['body']>>;
  /** Never null for `auth: 'session'` calls; null for `'none'`, or `'optional'` without a token. */
  session: SessionContext | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Handles one call: returns the `response` of the success envelope (or a promise of it), or throws an
 * AppError. A handler that has its answer at once may return it directly: the hottest call, anonymous
 * auth of a known device, then skips two promise hops.
 */
export type CallHandler<C extends CallDefinition> = (
  input: CallInput<C>,
) => z.input<C['response']> | Promise<z.input<C['response']>>;

/** The success envelope around a handler's answer. */
function succeeded<T>(response: T) {
  return { code: 200, success: true, response };
}

/** A promise or any other thenable (a query builder returned as it is), which must be awaited. */
function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/** The access token of a request: `Authorization: Bearer …`, else the sendAuth header `X-Access-Token`. */
export function accessTokenOf(request: FastifyRequest): string | undefined {
  const authorization = request.headers[HeaderName.authorization];
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match) return match[1];
  }
  const fallback = request.headers[HeaderName.accessToken];
  return typeof fallback === 'string' && fallback.trim() !== '' ? fallback.trim() : undefined;
}

/** The session a handler may rely on for an `auth: 'session'` call. */
export function requireSession(session: SessionContext | null): SessionContext {
  if (!session) throw new AppError('session_invalid');
  return session;
}

function unwrap(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodOptional || schema instanceof z.ZodNullable
    ? unwrap(schema.unwrap() as z.ZodType)
    : schema;
}

/** Keys of an object schema whose value is the contract's phone schema. */
function phoneFieldsOf(schema: z.ZodType | undefined): string[] {
  const object = schema ? unwrap(schema) : undefined;
  if (!(object instanceof z.ZodObject)) return [];
  return Object.entries(object.shape as Record<string, z.ZodType>)
    .filter(([, field]) => unwrap(field) === phone)
    .map(([key]) => key);
}

const NULL_BODY = { path: 'body', message: 'Invalid input: expected object, received null' };

function mediaTypeOf(request: FastifyRequest): string | undefined {
  const header = request.headers['content-type'];
  return header?.split(';')[0]?.trim().toLowerCase() || undefined;
}

/**
 * Registers one contract call as a route: request validation with the call's schemas, the accepted
 * body encodings (JSON; a form as well where the contract says so), authentication by `auth` mode,
 * and the `{code, success, response}` envelope around the handler's result. Errors are answered by
 * the global error handler. Later modules register their calls the same way.
 */
export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
): void {
  const acceptsForm = call.bodyEncoding === 'form';
  const bearer: Record<string, string[]> = { bearerAuth: [] };
  const security: Array<Record<string, string[]>> =
    call.auth === 'none' ? [] : call.auth === 'optional' ? [{}, bearer] : [bearer];
  app.route({
    method: call.method,
    url: call.path,
    schema: {
      operationId: call.id,
      summary: call.summary,
      tags: [call.tag],
      security,
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      ...(call.body
        ? {
            consumes: acceptsForm
              ? ['application/x-www-form-urlencoded', 'application/json']
              : ['application/json'],
          }
        : {}),
      response: { 200: envelope(call.response), '4xx': errorEnvelope, '5xx': errorEnvelope },
    },
    config: {
      phoneFields: [...phoneFieldsOf(call.body), ...phoneFieldsOf(call.params), ...phoneFieldsOf(call.query)],
    },
    // Hooks only where they have work: each one costs a step on every request. Callback-style, not
    // async: an async hook costs a promise and a tick even when it has nothing to wait for.
    // Form bodies are parsed app-wide (refreshToken needs them) but accepted only where the contract
    // says; Fastify parses no body for GET.
    ...(!acceptsForm && call.method !== 'GET'
      ? {
          preValidation: (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
            if (mediaTypeOf(request) === 'application/x-www-form-urlencoded') {
              done(new AppError('unsupported_media_type'));
              return;
            }
            // A JSON `null` body: Fastify hands the validator null for it and for a missing body
            // alike, and the validator takes null as "no body"; every body of the contract is an object.
            if (request.body === null) {
              done(new AppError('validation_error', { details: [NULL_BODY] }));
              return;
            }
            done();
          },
        }
      : {}),
    ...(call.auth === 'none'
      ? {}
      : {
          preHandler: (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
            const token = accessTokenOf(request);
            if (call.auth === 'optional' && token === undefined) {
              done();
              return;
            }
            const cached = app.cachedSession(token);
            if (cached) {
              request.session = cached;
              done();
              return;
            }
            app.authenticateToken(token).then((session) => {
              request.session = session;
              done();
            }, done);
          },
        }),
    // Not async: Fastify sends a plain returned value at once and waits for a returned promise; a
    // handler's synchronous throw reaches the error handler either way.
    handler: (request, reply) => {
      const response = handler({
        params: request.params as CallInput<C>['params'],
        query: request.query as CallInput<C>['query'],
        body: request.body as CallInput<C>['body'],
        session: request.session,
        request,
        reply,
      });
      return isThenable(response) ? Promise.resolve(response).then(succeeded) : succeeded(response);
    },
  });
}
