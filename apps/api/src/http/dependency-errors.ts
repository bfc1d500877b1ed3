/**
 * Whether `error` says a service the api depends on — PostgreSQL or Redis — cannot be reached or
 * gave up on the request: refused or reset connections, a connection closed by a server shutting
 * down or starting up, a connection or statement time-out. Such a failure is answered 503
 * `service_unavailable` (try again shortly), not 500: nothing is wrong with the request or the code,
 * and the same request succeeds once the service is back (docs/decisions/025-dependency-recovery.md).
 * drizzle wraps the driver's error as `cause`; Node's connect over several addresses gives an
 * AggregateError; both are looked through.
 */
export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const { code, name, message } = error as Error & { code?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    // SQLSTATE: class 08 connection exception; the server shutting down, crashed or starting up;
    // too many connections; a statement cancelled by statement_timeout.
    if (/^08[0-9A-Z]{3}$/.test(code) || SQLSTATES.has(code)) return true;
  }
  if (name === 'MaxRetriesPerRequestError') return true;
  if (MESSAGES.some((m) => message.startsWith(m))) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDependencyUnavailable(e, depth + 1)))
    return true;
  return isDependencyUnavailable(error.cause, depth + 1);
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** The drivers' own words for a connection that is gone or never came (pg, pg-pool, ioredis). */
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Connection is closed.',
  'Command timed out',
  "Stream isn't writeable",
];
