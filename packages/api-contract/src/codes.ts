/**
 * Envelope codes. The SPEC names 200, 502, 520, 424, 900, 901 and 910; the rest follow HTTP so a
 * reader can guess them. The API answers the matching HTTP status beside each (see apps/api errors).
 */
export const ApiCode = {
  /** Success. */
  OK: 200,
  /** The request does not match the contract. */
  VALIDATION: 400,
  /** Client credentials (client_id/client_secret) are wrong. */
  INVALID_CLIENT: 401,
  /** The call needs a signed-in (phone) session. */
  FORBIDDEN: 403,
  /** The thing asked for does not exist. */
  NOT_FOUND: 404,
  /** The body is larger than the API accepts. */
  PAYLOAD_TOO_LARGE: 413,
  /** The body is not JSON (or a form where a form is accepted). */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Too many requests for this phone, number range or address; `retry_after` says when to come back. */
  RATE_LIMITED: 429,
  /** A precondition failed in a way retrying will not fix (SPEC: never retried). */
  FAILED_DEPENDENCY: 424,
  /** Unexpected server failure. */
  INTERNAL: 500,
  /** Wrong verification code (SPEC §8: shown as 'Неверный код'; never retried). */
  WRONG_CODE: 502,
  /** A provider (SMS gateway, push) is unavailable; retrying later may help. */
  PROVIDER_UNAVAILABLE: 503,
  /** The code is expired or used up: request a new one (never retried). */
  CODE_EXPIRED: 520,
  /** Content not found or has no vendor (SPEC §8 'nocontent'). */
  NO_CONTENT: 900,
  /** Access token expired: refresh it and retry the same call (SPEC §8). */
  TOKEN_EXPIRED: 901,
  /** Session invalid: reset, get an anonymous session, retry (SPEC §8). */
  SESSION_INVALID: 910,
} as const;

/** One of the envelope codes above. */
export type ApiCodeValue = (typeof ApiCode)[keyof typeof ApiCode];

/** Codes the client never retries (SPEC §8: 200, 502, 901, 520, 424). 901 and 910 have their own handling. */
export const NO_RETRY_CODES: readonly number[] = [200, 502, 901, 520, 424];
