import { describe, expect, it } from 'vitest';
import { ApiError, isRetryable } from './index.js';

function error(code: number, kind = 'x', httpStatus = code < 600 ? code : 400) {
  return new ApiError({ code, httpStatus, error: kind, message: 'm', callId: 'getProfile' });
}

describe('isRetryable', () => {
  it('retries network errors and 5xx except 502 and 520', () => {
    expect(isRetryable(error(0, 'network_error', 0))).toBe(true);
    expect([500, 503, 504].map((c) => isRetryable(error(c)))).toEqual([true, true, true]);
    expect([502, 520].map((c) => isRetryable(error(c)))).toEqual([false, false]);
  });

  it('never retries 200, 502, 901, 520, 424 or 910, even with retryClientErrors', () => {
    expect([200, 502, 901, 520, 424, 910].map((c) => isRetryable(error(c), true))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('retries 4xx and 900 only with retryClientErrors', () => {
    expect([400, 429, 900].map((c) => isRetryable(error(c)))).toEqual([false, false, false]);
    expect([400, 429, 900].map((c) => isRetryable(error(c), true))).toEqual([true, true, true]);
  });

  it('retries an answer without an envelope when its HTTP status is 5xx', () => {
    expect(isRetryable(error(502, 'bad_response', 502))).toBe(true);
    expect(isRetryable(error(200, 'bad_response', 200))).toBe(false);
  });
});
