import type { ErrorBody } from '@kadr/api-contract';

/** Error ids the client itself produces (the API's own ids come from its error table). */
export const CLIENT_ERROR_IDS = {
  /** No answer: connection refused, DNS, offline or time-out. `code` and `httpStatus` are 0. */
  network: 'network_error',
  /** An answer that is not JSON or not the `{code, success, response}` envelope. */
  badResponse: 'bad_response',
  /** A failed envelope whose `response` is not the contract's error body. */
  unknown: 'unknown_error',
} as const;

/** What an `ApiError` is built from. */
export interface ApiErrorInit {
  /** Envelope code (SPEC §8: 502, 520, 424, 900, 901, 910, …); the HTTP status when there was no envelope; 0 for no answer. */
  code: number;
  /** HTTP status of the answer; 0 when there was none. */
  httpStatus: number;
  /** Stable snake_case error id (`validation_error`, `network_error`, …). */
  error: string;
  message: string;
  details?: ErrorBody['details'];
  /** Seconds until the same request may succeed (rate limits). */
  retryAfter?: number;
  /** The registry id of the call that failed. */
  callId: string;
  cause?: unknown;
}

/** A failed API call: the envelope's error, a transport failure, or an answer the client cannot read. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: number;
  readonly httpStatus: number;
  readonly error: string;
  readonly details: ErrorBody['details'];
  readonly retryAfter: number | undefined;
  readonly callId: string;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.httpStatus = init.httpStatus;
    this.error = init.error;
    this.details = init.details;
    this.retryAfter = init.retryAfter;
    this.callId = init.callId;
  }
}

/** Whether `value` is an `ApiError` (also across bundle copies of this package). */
export function isApiError(value: unknown): value is ApiError {
  return (
    value instanceof ApiError || (value instanceof Error && value.name === 'ApiError' && 'callId' in value)
  );
}
