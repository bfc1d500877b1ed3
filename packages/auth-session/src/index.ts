export type { ApiErrorLike, AuthApi, AuthCallId, AuthCallOptions } from './api.js';
export { isApiErrorLike } from './api.js';
export { createDeviceId, DEVICE_ID_PREFIX, getOrCreateDeviceUid } from './device-id.js';
export type { IdentityProviderRouteOptions, IdentityProviderStep } from './identity-provider.js';
export {
  IDENTITY_PROVIDER_DENIED,
  IDENTITY_PROVIDER_FAILED,
  IDENTITY_PROVIDER_PATH_PREFIX,
  identityProviderOf,
  runIdentityProviderRoute,
  withoutCallbackParams,
} from './identity-provider.js';
export type {
  CodeDigits,
  LoggedInSession,
  LoginFlow,
  LoginFlowOptions,
  LoginFlowState,
  LoginFlowTimers,
} from './login-flow.js';
export {
  ASYNC_AUTH_POLL_MS,
  CODE_LENGTH,
  createLoginFlow,
  initialLoginFlowState,
  LOGIN_DEVICE_MODEL,
  RESEND_LOCKOUT_SECONDS,
} from './login-flow.js';
export type { LogoutOptions } from './logout.js';
export { logout } from './logout.js';
export {
  CODE_EXPIRED,
  codeNotSentMessage,
  formatWait,
  GENERIC_ERROR,
  GOODLINE_ALERT,
  INVALID_PHONE,
  LOGIN_REJECTED,
  LOGIN_TITLE,
  PROMPT_TITLE,
  resendTooEarlyMessage,
  SIGN_IN_LINK_INVALID,
  tooManyAttemptsMessage,
  WRONG_CODE,
} from './messages.js';
export type { PhoneValidation } from './phone.js';
export {
  formatPhone,
  maskPhone,
  normalizePhoneInput,
  PHONE_MAX_LENGTH,
  PHONE_PREFIX,
  validatePhone,
} from './phone.js';
export type { PromptPlace, RegistrationPromptOptions } from './prompt.js';
export { dismissRegistrationPrompt, PROMPT_CLOSED, shouldShowRegistrationPrompt } from './prompt.js';
export type {
  ExchangedSession,
  SessionSnapshot,
  SignInLinkOutcome,
  StartSessionOptions,
} from './startup.js';
export { AUTH_QUERY_PARAM, SMART_TV_REDIRECT, startSession } from './startup.js';
export type {
  SessionFlagValue,
  SessionTokens,
  StorageKeyValue,
  StorageLike,
  TokenStore,
} from './storage.js';
export {
  createMemoryStorage,
  createStorageTokenStore,
  ensureAuthFlag,
  getLogin,
  getProfileId,
  isLoggedIn,
  SessionFlag,
  StorageKey,
} from './storage.js';
export type { AuthLog, ExternalStore } from './store.js';
export { consoleLog } from './store.js';
