import { screenMessages } from '../messages';
import { ScreenPlaceholder } from '../screen-placeholder';

/** `/account/receipts`: receipts. */
export function AccountReceiptsRoute() {
  return <ScreenPlaceholder title={screenMessages.receipts} />;
}
