import { screenMessages } from '../messages';
import { ScreenPlaceholder } from '../screen-placeholder';

/** `/account/cards`: saved cards. */
export function AccountCardsRoute() {
  return <ScreenPlaceholder title={screenMessages.cards} />;
}
