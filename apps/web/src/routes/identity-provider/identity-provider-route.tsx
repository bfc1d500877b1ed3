import { screenMessages } from '../messages';
import { ScreenPlaceholder } from '../screen-placeholder';

/**
 * The identity-provider sign-in route (a path beginning with `auth_`). The SPEC sends a token-suggestion
 * request to an external provider; no provider is connected, so the screen says so.
 */
export function IdentityProviderRoute() {
  return (
    <ScreenPlaceholder title={screenMessages.identityProvider} text={screenMessages.identityProviderText} />
  );
}
