import { isCancelledError, QueryCache, QueryClient, useIsFetching } from '@tanstack/react-query';

/**
 * How long an answer counts as fresh: a screen opened again within it shows the cached answer and
 * asks nothing; after it, the cached answer shows at once and is refreshed behind it
 * (stale-while-revalidate). Queries whose answers change with a purchase set their own (0).
 */
export const FRESH_MS = 60_000;

/** Meta of a query that should not light the screen's loading indicator (e.g. search hints). */
export const QUIET_QUERY = { quiet: true } as const;

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
 * True while a screen's data loads for the first time (not search hints): what the top loading bar
 * binds to. A stale answer refreshed behind the screen (stale-while-revalidate) is already shown, so
 * its refresh stays quiet.
 */
export function useScreenDataLoading(): boolean {
  return (
    useIsFetching({
      predicate: (query) => query.meta?.quiet !== true && query.state.data === undefined,
    }) > 0
  );
}
