export { ApiCode, NO_RETRY_CODES } from './codes';
export type { ApiCodeValue } from './codes';
export { envelope, errorBody, errorEnvelope } from './envelope';
export type { Envelope, ErrorBody } from './envelope';
export { BUILD_NUMBER, DEVICE_PLATFORMS, HeaderName, PLATFORM } from './headers';
export type { DevicePlatform } from './headers';
export { defineCall } from './define-call';
export type { BodyEncoding, CallDefinition, HttpMethod } from './define-call';
export { asyncAuthUuid, deviceUid, phone, profileId, verifyCode } from './calls/common';
export {
  ASYNC_AUTH_STATUSES,
  LOGIN_DEVICE_TYPE,
  LOGIN_GRANT_TYPE,
  anonymousAuth,
  asyncAuthCheck,
  asyncAuthConfirm,
  asyncAuthSMSVerify,
  authApp,
  authCalls,
  getProfile,
  logout,
  profile,
  refreshToken,
  sendAuth,
  sessionTokens,
  setProfileUtm,
} from './calls/auth';
export type { AsyncAuthStatus } from './calls/auth';
export { calls } from './registry';
export type { CallId, CallBody, CallParams, CallQuery, CallResponse, Calls } from './registry';
