import type { AuthApi } from './api.js';
import { getOrCreateDeviceUid } from './device-id.js';
import { isIdentityProviderPath, PROVIDER_CALLBACK_PARAMS } from './provider-callback.js';
import {
  createStorageTokenStore,
  ensureAuthFlag,
  getLogin,
  getProfileId,
  isLoggedIn,
  StorageKey,
  type StorageLike,
} from './storage.js';
import { type AuthLog, consoleLog } from './store.js';

/** Query parameter carrying the auth-by-link value (SPEC §4 Startup). */
export const AUTH_QUERY_PARAM = 'auth';
/** Query parameter and value that mark a visit from the smart TV app (SPEC §4 Startup). */
export const SMART_TV_REDIRECT = { param: 'redirect', value: 'smart_tv' } as const;

/**
 * Session values an auth-by-link value is exchanged for: the `authByLink` call's answer (SPEC §3
 * auth-by-link: device_uid, phone_number, profile_id; plus the access token).
 */
export interface ExchangedSession {
  access_token: string;
  /** Ignored: SPEC §3 removes the refresh token on auth-link login. */
  refresh_token?: string;
  profile_id: number;
  /** The device id the link signs in; stored as `device_uid` when present. */
  device_uid?: string;
  /** The signed-in phone; AUTH becomes 'true' only when present. */
  phone_number?: string | null;
  /** Older name of `phone_number`, still read. */
  phone?: string | null;
}

/** How startup treated an auth-by-link value in the address. */
export type SignInLinkOutcome = 'signed_in' | 'refused';

/** Options of `startSession`. */
export interface StartSessionOptions {
  api: AuthApi;
  /** Usually `localStorage`. */
  storage: StorageLike;
  /** Usually `sessionStorage`; kept for the registration-prompt flags, not read at startup. */
  sessionStorage?: StorageLike;
  /** The page address (`location.href`). */
  url: string | URL;
  /** Events (`redirect_smart_tv`) and swallowed errors. Default: console warnings. */
  log?: AuthLog;
  /**
   * Exchanges the `auth` query value for a session. Default: the contract's `authByLink` call
   * (docs/decisions/038-sign-in-by-link.md), never retried — the value is one-time.
   */
  exchangeAuthValue?: (value: string) => Promise<ExchangedSession>;
  /**
   * Replaces the page address without the `auth` value, other parameters and the fragment kept
   * (usually `(url) => history.replaceState(history.state, '', url)`): a spent credential must not stay
   * in the address bar, the history or a shared link. Called whenever the address carried one.
   */
  replaceUrl?: (url: string) => void;
  /** Creates a device id when none is stored (default `createDeviceId`). */
  createDeviceId?: () => string;
}

/** The session after startup. */
export interface SessionSnapshot {
  profileId: number | null;
  /** The signed-in phone ('7XXXXXXXXXX'), null for an anonymous session. */
  phone: string | null;
  /** AUTH is 'true'. */
  loggedIn: boolean;
  /**
   * Present only when the address carried an auth-by-link value: `signed_in`, or `refused` (invalid,
   * expired, spent, or the exchange failed) — show SIGN_IN_LINK_INVALID; the session is the one
   * startup had otherwise (anonymous on a first visit).
   */
  signInLink?: SignInLinkOutcome;
}

/**
 * The query string to send as campaign parameters: the page's query without the `auth` credential, nor,
 * on the identity-provider route, the provider's callback (its code and state are one-time secrets).
 */
