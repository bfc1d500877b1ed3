import { screenMessages } from '../messages';
import { ScreenPlaceholder } from '../screen-placeholder';

/** `/search`: the search page (mobile). */
export function SearchRoute() {
  return <ScreenPlaceholder title={screenMessages.search} />;
}
