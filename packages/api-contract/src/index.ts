export type { AsyncAuthStatus, SessionTokens, TokenStore } from './calls/auth.js';
export {
  ASYNC_AUTH_STATUSES,
  anonymousAuth,
  asyncAuthCheck,
  asyncAuthConfirm,
  asyncAuthSMSVerify,
  authApp,
  authByLink,
  authCalls,
  getProfile,
  identityProviderFinish,
  identityProviderName,
  identityProviderStart,
  logout,
  profile,
  refreshToken,
  SIGN_IN_LINK_VALUE_MAX,
  sendAuth,
  sessionTokens,
  setProfileUtm,
} from './calls/auth.js';
export type {
  CancelReason,
  PackageAction,
  PackageStatus,
  PaymentStatus,
  PaymentType,
  ReceiptStatus,
} from './calls/billing.js';
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
} from './calls/billing.js';
export type { CollectionType, ContentType } from './calls/catalogue.js';
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
} from './calls/catalogue.js';
export {
  asyncAuthUuid,
  dateTime,
  dateTimeParam,
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
} from './calls/common.js';
export {
  activeStream,
  device,
  deviceCalls,
  deviceId,
  getActiveStreams,
  getDevices,
  signOutDevice,
  signOutOtherDevices,
  stopStream,
} from './calls/devices.js';
export type { EmbedConfig } from './calls/embed.js';
export { embedConfig, embedFlagAnswer, embedStatusAnswer } from './calls/embed.js';
export type { DrmType } from './calls/playback.js';
export {
  DEFAULT_PREVIEW_SECONDS,
  DRM_TYPES,
  drm,
  getRelease,
  getReleaseChannel,
  playbackCalls,
  RELEASE_DEV_TYPES,
  release,
} from './calls/playback.js';
export { searchCalls, searchHint, searchHintItem } from './calls/search.js';
export {
  getPackageByChannel,
  getTvSchedule,
  scheduleDayStart,
  tvCalls,
  tvScheduleItem,
} from './calls/tv.js';
export {
  addToWatchlist,
  clearWatchHistory,
  getContinueWatching,
  getTitlesProgress,
  getTitleViewing,
  getWatchHistory,
  getWatchlist,
  removeContinueWatching,
  removeFromWatchlist,
  removeWatchHistory,
  saveWatchProgress,
  TITLES_PROGRESS_MAX,
  viewingCalls,
  WATCH_SECONDS_MAX,
  watchEntry,
  watchEpisode,
  watchItem,
  watchlistEntry,
  watchProgramme,
  watchProgress,
  watchTitle,
} from './calls/viewing.js';
export type { CallDefinition } from './define-call.js';
export { defineCall } from './define-call.js';
export type { Envelope, ErrorBody } from './envelope.js';
export { envelope, errorBody, errorEnvelope } from './envelope.js';
export type { CallBody, CallId, CallParams, CallQuery, CallResponse, Calls } from './registry.js';
export { callList, calls } from './registry.js';
// Everything the zod-free `/routes` entry has (codes, headers, limits, login constants, routes).
export * from './routes-entry.js';
