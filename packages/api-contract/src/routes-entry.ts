// `@kadr/api-contract/routes`: everything needed to send calls, and nothing that imports zod, so a
// browser bundle that sends calls without validating them carries no schemas. Only zod-free modules
// may be listed here (routes-entry.test.ts checks the whole import graph).
export type { ApiCodeValue } from './codes.js';
export { ApiCode, NO_RETRY_CODES } from './codes.js';
export type { DevicePlatform } from './headers.js';
export { BUILD_NUMBER, DEVICE_PLATFORMS, HeaderName, PLATFORM } from './headers.js';
export {
  CHANNEL_COLLECTION_PAGE_SIZE,
  COLLECTION_PAGE_SIZE,
  SCHEDULE_DAYS,
  SEARCH_MIN_LENGTH,
  SIMILAR_LIMIT,
  TRIAL_CHARGE_ROUBLES,
  VIEWING_PAGE_SIZE,
  VIEWING_PAGE_SIZE_MAX,
} from './limits.js';
export { LOGIN_DEVICE_TYPE, LOGIN_GRANT_TYPE } from './login.js';
export type { AuthMode, BodyEncoding, HttpMethod, Route, RouteId, Routes } from './routes.js';
export { routes } from './routes.js';
