import { SearchPage } from '../../features/search/search-page';

/** `/search`: the search page (mobile; also reachable on desktop). */
export function SearchRoute() {
  return <SearchPage />;
}
