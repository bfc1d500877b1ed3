import type { ApiClient } from '@kadr/api-client';
import { queryOptions } from '@tanstack/react-query';
import type { SearchHint } from '../../shared/catalogue-types';

/** Query keys of search. */
export const searchKeys = {
  /** The hints for a (trimmed) text. */
  hints: (text: string) => ['search-hint', text] as const,
};

/**
 * The hints for `text` (searchHint, sent once: SPEC §8 no-retry). Not a screen's data: typing does not
 * light the top loading bar (the box has its own loader).
 */
export function searchHintQuery(api: Pick<ApiClient, 'call'>, text: string) {
  return queryOptions({
    queryKey: searchKeys.hints(text),
    queryFn: async ({ signal }): Promise<SearchHint[]> =>
      (await api.call('searchHint', { body: { search_query: text } }, { signal, noRetry: true })).items,
  });
}
