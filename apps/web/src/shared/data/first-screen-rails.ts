import { AUTH_QUERY_PARAM, StorageKey, type StorageLike } from '@kadr/auth-session';
import type { AppServices } from '../services';
import { CollectionTab, collectionsQuery } from './collections';

/**
 * The collections tab of the screen at `url` when that screen is a page of rails — the home ('/') or
 * the TV tab ('/tv') under `basename` — otherwise null.
 */
export function firstScreenTab(url: string, basename: string): string | null {
  const { pathname } = new URL(url);
  if (!`${pathname}/`.startsWith(basename)) return null;
  const path = `/${pathname.slice(basename.length)}`.replace(/\/+$/, '');
  if (path === '') return CollectionTab.home;
  if (path === '/tv') return CollectionTab.tv;
  return null;
}

/**
 * A view of `storage` that calls `onToken` once, as soon as an access token is in it: at once when one
 * is stored already, otherwise when something (the session start) stores one.
 */
export function onAccessToken(storage: StorageLike, onToken: () => void): StorageLike {
  let called = false;
  const check = () => {
    if (called || !storage.getItem(StorageKey.accessToken)) return;
    called = true;
    onToken();
  };
  check();
  return {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => {
      storage.setItem(key, value);
      if (key === StorageKey.accessToken) check();
    },
    removeItem: (key) => storage.removeItem(key),
  };
}

/**
 * The storage to start the session with: when the first screen is a page of rails, its rails query
 * (the one the screen then reads) starts the moment the session has a token, beside the rest of the
 * start (getProfile, the campaign call) instead of after it — one round trip less before the home
 * page's first images (its largest paint; docs/benchmarks.md, web). An `auth` link value may replace the session during the start, so
 * such a visit loads nothing early.
 */
export function storageLoadingFirstRails(services: AppServices, url: string, basename: string): StorageLike {
  const tab = firstScreenTab(url, basename);
  if (tab === null || new URL(url).searchParams.has(AUTH_QUERY_PARAM)) return services.storage;
  return onAccessToken(services.storage, () => {
    void services.queryClient.prefetchQuery(collectionsQuery(services.api, tab));
  });
}
