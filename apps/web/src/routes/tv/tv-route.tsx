import { screenMessages } from '../messages';
import { ScreenPlaceholder } from '../screen-placeholder';

/** `/tv`: the channel list. */
export function TvRoute() {
  return <ScreenPlaceholder title={screenMessages.tv} />;
}
