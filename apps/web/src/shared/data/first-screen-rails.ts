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
 * Starts the first screen's rails query (the one the screen then reads) when that screen is a page of
 * rails, at once, beside the session start instead of after it — one round trip less before the home
 * page's first images (its largest paint; docs/benchmarks.md, web). The rails are the same for every
 * visitor and need no session (decision 047), so nothing waits for a token, and a sign-in link in the
 * address changes nothing about them.
 */
export function prefetchFirstScreenRails(services: AppServices, url: string, basename: string): void {
  const tab = firstScreenTab(url, basename);
  if (tab !== null) void services.queryClient.prefetchQuery(collectionsQuery(services.api, tab));
}
