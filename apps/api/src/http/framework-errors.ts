import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorId, errorReply } from '../errors';
import { errorHandler } from './error-handler';

/**
 * Fastify's `frameworkErrors`: a request its router refuses before any route or hook — a path
 * parameter with malformed percent-encoding, or longer than the router's maxParamLength (100) —
 * answers the envelope like every other refusal, not Fastify's own `{error, message, statusCode}`.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  switch (error.code) {
    case 'FST_ERR_BAD_URL': {
      const { status, body } = errorReply('bad_url');
      return reply.code(status).send(body);
    }
    case 'FST_ERR_MAX_PARAM_LENGTH': {
      const { status, body } = errorReply('uri_too_long', {
        message: 'A path parameter is longer than 100 characters',
      });
      return reply.code(status).send(body);
    }
  }
  return errorHandler(error, request, reply);
}

/** The envelope of a refusal, written straight to a socket: no request object exists yet. */
function rawAnswer(id: ErrorId): string {
  const { status, body } = errorReply(id);
  const json = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    `Content-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(json)}\r\n` +
    `Connection: close\r\n\r\n${json}`
  );
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request —
 * a request line and headers over Node's 16 KiB (an over-long URL lands here), a request not received
 * within the server's requestTimeout, or bytes that are not HTTP. Answered with the envelope and the
 * connection closed, as Node itself does.
 */
export function clientErrorHandler(
  this: { log: { trace(details: object, message: string): void } },
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // A reset connection is gone: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.trace({ err: error }, 'client error');
  const id: ErrorId =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'headers_too_large'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'request_timeout'
        : 'bad_request';
  if (socket.writable) socket.write(rawAnswer(id));
  socket.destroy(error);
}
