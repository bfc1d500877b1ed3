import { screenMessages } from '../messages';
import { ScreenPlaceholder } from '../screen-placeholder';

/** `/account/packages`: the package list. */
export function AccountPackagesRoute() {
  return <ScreenPlaceholder title={screenMessages.packages} />;
}
