export type { ApiErrorInit } from './api-error';
export { ApiError, CLIENT_ERROR_IDS, isApiError } from './api-error';
export type {
  ApiClient,
  ApiClientOptions,
  ApiMode,
  CallArgs,
  CallInput,
  CallOptions,
  ResponseSchemas,
} from './create-api-client';
export { createApiClient } from './create-api-client';
export { detectDevicePlatform } from './device-platform';
export type { FetchWithTimeoutInit } from './fetch-with-timeout';
export { ALL_URLS_FAILED, DEFAULT_TIMEOUT_MS, fetchWithTimeout } from './fetch-with-timeout';
export {
  isRetryable,
  MAX_RETRIES,
  RETRY_DELAY_MS,
  TOKEN_WAIT_ATTEMPTS,
  TOKEN_WAIT_INTERVAL_MS,
} from './retry-policy';
export type { SessionTokens, TokenStore } from './token-store';
export { createMemoryTokenStore } from './token-store';
