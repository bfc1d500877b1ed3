export type { ApiErrorLike, AuthApi, AuthCallId, AuthCallOptions } from './api';
export { isApiErrorLike } from './api';
export { createDeviceId, DEVICE_ID_PREFIX, getOrCreateDeviceUid } from './device-id';
export type {
  CodeDigits,
  LoggedInSession,
  LoginFlow,
  LoginFlowOptions,
  LoginFlowState,
  LoginFlowTimers,
} from './login-flow';
export {
  ASYNC_AUTH_POLL_MS,
  CODE_LENGTH,
  createLoginFlow,
  LOGIN_DEVICE_MODEL,
  RESEND_LOCKOUT_SECONDS,
} from './login-flow';
export type { LogoutOptions } from './logout';
export { logout } from './logout';
export {
  CODE_EXPIRED,
  formatWait,
  GENERIC_ERROR,
  GOODLINE_ALERT,
  INVALID_PHONE,
  LOGIN_REJECTED,
  LOGIN_TITLE,
  PROMPT_TITLE,
  resendTooEarlyMessage,
  tooManyAttemptsMessage,
  WRONG_CODE,
} from './messages';
export type { PhoneValidation } from './phone';
export {
  formatPhone,
  maskPhone,
  normalizePhoneInput,
  PHONE_MAX_LENGTH,
  PHONE_PREFIX,
  validatePhone,
} from './phone';
export type { PromptPlace, RegistrationPromptOptions } from './prompt';
export { dismissRegistrationPrompt, PROMPT_CLOSED, shouldShowRegistrationPrompt } from './prompt';
export type { ExchangedSession, SessionSnapshot, StartSessionOptions } from './startup';
export { AUTH_QUERY_PARAM, SMART_TV_REDIRECT, startSession } from './startup';
export type {
  SessionFlagValue,
  SessionTokens,
  StorageKeyValue,
  StorageLike,
  TokenStore,
} from './storage';
export {
  createMemoryStorage,
  createStorageTokenStore,
  ensureAuthFlag,
  getLogin,
  getProfileId,
  isLoggedIn,
  SessionFlag,
  StorageKey,
} from './storage';
export type { AuthLog, ExternalStore } from './store';
export { consoleLog } from './store';
