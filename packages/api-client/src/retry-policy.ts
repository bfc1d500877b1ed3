import { ApiCode, NO_RETRY_CODES } from '@kadr/api-contract/routes';
import { type ApiError, CLIENT_ERROR_IDS } from './api-error.js';

/** Retries after the first attempt (SPEC §8, §9). */
export const MAX_RETRIES = 5;
/** Delay unit: retry n waits `RETRY_DELAY_MS × n` (SPEC §8: 1000, 2000, …). */
export const RETRY_DELAY_MS = 1000;
/** Token wait before a session call (SPEC §4, §9): up to 10 polls … */
export const TOKEN_WAIT_ATTEMPTS = 10;
/** … 100 ms apart. */
export const TOKEN_WAIT_INTERVAL_MS = 100;

/**
 * Whether a failed attempt is retried (SPEC §8 as narrowed by docs/decisions/001).
 *
 * - Never: envelope codes 200, 502, 901, 520, 424 (`NO_RETRY_CODES`), and 910, which has its own
 *   recovery (reset and one retry).
 * - By default: network failures, and 5xx answers (envelope code 500–599, or an HTTP 5xx without an
 *   envelope, such as a proxy's 502 page). 4xx and the SPEC's 9xx codes (900 no content) are final:
 *   repeating a deterministic refusal only delays the error for 15 s.
 * - With `retryClientErrors`: the SPEC's literal rule — everything except the codes above.
 */
export function isRetryable(error: ApiError, retryClientErrors = false): boolean {
  if (error.error === CLIENT_ERROR_IDS.network) return true;
  if (error.error === CLIENT_ERROR_IDS.badResponse) return retryClientErrors || error.httpStatus >= 500;
  if (NO_RETRY_CODES.includes(error.code) || error.code === ApiCode.SESSION_INVALID) return false;
  if (retryClientErrors) return true;
  return error.code >= 500 && error.code <= 599;
}
