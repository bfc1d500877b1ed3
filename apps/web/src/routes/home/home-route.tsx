import { screenMessages } from '../messages';
import { ScreenPlaceholder } from '../screen-placeholder';

/** `/`: the catalogue home (collections come later). */
export function HomeRoute() {
  return (
    <ScreenPlaceholder
      title={screenMessages.catalogue}
      text={screenMessages.catalogueText}
      withActions={false}
    />
  );
}
