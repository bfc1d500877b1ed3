// Plain data, no zod: this module is part of the `@kadr/api-contract/routes` entry, which browsers load
// to send calls without bundling the schemas. `defineCall` takes these fields from here (see `route`).

/** HTTP methods used by the SPEC's calls. */
export type HttpMethod = 'GET' | 'POST';

/** How a call's body is encoded: JSON for all but refreshToken, which SPEC §7 sends as a form. */
export type BodyEncoding = 'json' | 'form';

/** Whether a call needs a session (access token): `none`, `session`, or `optional` (sent when there is one). */
export type AuthMode = 'none' | 'session' | 'optional';

/** How one call is sent: the transport half of a call definition, without its schemas. */
export interface Route {
  method: HttpMethod;
  /** The path, with `:param` placeholders. */
  path: string;
  /** Default `json`. */
  bodyEncoding?: BodyEncoding;
  auth: AuthMode;
  /**
   * Never retried (SPEC §8's no-retry flag): asyncAuthSMSVerify (SPEC §7), and calls that are not
   * idempotent and carry no idempotency key — sendAuth, whose every try may send an SMS and spend the
   * viewer's limits (docs/decisions/021).
   */
  noRetry?: boolean;
}

/** Method, path, body encoding, auth mode and no-retry flag of every SPEC §7 call, by call id. */
export const routes = {
  // auth and profile
  anonymousAuth: { method: 'GET', path: '/web/1/auth/:device_uid', auth: 'none' },
  sendAuth: { method: 'POST', path: '/v1/agregator/sendAuth', auth: 'session', noRetry: true },
  asyncAuthCheck: { method: 'POST', path: '/v1/agregator/asyncAuthCheck', auth: 'session' },
  asyncAuthSMSVerify: {
    method: 'POST',
    path: '/v1/agregator/asyncAuthSMSVerify',
    auth: 'session',
    noRetry: true,
  },
  asyncAuthConfirm: { method: 'POST', path: '/v1/agregator/asyncAuthConfirm', auth: 'none', noRetry: true },
  authApp: { method: 'POST', path: '/v1/agregator/authApp', auth: 'optional' },
  refreshToken: { method: 'POST', path: '/v1/agregator/refreshToken', bodyEncoding: 'form', auth: 'none' },
  // SPEC §4 startup's auth-by-link exchange: path ours (docs/decisions/038). One-time, so never retried.
  authByLink: { method: 'POST', path: '/v1/agregator/authByLink', auth: 'none', noRetry: true },
  // SPEC §2's identity-provider route: paths ours (docs/decisions/041). The finish spends a one-time code.
  identityProviderStart: { method: 'POST', path: '/v1/agregator/identityProviderStart', auth: 'session' },
  identityProviderFinish: {
    method: 'POST',
    path: '/v1/agregator/identityProviderFinish',
    auth: 'session',
    noRetry: true,
  },
  getProfile: { method: 'POST', path: '/v1/agregator/getProfile', auth: 'session' },
  logout: { method: 'POST', path: '/v1/agregator/logout', auth: 'session' },
  setProfileUtm: { method: 'POST', path: '/v1/agregator/setProfileUtm', auth: 'session' },
  // catalogue: public reads, the session only personalises them (a title's goods, is_bought); without
  // one they answer as to a new visitor, so a visitor whose network is over the new-profile limits still
  // browses (docs/decisions/047)
  getCollections: { method: 'GET', path: '/web/1/collections', auth: 'optional' },
  getContent: { method: 'GET', path: '/web/2/contents/:id', auth: 'optional' },
  getSeasonEpisodes: { method: 'GET', path: '/web/2/seasons/:season_id/episodes', auth: 'optional' },
  getSeasonByEpisodeId: { method: 'POST', path: '/v1/agregator/getSeasonByEpisodeId', auth: 'optional' },
  getSimilar: { method: 'GET', path: '/web/1/contents/:id/similar', auth: 'optional' },
  // tv
  getTvSchedule: { method: 'POST', path: '/v1/agregator/getTvSchedule', auth: 'optional' },
  getPackageByChannel: { method: 'POST', path: '/v1/agregator/getPackageByChannel', auth: 'optional' },
  // playback
  getRelease: { method: 'GET', path: '/web/1/releases/:id', auth: 'session' },
  getReleaseChannel: { method: 'POST', path: '/v1/agregator/getReleaseChannel', auth: 'session' },
  // billing
  getEkPackages: { method: 'POST', path: '/v1/agregator/getEkPackages', auth: 'session' },
  getPackageInfoById: { method: 'POST', path: '/v1/agregator/getPackageInfoById', auth: 'session' },
  unsubscribePackage: { method: 'POST', path: '/v1/agregator/unsubscribePackage', auth: 'session' },
  restorePackage: { method: 'POST', path: '/v1/agregator/restorePackage', auth: 'session' },
  createPayment: { method: 'POST', path: '/v1/agregator/createPayment', auth: 'session' },
  checkPayment: { method: 'POST', path: '/v1/agregator/checkPayment', auth: 'session' },
  getCardList: { method: 'POST', path: '/v1/agregator/getCardList', auth: 'session' },
  deleteCard: { method: 'POST', path: '/v1/agregator/deleteCard', auth: 'session' },
  listReceipts: { method: 'POST', path: '/v1/agregator/listReceipts', auth: 'session' },
  // search
  searchHint: { method: 'POST', path: '/v2/agregator/searchHint', auth: 'optional' },
  // devices and the stream limit: Kadr's extensions beside SPEC §7, paths ours (docs/decisions/057)
  getDevices: { method: 'POST', path: '/v1/agregator/getDevices', auth: 'session' },
  signOutDevice: { method: 'POST', path: '/v1/agregator/signOutDevice', auth: 'session' },
  signOutOtherDevices: { method: 'POST', path: '/v1/agregator/signOutOtherDevices', auth: 'session' },
  getActiveStreams: { method: 'POST', path: '/v1/agregator/getActiveStreams', auth: 'session' },
  stopStream: { method: 'POST', path: '/v1/agregator/stopStream', auth: 'session' },
  // viewing: Kadr's extension beside SPEC §7 (issue 25, docs/decisions/055) — progress, «Продолжить
  // просмотр», «История просмотров», «Буду смотреть». Paths ours; every call is the session's profile's.
  saveWatchProgress: { method: 'POST', path: '/v1/agregator/saveWatchProgress', auth: 'session' },
  getTitleViewing: { method: 'POST', path: '/v1/agregator/getTitleViewing', auth: 'session' },
  getTitlesProgress: { method: 'POST', path: '/v1/agregator/getTitlesProgress', auth: 'session' },
  getContinueWatching: { method: 'POST', path: '/v1/agregator/getContinueWatching', auth: 'session' },
  removeContinueWatching: { method: 'POST', path: '/v1/agregator/removeContinueWatching', auth: 'session' },
  getWatchHistory: { method: 'POST', path: '/v1/agregator/getWatchHistory', auth: 'session' },
  removeWatchHistory: { method: 'POST', path: '/v1/agregator/removeWatchHistory', auth: 'session' },
  clearWatchHistory: { method: 'POST', path: '/v1/agregator/clearWatchHistory', auth: 'session' },
  getWatchlist: { method: 'POST', path: '/v1/agregator/getWatchlist', auth: 'session' },
  addToWatchlist: { method: 'POST', path: '/v1/agregator/addToWatchlist', auth: 'session' },
  removeFromWatchlist: { method: 'POST', path: '/v1/agregator/removeFromWatchlist', auth: 'session' },
} as const satisfies Record<string, Route>;

/** The routes table's type. */
export type Routes = typeof routes;
/** The id of a call in the routes table (the same ids as the registry's `CallId`). */
export type RouteId = keyof Routes;
