import type { ApiClient } from '@kadr/api-client';
import { useCallback, useEffect } from 'react';
import { create } from 'zustand';
import type { Collection } from '../catalogue-types';
import { useServices } from '../services';

/** Tabs of getCollections the web asks for (SPEC §7: names only). */
export const CollectionTab = {
  /** The catalogue home. */
  home: 'Main2',
  /** The TV tab. */
  tv: 'tv_channels_tab',
  /** Search recommendations. */
  search: 'search',
} as const;

/**
 * Rail sizes (SPEC §9): 15, and 40 on the channel tab. The contract names them too
 * (COLLECTION_PAGE_SIZE, CHANNEL_COLLECTION_PAGE_SIZE), but from its zod entry, which the browser
 * bundle does not load.
 */
export const COLLECTION_PAGE_SIZE = 15;
/** Rail size of the channel tab (SPEC §9). */
export const CHANNEL_COLLECTION_PAGE_SIZE = 40;

/** The rails of one tab. */
export interface TabCollections {
  status: 'loading' | 'ready' | 'error';
  collections: Collection[];
}

/** Collections store: the rails of each tab, loaded once per visit and shared by the screens. */
export interface CollectionsState {
  tabs: Readonly<Record<string, TabCollections>>;
  /** Loads a tab's rails (again after a failure); a load already under way is not repeated. */
  load: (api: ApiClient, tabId: string) => Promise<void>;
}

export const useCollectionsStore = create<CollectionsState>()((set, get) => ({
  tabs: {},
  load: async (api, tabId) => {
    if (get().tabs[tabId]?.status === 'loading') return;
    const put = (entry: TabCollections) => set((state) => ({ tabs: { ...state.tabs, [tabId]: entry } }));
    put({ status: 'loading', collections: [] });
    const count = tabId === CollectionTab.tv ? CHANNEL_COLLECTION_PAGE_SIZE : COLLECTION_PAGE_SIZE;
    try {
      const { collections } = await api.call('getCollections', {
        query: { tab_id: tabId, RB_queue_count: count, RB_teaser_count: count },
      });
      put({ status: 'ready', collections });
    } catch (error) {
      console.error('[web] collections failed', tabId, error);
      put({ status: 'error', collections: [] });
    }
  },
}));

/** The rails of `tabId`, loading them on first use (unless `enabled` is false), and a retry. */
export function useCollections(tabId: string, enabled = true) {
  const { api } = useServices();
  const entry = useCollectionsStore((state) => state.tabs[tabId]);
  const load = useCollectionsStore((state) => state.load);
  const needed = enabled && !entry;
  useEffect(() => {
    if (needed) void load(api, tabId);
  }, [needed, load, api, tabId]);
  const retry = useCallback(() => void load(api, tabId), [load, api, tabId]);
  return { status: entry?.status ?? 'loading', collections: entry?.collections ?? [], retry } as const;
}
