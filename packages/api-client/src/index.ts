export type { ApiErrorInit } from './api-error.js';
export { ApiError, CLIENT_ERROR_IDS, isApiError } from './api-error.js';
export type {
  ApiClient,
  ApiClientOptions,
  ApiMode,
  CallArgs,
  CallInput,
  CallOptions,
  ResponseSchemas,
} from './create-api-client.js';
export { createApiClient } from './create-api-client.js';
export { detectDevicePlatform } from './device-platform.js';
export type { FetchWithTimeoutInit } from './fetch-with-timeout.js';
export { ALL_URLS_FAILED, DEFAULT_TIMEOUT_MS, fetchWithTimeout } from './fetch-with-timeout.js';
export {
  isRetryable,
  MAX_RETRIES,
  RETRY_DELAY_MS,
  TOKEN_WAIT_ATTEMPTS,
  TOKEN_WAIT_INTERVAL_MS,
} from './retry-policy.js';
export type { SessionTokens, TokenStore } from './token-store.js';
export { createMemoryTokenStore } from './token-store.js';
