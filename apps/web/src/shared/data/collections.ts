import type { ApiClient } from '@kadr/api-client';
import { CHANNEL_COLLECTION_PAGE_SIZE, COLLECTION_PAGE_SIZE } from '@kadr/api-contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Collection } from '../catalogue-types';
import { useServices } from '../services';
import { SCREEN_QUERY } from './query-client';

/** Tabs of getCollections the web asks for (SPEC §7: names only). */
export const CollectionTab = {
  /** The catalogue home. */
  home: 'Main2',
  /** The TV tab. */
  tv: 'tv_channels_tab',
  /** Search recommendations. */
  search: 'search',
} as const;

/** Query keys of the collections domain. */
export const collectionKeys = {
  /** The rails of one tab. */
  tab: (tabId: string) => ['collections', tabId] as const,
};

/** The tabs whose rails are a whole screen (home, TV): a screen's primary data by default. */
const SCREEN_TABS: ReadonlySet<string> = new Set([CollectionTab.home, CollectionTab.tv]);

/**
 * The rails of a tab (getCollections), 15 a rail, 40 on the channel tab (SPEC §9). The request is not
 * aborted when a screen leaves: the first screen's rails start before any screen reads them
 * (first-screen-rails.ts), and a half-loaded answer is worth keeping for the next screen. `screen`
 * marks them as a screen's primary data (the top loading bar); by default the home and TV tabs are.
 */
export function collectionsQuery(
  api: Pick<ApiClient, 'call'>,
  tabId: string,
  screen = SCREEN_TABS.has(tabId),
) {
  const count = tabId === CollectionTab.tv ? CHANNEL_COLLECTION_PAGE_SIZE : COLLECTION_PAGE_SIZE;
  return queryOptions({
    queryKey: collectionKeys.tab(tabId),
    meta: screen ? SCREEN_QUERY : undefined,
    queryFn: async (): Promise<Collection[]> =>
      (
        await api.call('getCollections', {
          query: { tab_id: tabId, RB_queue_count: count, RB_teaser_count: count },
        })
      ).collections,
  });
}

/** How a tab's rails load. */
export type CollectionsStatus = 'loading' | 'ready' | 'error';

const NONE: Collection[] = [];

/** Options of {@link useCollections}. */
export interface UseCollectionsOptions {
  /** Loads the rails on first use (default true). */
  enabled?: boolean;
  /** The rails are the screen's primary data (default: for the home and TV tabs); see `collectionsQuery`. */
  screen?: boolean;
}

/** The rails of `tabId`, loading them on first use (unless `enabled` is false), and a retry. */
export function useCollections(tabId: string, { enabled = true, screen }: UseCollectionsOptions = {}) {
  const { api } = useServices();
  const query = useQuery({ ...collectionsQuery(api, tabId, screen), enabled });
  const status: CollectionsStatus = query.data ? 'ready' : query.isError ? 'error' : 'loading';
  const { refetch } = query;
  return { status, collections: query.data ?? NONE, retry: () => void refetch() } as const;
}
