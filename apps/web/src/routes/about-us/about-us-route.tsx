import { screenMessages } from '../messages';
import { ScreenPlaceholder } from '../screen-placeholder';

/** `/about_us`: the static information page. */
export function AboutUsRoute() {
  return <ScreenPlaceholder title={screenMessages.aboutUs} />;
}