function campaignQuery(url: URL): string {
  const query = new URLSearchParams(url.search);
  query.delete(AUTH_QUERY_PARAM);
  if (isIdentityProviderPath(url)) for (const name of PROVIDER_CALLBACK_PARAMS) query.delete(name);
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** The page address without the `auth` value: other parameters (in order) and the fragment kept. */
function withoutAuthValue(url: URL): string {
  const stripped = new URL(url);
  stripped.searchParams.delete(AUTH_QUERY_PARAM);
  // URLSearchParams re-encodes what remains; an address with no other parameter loses its `?` too.
  return stripped.toString();
}

/**
 * Starts the web session (SPEC §4 Startup), in order: smart-TV redirect marker; auth-by-link
 * exchange; anonymous auth when no access token is stored; getProfile; the campaign call, once.
 * Throws only when no session can be obtained (anonymous auth failed); every other failure is logged.
 */
export async function startSession(options: StartSessionOptions): Promise<SessionSnapshot> {
  const { api, storage, log = consoleLog } = options;
  const url = new URL(options.url);
  const tokens = createStorageTokenStore(storage);
  ensureAuthFlag(storage);
  const deviceUid = getOrCreateDeviceUid(storage, options.createDeviceId);

  if (
    url.searchParams.get(SMART_TV_REDIRECT.param) === SMART_TV_REDIRECT.value &&
    storage.getItem(StorageKey.redirect) === null
  ) {
    log('redirect_smart_tv');
    storage.setItem(StorageKey.redirect, SMART_TV_REDIRECT.value);
  }

  let signInLink: SignInLinkOutcome | undefined;
  const authValue = url.searchParams.get(AUTH_QUERY_PARAM);
  if (url.searchParams.has(AUTH_QUERY_PARAM)) options.replaceUrl?.(withoutAuthValue(url));
  if (authValue) {
    const exchange: (value: string) => Promise<ExchangedSession> =
      options.exchangeAuthValue ??
      ((value: string) => api.call('authByLink', { body: { auth: value } }, { noRetry: true }));
    try {
      const session = await exchange(authValue);
      storage.setItem(StorageKey.accessToken, session.access_token);
      storage.setItem(StorageKey.profileId, String(session.profile_id));
      if (session.device_uid) storage.setItem(StorageKey.deviceUid, session.device_uid);
      storage.removeItem(StorageKey.refreshToken);
      const phone = session.phone_number ?? session.phone;
      if (phone) {
        storage.setItem(StorageKey.login, phone);
        storage.setItem(StorageKey.auth, 'true');
      } else {
        storage.removeItem(StorageKey.login);
        storage.setItem(StorageKey.auth, 'false');
      }
      signInLink = 'signed_in';
    } catch (error) {
      log('auth_value_exchange_failed', error);
      signInLink = 'refused';
    }
  } else if (authValue === '') {
    signInLink = 'refused';
  }

  if (!tokens.getAccessToken()) {
    // The one failure that throws: without a session no other call can run.
    const session = await api.call('anonymousAuth', { params: { device_uid: deviceUid } });
    tokens.setTokens(session);
    storage.removeItem(StorageKey.login);
    storage.setItem(StorageKey.auth, 'false');
  }

  try {
    const profile = await api.call('getProfile');
    storage.setItem(StorageKey.profileId, String(profile.profile_id));
    if (isLoggedIn(storage)) {
      if (profile.phone) {
        storage.setItem(StorageKey.login, profile.phone);
      } else if (getLogin(storage) !== null) {
        // The server's profile has no phone: the stored login is stale (a session reset elsewhere).
        // Without a stored phone the sign-in was through an identity provider (decision 041): it stands.
        storage.removeItem(StorageKey.login);
        storage.setItem(StorageKey.auth, 'false');
      }
    }
  } catch (error) {
    log('profile_failed', error);
  }

  const query = campaignQuery(url);
  if (query !== '' && storage.getItem(StorageKey.utmSent) === null) {
    try {
      await api.call('setProfileUtm', { body: { url: query } });
      storage.setItem(StorageKey.utmSent, 'true');
    } catch (error) {
      // Not marked done: the next visit with a campaign query tries again.
      log('utm_failed', error);
    }
  }

  const loggedIn = isLoggedIn(storage);
  const snapshot: SessionSnapshot = {
    profileId: getProfileId(storage),
    phone: loggedIn ? getLogin(storage) : null,
    loggedIn,
  };
  if (signInLink) snapshot.signInLink = signInLink;
  return snapshot;
}
