import { type AuthApi, isApiErrorLike } from './api.js';
import { IDENTITY_PROVIDER_PATH_PREFIX, PROVIDER_CALLBACK_PARAMS } from './provider-callback.js';
import { StorageKey, type StorageLike } from './storage.js';
import { type AuthLog, consoleLog } from './store.js';

// The route's messages live here, not in messages.ts: only the route's lazily loaded chunk needs them.
/** The visitor refused the sign-in at the identity provider (`access_denied`, docs/decisions/041). */
export const IDENTITY_PROVIDER_DENIED =
  'Вы отказались от входа через внешний сервис. Вы по-прежнему можете смотреть без входа';
/** The identity provider answered with another error, or the finish failed without a message of its own. */
export const IDENTITY_PROVIDER_FAILED = 'Не удалось войти через внешний сервис. Начните вход заново';

export { IDENTITY_PROVIDER_PATH_PREFIX } from './provider-callback.js';

/** What the identity-provider route does next. */
export type IdentityProviderStep =
  /** Open the provider's authorization URL (the token-suggestion request). */
  | { kind: 'redirect'; url: string }
  /** Signed in: the session values are saved; reload the app at `returnUrl`. */
  | { kind: 'signed_in'; returnUrl: string }
  /** Not signed in: show `message`; the session stays what startup made it. */
  | { kind: 'refused'; message: string };

/** What {@link runIdentityProviderRoute} needs. */
export interface IdentityProviderRouteOptions {
  api: AuthApi;
  storage: StorageLike;
  /** The provider's name (`sandbox` for `/promo/web/auth_sandbox/`). */
  provider: string;
  /** The route's address as the browser has it, with the provider's parameters when it came back. */
  url: string;
  /** The path to go to after sign-in, with the address's own query (the app's root, e.g. `/promo/web/`). */
  home: string;
  /** Where failures are logged (default: the console, as startup). */
  log?: AuthLog;
}

/** The provider name of a route path segment (`auth_sandbox` → `sandbox`), or undefined. */
export function identityProviderOf(segment: string): string | undefined {
  if (!segment.startsWith(IDENTITY_PROVIDER_PATH_PREFIX)) return undefined;
  const name = segment.slice(IDENTITY_PROVIDER_PATH_PREFIX.length);
  return /^[a-z0-9-]{1,30}$/.test(name) ? name : undefined;
}

/** The address without the provider's parameters (the campaign query and others kept). */
export function withoutCallbackParams(url: string): string {
  const parsed = new URL(url);
  for (const name of PROVIDER_CALLBACK_PARAMS) parsed.searchParams.delete(name);
  return parsed.toString();
}

/**
 * The identity-provider route's one step (docs/decisions/041): on a first visit it asks the api for
 * the provider's authorization URL (state, nonce and PKCE verifier stay on the server); back from the
 * provider with a code it has the api finish the sign-in and saves the session values as sign-in does
 * (tokens, profile id, device id, AUTH 'true', login = the phone if the profile has one); back with an
 * error, or when the api refuses, it answers the message to show — the session is left as it was.
 */
export async function runIdentityProviderRoute(
  options: IdentityProviderRouteOptions,
): Promise<IdentityProviderStep> {
  const { api, storage, provider, log = consoleLog } = options;
  const url = new URL(options.url);
  const params = url.searchParams;
  const error = params.get('error');
  if (error !== null) {
    log('identity_provider_error', error);
    return {
      kind: 'refused',
      message: error === 'access_denied' ? IDENTITY_PROVIDER_DENIED : IDENTITY_PROVIDER_FAILED,
    };
  }
  const code = params.get('code');
  const state = params.get('state');
  // RFC 9207: a provider that sends its issuer back has the api check it (mix-up defence).
  const iss = params.get('iss');
  if (code === null && state === null) {
    try {
      const started = await api.call('identityProviderStart', { body: { provider } });
      return { kind: 'redirect', url: started.authorization_url };
    } catch (failure) {
      log('identity_provider_start_failed', failure);
      return { kind: 'refused', message: messageOf(failure) };
    }
  }
  if (!code || !state) return { kind: 'refused', message: IDENTITY_PROVIDER_FAILED };
  try {
    const session = await api.call(
      'identityProviderFinish',
      { body: { provider, code, state, ...(iss ? { iss } : {}) } },
      { noRetry: true },
    );
    storage.setItem(StorageKey.accessToken, session.access_token);
    storage.setItem(StorageKey.refreshToken, session.refresh_token);
    storage.setItem(StorageKey.profileId, String(session.profile_id));
    if (session.device_uid) storage.setItem(StorageKey.deviceUid, session.device_uid);
    if (session.phone_number) storage.setItem(StorageKey.login, session.phone_number);
    else storage.removeItem(StorageKey.login);
    storage.setItem(StorageKey.auth, 'true');
    const home = new URL(options.home, url.origin);
    home.search = new URL(withoutCallbackParams(url.toString())).search;
    return { kind: 'signed_in', returnUrl: home.toString() };
  } catch (failure) {
    log('identity_provider_finish_failed', failure);
    return { kind: 'refused', message: messageOf(failure) };
  }
}

/** The api's own Russian message for its refusals; a generic one for anything else (network, 5xx). */
function messageOf(failure: unknown): string {
  if (isApiErrorLike(failure) && failure.error?.startsWith('identity_') && failure.message)
    return failure.message;
  return IDENTITY_PROVIDER_FAILED;
}
