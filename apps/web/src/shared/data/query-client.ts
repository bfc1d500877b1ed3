import { isCancelledError, type Query, QueryCache, QueryClient, useIsFetching } from '@tanstack/react-query';

/**
 * How long an answer counts as fresh: a screen opened again within it shows the cached answer and
 * asks nothing; after it, the cached answer shows at once and is refreshed behind it
 * (stale-while-revalidate). Queries whose answers change with a purchase set their own (0).
 */
export const FRESH_MS = 60_000;

/** What a query's `meta` may say; every query's `meta` is typed by it (TanStack Query's `Register`). */
export type KadrQueryMeta = {
  /** The query is a screen's primary data: its first load lights the top loading bar. */
  screen?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: KadrQueryMeta;
  }
}

/**
 * Meta of a query that is a screen's primary data — the home and TV rails, a content card, a guide's
 * week, the /search page's recommendations. Opt-in: anything else (the «Похожие фильмы» rail, seasons,
 * the profile, search hints) loads without the top loading bar, in its own placeholder.
 */
export const SCREEN_QUERY = { screen: true } as const satisfies KadrQueryMeta;

/**
 * The one cache of page data (docs/decisions/008-web-data-layer.md): answers shared between screens,
 * one request for many readers of a key, failures logged once here. No retries of its own — the API
 * client retries what may be retried (SPEC §8) — and no refetch on window focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isCancelledError(error)) console.error('[web] load failed', query.queryKey, error);
      },
    }),
    defaultOptions: { queries: { staleTime: FRESH_MS, retry: false, refetchOnWindowFocus: false } },
  });
}

/**
 * Whether a query is a screen's primary data ({@link SCREEN_QUERY}). A query's own `meta` follows the
 * options of whichever reader rendered last, so the readers are asked too: the /search page marks the
 * recommendations it shares with the header box, which does not.
 */
function isScreenQuery(query: Query): boolean {
  return (
    query.meta?.screen === true || query.observers.some((reader) => reader.options.meta?.screen === true)
  );
}

/**
 * True while a screen's primary data ({@link SCREEN_QUERY}) loads for the first time: what the top
 * loading bar binds to. A stale answer refreshed behind the screen (stale-while-revalidate) is already
 * shown, so its refresh stays quiet; so do secondary queries, which have placeholders of their own.
 */
export function useScreenDataLoading(): boolean {
  return useIsFetching({ predicate: (query) => isScreenQuery(query) && query.state.data === undefined }) > 0;
}
