import type { ApiClient } from '@kadr/api-client';
import { SEARCH_MIN_LENGTH } from '@kadr/api-contract/routes';
import type { SearchResultItem, SearchStatus } from '@kadr/ui-kit';
import type { QueryClient } from '@tanstack/react-query';
import { channelPathFromSearch, moviePath, type SearchHint } from '../../shared/catalogue-types';
import { searchHintQuery, searchKeys } from './search-queries';

/**
 * SPEC §9: after sending, the original polled for the result every 100 ms. Here the request's promise
 * says when it is done (no polling where an event exists); the 100 ms remain as the wait before the
 * loader replaces what is on screen, so fast answers never flash a spinner.
 */
export const SEARCH_POLL_MS = 100;

/** What a search shows. */
export interface SearchState {
  /** The text as typed. */
  query: string;
  /** `idle` below 3 characters; `loading` once a request has been pending for SEARCH_POLL_MS. */
  status: SearchStatus;
  /** Results of the latest answered query. */
  results: SearchResultItem[];
  /** A request is under way. */
  pending: boolean;
}

/**
 * A search over searchHint: the latest query wins, earlier requests are aborted. Answers come through
 * the data cache (searchHintQuery), so a text asked again — in the header box or on /search — is
 * answered from it.
 */
export interface SearchStore {
  getState: () => SearchState;
  subscribe: (listener: () => void) => () => void;
  /** Sets the text; queries at 3 or more characters (no debounce: each edit supersedes the last). */
  setQuery: (text: string) => void;
  /** Clears the text and results and aborts a pending request. */
  clear: () => void;
}

const IDLE: SearchState = { query: '', status: 'idle', results: [], pending: false };

/**
 * The hints worth showing: none when the first item's id is 0 (the API's "nothing found", SPEC §3),
 * otherwise the content and channel entries.
 */
export function foundHints(items: readonly SearchHint[]): SearchHint[] {
  if (items.length === 0 || items[0]?.id === 0) return [];
  return items.filter((item) => (item.type === 'content' || item.type === 'channel') && item.id > 0);
}

/** A hint as a result card: content → /movie/{id}/, channel → /tv/{id} (SPEC §2 Desktop search box). */
export function toResult(hint: SearchHint): SearchResultItem {
  const channel = hint.type === 'channel';
  return {
    key: `${hint.type}-${hint.id}`,
    kind: channel ? 'channel' : 'content',
    href: channel ? channelPathFromSearch(hint.id) : moviePath(hint.id),
    title: hint.title,
    year: channel ? null : hint.year,
    imageUrl: hint.image_url,
    stickerUrl: hint.sticker_image_url,
  };
}

/** Creates a search store over the data cache and the API client. */
export function createSearchStore(
  client: QueryClient,
  api: Pick<ApiClient, 'call'>,
  options: { pollMs?: number } = {},
): SearchStore {
  const pollMs = options.pollMs ?? SEARCH_POLL_MS;
  const listeners = new Set<() => void>();
  let state = IDLE;
  // The request under way: its text and a token that later requests replace.
  let current: { text: string } | null = null;
  let loaderTimer: ReturnType<typeof setTimeout> | undefined;

  const set = (next: Partial<SearchState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const stop = () => {
    // Cancelling the query aborts its request (the query function passes the signal on).
    if (current) void client.cancelQueries({ queryKey: searchKeys.hints(current.text), exact: true });
    current = null;
    clearTimeout(loaderTimer);
  };

  const search = (text: string) => {
    const own = { text };
    current = own;
    set({ pending: true });
    loaderTimer = setTimeout(() => {
      if (current === own) set({ status: 'loading' });
    }, pollMs);
    client
      .fetchQuery(searchHintQuery(api, text))
      .then((items) => {
        if (current !== own) return;
        const results = foundHints(items).map(toResult);
        set({ status: results.length > 0 ? 'results' : 'empty', results, pending: false });
      })
      .catch(() => {
        // The cache logged the failure.
        if (current !== own) return;
        set({ status: 'error', results: [], pending: false });
      })
      .finally(() => {
        if (current === own) {
          current = null;
          clearTimeout(loaderTimer);
        }
      });
  };

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setQuery: (text) => {
      stop();
      const trimmed = text.trim();
      if (trimmed.length < SEARCH_MIN_LENGTH) {
        set({ ...IDLE, query: text });
        return;
      }
      set({ query: text });
      search(trimmed);
    },
    clear: () => {
      stop();
      set(IDLE);
    },
  };
}
