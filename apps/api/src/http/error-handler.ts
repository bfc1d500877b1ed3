import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorDetail, type ErrorId, errorReply } from '../errors';
import { isDependencyUnavailable } from './dependency-errors';

function send(reply: FastifyReply, id: ErrorId, extra: Parameters<typeof errorReply>[1] = {}) {
  const { status, body } = errorReply(id, extra);
  if (extra.retryAfter !== undefined) reply.header('retry-after', String(extra.retryAfter));
  return reply.code(status).send(body);
}

/** Per-field problems from the zod validator, with dotted paths (`uid`, `items.0.id`). */
function validationDetails(
  error: FastifyError & { validation: Array<{ instancePath: string; message?: string }> },
) {
  return error.validation.map(
    (v): ErrorDetail => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? ''),
      message: v.message ?? 'invalid',
    }),
  );
}

/**
 * An error as it may be logged: drizzle puts the query parameters (hashes, phones) into its message;
 * they are cut off so a log line never carries request data.
 */
function loggable(error: Error): {
  type: string;
  message: string;
  stack?: string;
  code?: unknown;
  cause?: unknown;
} {
  const cut = (text: string | undefined) =>
    text?.replace(/\nparams:[\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]');
  const cause = error.cause instanceof Error ? loggable(error.cause) : undefined;
  return {
    type: error.name,
    message: cut(error.message) ?? '',
    stack: cut(error.stack),
    code: (error as { code?: unknown }).code,
    cause,
  };
}

/**
 * Why an identity-provider sign-in was refused, as it may be logged: the error's type and code, the
 * provider's OAuth error and its message — never the callback's parameters (code, state) or tokens,
 * which oauth4webapi keeps in the cause's own `cause` (left out).
 */
function refusalReason(cause: unknown) {
  if (!(cause instanceof Error)) return undefined;
  const { code, error } = cause as { code?: unknown; error?: unknown };
  return {
    type: cause.name,
    code: typeof code === 'string' ? code : undefined,
    error: typeof error === 'string' ? error : undefined,
    message: cause.message,
  };
}

/**
 * The one error handler: every failure becomes the error envelope from the table in errors.ts.
 * Expected errors are not logged (they carry no secrets but are noise) — except an identity-provider
 * sign-in's refusals, logged at warn with their reason (a misconfigured provider or a mix-up attempt
 * must show in the logs, docs/decisions/041); unexpected ones are logged
 * with their stack and answered with a generic 500, never the stack itself; a dependency that cannot
 * be reached is answered 503 `service_unavailable`.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.id.startsWith('identity_'))
      request.log.warn(
        { refusal: error.id, reason: refusalReason(error.cause) },
        'identity-provider sign-in refused',
      );
    return send(reply, error.id, {
      details: error.details,
      retryAfter: error.retryAfter,
      message: error.message,
      streams: error.streams,
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = validationDetails(error);
    const phoneFields = request.routeOptions.config.phoneFields ?? [];
    const badPhone = details.some((d) => phoneFields.includes(d.path.split('.')[0] ?? ''));
    return send(reply, badPhone ? 'invalid_phone' : 'validation_error', { details });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return send(reply, 'unsupported_media_type');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return send(reply, 'payload_too_large');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return send(reply, 'invalid_json');
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return send(reply, 'bad_request', { message: error.message });
  }
  // The database or Redis is down or restarting: not a fault of the request or the code. The request
  // log has the 503 line; the outage itself is logged once where it is noticed (docs/decisions/025).
  if (isDependencyUnavailable(error)) return send(reply, 'service_unavailable', { retryAfter: 1 });
  request.log.error({ err: loggable(error) }, 'unexpected error');
  return send(reply, 'internal');
}

/** Unknown routes answer the envelope too. */
export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 'not_found');
}
