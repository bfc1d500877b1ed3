// `@kadr/api-contract/routes`: everything needed to send calls, and nothing that imports zod, so a
// browser bundle that sends calls without validating them carries no schemas. Only zod-free modules
// may be listed here (routes-entry.test.ts checks the whole import graph).
export type { ApiCodeValue } from './codes';
export { ApiCode, NO_RETRY_CODES } from './codes';
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
export type { AuthMode, BodyEncoding, HttpMethod, Route, RouteId, Routes } from './routes';
export { routes } from './routes';
