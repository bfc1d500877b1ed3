export type { AsyncAuthStatus } from './calls/auth';
export {
  ASYNC_AUTH_STATUSES,
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
export type {
  CancelReason,
  PackageAction,
  PackageStatus,
  PaymentStatus,
  PaymentType,
  ReceiptStatus,
} from './calls/billing';
export {
  billingCalls,
  CANCEL_REASONS,
  card,
  checkPayment,
  createPayment,
  deleteCard,
  getCardList,
  getEkPackages,
  getPackageInfoById,
  goods,
  listReceipts,
  PACKAGE_ACTIONS,
  PACKAGE_STATUSES,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  packageInfo,
  packageStatusResponse,
  packageSummary,
  payment,
  paymentId,
  RECEIPT_STATUSES,
  receipt,
  restorePackage,
  tariff,
  unsubscribePackage,
} from './calls/billing';
export type { CollectionType, ContentType } from './calls/catalogue';
export {
  COLLECTION_TYPES,
  CONTENT_TYPES,
  catalogueCalls,
  channelItem,
  collection,
  content,
  episode,
  filmCard,
  getCollections,
  getContent,
  getSeasonByEpisodeId,
  getSeasonEpisodes,
  getSimilar,
  season,
} from './calls/catalogue';
export {
  asyncAuthUuid,
  dateTime,
  deviceUid,
  emptyBody,
  id,
  idParam,
  okResponse,
  phone,
  profileId,
  roubles,
  url,
  verifyCode,
  year,
} from './calls/common';
export type { DrmType } from './calls/playback';
export {
  DEFAULT_PREVIEW_SECONDS,
  DRM_TYPES,
  drm,
  getRelease,
  getReleaseChannel,
  playbackCalls,
  RELEASE_DEV_TYPES,
  release,
} from './calls/playback';
export { searchCalls, searchHint, searchHintItem } from './calls/search';
export {
  getPackageByChannel,
  getTvSchedule,
  scheduleDayStart,
  tvCalls,
  tvScheduleItem,
} from './calls/tv';
export type { ApiCodeValue } from './codes';
export { ApiCode, NO_RETRY_CODES } from './codes';
export type { CallDefinition } from './define-call';
export { defineCall } from './define-call';
export type { Envelope, ErrorBody } from './envelope';
export { envelope, errorBody, errorEnvelope } from './envelope';
export type { DevicePlatform } from './headers';
export { BUILD_NUMBER, DEVICE_PLATFORMS, HeaderName, PLATFORM } from './headers';
export {
  CHANNEL_COLLECTION_PAGE_SIZE,
  COLLECTION_PAGE_SIZE,
  SCHEDULE_DAYS,
  SEARCH_MIN_LENGTH,
  SIMILAR_LIMIT,
} from './limits';
export { LOGIN_DEVICE_TYPE, LOGIN_GRANT_TYPE } from './login';
export type { CallBody, CallId, CallParams, CallQuery, CallResponse, Calls } from './registry';
export { callList, calls } from './registry';
export type { AuthMode, BodyEncoding, HttpMethod, Route, RouteId, Routes } from './routes';
export { routes } from './routes';
