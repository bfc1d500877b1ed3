import type { AuthApi } from './api.js';
import { StorageKey, type StorageLike } from './storage.js';
import { type AuthLog, consoleLog } from './store.js';

/** Options of `logout`. */
export interface LogoutOptions {
  api: AuthApi;
  /** Usually `localStorage`. */
  storage: StorageLike;
  /** Reloads the page at its own address (`() => location.reload()`). */
  reload: () => void;
  /** Where a failed server call is reported (default: console warnings); it never stops the logout. */
  log?: AuthLog;
}

/**
 * Logs out after the user confirmed (SPEC §4 Logout), in the SPEC's order: AUTH 'false'; access and
 * refresh tokens, login and profile id removed; the server `logout` call; reload. The access token is
 * read before it is removed and passed as `{ accessToken }` so the server ends the right session; an
 * API client that ignores that option sends the call without a token and the server session simply
 * expires. Errors of the call are ignored. The device id stays.
 */
export async function logout({ api, storage, reload, log = consoleLog }: LogoutOptions): Promise<void> {
  const accessToken = storage.getItem(StorageKey.accessToken);
  storage.setItem(StorageKey.auth, 'false');
  storage.removeItem(StorageKey.accessToken);
  storage.removeItem(StorageKey.refreshToken);
  storage.removeItem(StorageKey.login);
  storage.removeItem(StorageKey.profileId);
  try {
    // No retries: the page reloads right after, and a failure changes nothing for the user.
    await api.call('logout', {}, accessToken ? { accessToken, noRetry: true } : { noRetry: true });
  } catch (error) {
    log('logout_call_failed', error);
  }
  reload();
}
