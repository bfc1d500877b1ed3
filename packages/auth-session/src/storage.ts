import type { SessionTokens, TokenStore } from '@kadr/api-contract';

/** Local storage keys of the session (SPEC §3), plus `utmSent`, our marker for the one-time campaign call. */
export const StorageKey = {
  profileId: 'profile_id',
  deviceUid: 'device_uid',
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  login: 'login',
  auth: 'AUTH',
  redirect: 'redirect',
  utmSent: 'utm_sent',
} as const;

/** One local storage key. */
export type StorageKeyValue = (typeof StorageKey)[keyof typeof StorageKey];

/** Session storage flags of the registration prompt (SPEC §3); see `prompt.ts` for their values. */
export const SessionFlag = {
  promptOpen: 'promptOpen',
  promptOpenHeader: 'promptOpenHeader',
  promptOpenMovie: 'promptOpenMovie',
} as const;

/** One session storage flag. */
export type SessionFlagValue = (typeof SessionFlag)[keyof typeof SessionFlag];

/** The part of the Web Storage API this package uses; `localStorage`/`sessionStorage` fit it. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Tokens of a session as stored, and the store the API client reads them from (`@kadr/api-contract`). */
export type { SessionTokens, TokenStore };

/** Sets AUTH to 'false' when it is absent (SPEC §3). */
export function ensureAuthFlag(storage: StorageLike): void {
  if (storage.getItem(StorageKey.auth) === null) storage.setItem(StorageKey.auth, 'false');
}

/**
 * A TokenStore over local storage. `setTokens` writes access_token, refresh_token and profile_id;
 * `clear` removes access_token, refresh_token and login and sets AUTH 'false' (the api-client calls it
 * on code 910, before it opens a fresh anonymous session). Initialises AUTH if absent.
 */
export function createStorageTokenStore(storage: StorageLike): TokenStore {
  ensureAuthFlag(storage);
  return {
    getAccessToken: () => storage.getItem(StorageKey.accessToken) || null,
    getRefreshToken: () => storage.getItem(StorageKey.refreshToken) || null,
    setTokens(tokens) {
      storage.setItem(StorageKey.accessToken, tokens.access_token);
      storage.setItem(StorageKey.refreshToken, tokens.refresh_token);
      storage.setItem(StorageKey.profileId, String(tokens.profile_id));
    },
    clear() {
      storage.removeItem(StorageKey.accessToken);
      storage.removeItem(StorageKey.refreshToken);
      storage.removeItem(StorageKey.login);
      storage.setItem(StorageKey.auth, 'false');
    },
  };
}

/** True after a real login (by phone, or through an identity provider): AUTH is 'true' (SPEC §6). */
export function isLoggedIn(storage: StorageLike): boolean {
  return storage.getItem(StorageKey.auth) === 'true';
}

/** The signed-in phone ('7XXXXXXXXXX') from `login`, or null. */
export function getLogin(storage: StorageLike): string | null {
  return storage.getItem(StorageKey.login) || null;
}

/** The stored profile id, or null when absent or not a positive integer. */
export function getProfileId(storage: StorageLike): number | null {
  const raw = storage.getItem(StorageKey.profileId);
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** An in-memory StorageLike, for tests, server rendering or browsers that block storage. */
export function createMemoryStorage(initial: Record<string, string> = {}): StorageLike & {
  /** A copy of everything stored. */
  snapshot(): Record<string, string>;
} {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    removeItem: (key) => {
      items.delete(key);
    },
    snapshot: () => Object.fromEntries(items),
  };
}
