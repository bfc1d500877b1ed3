import type { CallBody, CallParams, CallResponse } from '@kadr/api-contract';

/** The calls this package makes. */
export type AuthCallId =
  | 'anonymousAuth'
  | 'getProfile'
  | 'setProfileUtm'
  | 'sendAuth'
  | 'asyncAuthCheck'
  | 'asyncAuthSMSVerify'
  | 'authApp'
  | 'authByLink'
  | 'identityProviderStart'
  | 'identityProviderFinish'
  | 'logout';

/**
 * Per-call options this package may pass. `accessToken` asks the client to send the call with that
 * token instead of the stored one (logout clears storage first and still needs the old token, SPEC §4);
 * `noRetry` and `signal` are the api-client's own options.
 */
export interface AuthCallOptions {
  accessToken?: string;
  noRetry?: boolean;
  signal?: AbortSignal;
}

type Call<K extends AuthCallId, I> = (id: K, input: I, options?: AuthCallOptions) => Promise<CallResponse<K>>;
type CallWithoutInput<K extends AuthCallId> = (
  id: K,
  input?: { body?: CallBody<K> },
  options?: AuthCallOptions,
) => Promise<CallResponse<K>>;

/**
 * The port this package needs from the API client: `call(id, input, options)` for the calls it makes,
 * typed by the contract. `createApiClient()` of `@kadr/api-client` fits it as is (its generic `call`
 * is checked against each of these signatures); tests pass a fake. Declared here so this package does
 * not depend on the client's build or release timing.
 */
export interface AuthApi {
  /** Runs call `id`; resolves to the `response` of its success envelope, rejects with an ApiError. */
  call: Call<'anonymousAuth', { params: CallParams<'anonymousAuth'> }> &
    CallWithoutInput<'getProfile'> &
    Call<'setProfileUtm', { body: CallBody<'setProfileUtm'> }> &
    Call<'sendAuth', { body: CallBody<'sendAuth'> }> &
    Call<'asyncAuthCheck', { body: CallBody<'asyncAuthCheck'> }> &
    Call<'asyncAuthSMSVerify', { body: CallBody<'asyncAuthSMSVerify'> }> &
    Call<'authApp', { body: CallBody<'authApp'> }> &
    Call<'authByLink', { body: CallBody<'authByLink'> }> &
    Call<'identityProviderStart', { body: CallBody<'identityProviderStart'> }> &
    Call<'identityProviderFinish', { body: CallBody<'identityProviderFinish'> }> &
    CallWithoutInput<'logout'>;
}

/** What this package reads from a failed call: the api-client's `ApiError`, duck-typed by `code`. */
export interface ApiErrorLike {
  /** Envelope code (502 wrong code, 520 code expired, 429 rate limited, …). */
  code: number;
  /** Stable snake_case error id, e.g. `resend_too_early`. */
  error?: string;
  message?: string;
  /** Seconds until the same request may succeed. */
  retryAfter?: number;
}

/** True when `value` looks like an ApiError: an object with a numeric `code`. */
export function isApiErrorLike(value: unknown): value is ApiErrorLike {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

/** Seconds to wait from an ApiError-like value (`retryAfter`, or the wire's `retry_after`), if any. */
export function retryAfterOf(error: ApiErrorLike): number | undefined {
  const raw = error.retryAfter ?? (error as { retry_after?: unknown }).retry_after;
  return typeof raw === 'number' && Number.isFinite(raw) && raw >= 0 ? raw : undefined;
}
