import { identityProviderOf, runIdentityProviderRoute, withoutCallbackParams } from '@kadr/auth-session';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ROUTER_BASENAME } from '../../env';
import { useServices } from '../../shared/services';
import { type IdentityProviderPhase, IdentityProviderView } from './identity-provider-view';
import { identityProviderMessages as m } from './messages';

/** Where the route sends the browser: to the provider, and home after sign-in (tests pass a fake). */
export interface BrowserLocation {
  assign(url: string): void;
  replace(url: string): void;
}

/** Props of {@link IdentityProviderRoute}. */
export interface IdentityProviderRouteProps {
  /** Default: `window.location`. */
  browser?: BrowserLocation;
}

/**
 * The identity-provider sign-in route (a path beginning with `auth_`, SPEC §2; docs/decisions/041):
 * sends the token-suggestion request — the api answers the provider's authorization URL, asking it to
 * suggest the visitor's accounts — and, back from the provider, has the api sign the visitor in and
 * reloads the app at home. A refusal (the visitor's, the provider's or the api's) shows its message;
 * the session stays what startup made it.
 */
export function IdentityProviderRoute({ browser = window.location }: IdentityProviderRouteProps) {
  const { api, storage } = useServices();
  const location = useLocation();
  const navigate = useNavigate();
  const segment = location.pathname.split('/').find(Boolean) ?? '';
  const provider = identityProviderOf(segment);
  const [phase, setPhase] = useState<IdentityProviderPhase>(() =>
    new URLSearchParams(location.search).has('code') ? { kind: 'finishing' } : { kind: 'redirecting' },
  );
  // The address as the browser had it on arrival: a code is spent once, so the step runs once.
  const arrival = useRef<string | null>(null);

  const run = useCallback(
    async (url: string) => {
      if (!provider) {
        setPhase({ kind: 'refused', message: m.unknownProvider });
        return;
      }
      const step = await runIdentityProviderRoute({ api, storage, provider, url, home: ROUTER_BASENAME });
      if (step.kind === 'redirect') browser.assign(step.url);
      else if (step.kind === 'signed_in') browser.replace(step.returnUrl);
      else setPhase({ kind: 'refused', message: step.message });
    },
    [api, storage, provider, browser],
  );

  // The full address (origin, basename, path, query): the router's location is inside the basename.
  const href = `${window.location.origin}${ROUTER_BASENAME.slice(0, -1)}${location.pathname}${location.search}`;

  useEffect(() => {
    if (arrival.current !== null) return;
    arrival.current = href;
    const url = href;
    // The provider's answer leaves the address at once (history, copied links, links carrying the query).
    const clean = new URL(withoutCallbackParams(url));
    if (clean.search !== new URL(url).search) navigate({ search: clean.search }, { replace: true });
    void run(url);
  }, [href, navigate, run]);

  const retry = () => {
    setPhase({ kind: 'redirecting' });
    void run(withoutCallbackParams(href));
  };

  return <IdentityProviderView phase={phase} onRetry={retry} />;
}
