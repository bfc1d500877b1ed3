import type { SearchRecommendations } from '@kadr/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { type Collection, moviePath } from '../../shared/catalogue-types';
import { CollectionTab, useCollections } from '../../shared/data/collections';
import { useServices } from '../../shared/services';
import { createSearchStore } from './search-store';

/**
 * The recommendations row (SPEC §2): the first film rail of the tab named `search`, titled by its
 * collection; null until loaded (or when the tab has none).
 */
export function toRecommendations(collections: readonly Collection[]): SearchRecommendations | null {
  for (const collection of collections) {
    if (collection.RB_type === 'tv_channels' || collection.EKs.length === 0) continue;
    return {
      title: collection.RB_title,
      items: collection.EKs.map((item) => ({
        key: String(item.EK_id),
        href: moviePath(item.EK_id),
        title: item.EK_title,
        imageUrl: item.thumb_poster_url,
        genre: item.genre,
        year: item.year,
        stickerUrl: item.sticker_image_url,
      })),
    };
  }
  return null;
}

/** Options of {@link useSearch}. */
export interface UseSearchOptions {
  /** Loads the recommendations (default true); the header box waits until it opens. */
  active?: boolean;
  /** The recommendations are the screen's primary data (the /search page's), lighting the loading bar. */
  screen?: boolean;
}

/**
 * A search for one screen (the header box or the /search page): its own store, the state as React
 * sees it, and the recommendations (loaded once `active`, shared between screens).
 */
export function useSearch({ active = true, screen = false }: UseSearchOptions = {}) {
  const { api } = useServices();
  const client = useQueryClient();
  const [store] = useState(() => createSearchStore(client, api));
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  // A pending request dies with the screen.
  useEffect(() => () => store.clear(), [store]);
  const { collections } = useCollections(CollectionTab.search, { enabled: active, screen });
  const recommendations = useMemo(() => toRecommendations(collections), [collections]);
  return { ...state, setQuery: store.setQuery, clear: store.clear, recommendations };
}
