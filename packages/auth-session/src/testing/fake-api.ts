// Test support only (excluded from the build): a fake of the AuthApi port and ApiError-shaped errors.
import type { CallResponse } from '@kadr/api-contract';
import type { AuthApi, AuthCallId, AuthCallOptions } from '../api.js';

/** The input of one call, as the fake sees it. */
export interface FakeInput {
  params?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

/** Answers call K: a value, or a function of the input (throw to fail the call). */
export type FakeHandler<K extends AuthCallId> =
  | CallResponse<K>
  | ((input: FakeInput | undefined, options: AuthCallOptions | undefined) => unknown);

/** One recorded call. */
export interface RecordedCall {
  id: AuthCallId;
  input: unknown;
  options: AuthCallOptions | undefined;
}

/** A fake AuthApi that records calls in order and answers from `handlers`; unknown ids reject. */
export function createFakeApi(handlers: { [K in AuthCallId]?: FakeHandler<K> } = {}) {
  const calls: RecordedCall[] = [];
  const call = (id: AuthCallId, input?: FakeInput, options?: AuthCallOptions): Promise<unknown> => {
    calls.push({ id, input, options });
    const handler = (handlers as Record<string, unknown>)[id];
    if (handler === undefined) return Promise.reject(new Error(`unexpected call ${id}`));
    return Promise.resolve().then(() => (typeof handler === 'function' ? handler(input, options) : handler));
  };
  const api = { call } as unknown as AuthApi;
  return {
    api,
    calls,
    handlers,
    /** Ids of the calls so far, in order. */
    ids: () => calls.map((c) => c.id),
    /** Recorded calls of one id. */
    callsOf: (id: AuthCallId) => calls.filter((c) => c.id === id),
  };
}

/** An error shaped like the api-client's ApiError. */
export function apiError(code: number, extra: { error?: string; retryAfter?: number } = {}) {
  return Object.assign(new Error(`api error ${code}`), { code, httpStatus: code, error: 'x', ...extra });
}

/** A promise with its resolve/reject exposed, to hold a call open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
