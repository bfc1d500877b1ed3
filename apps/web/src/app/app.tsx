import { startSession } from '@kadr/auth-session';
import { Button, Loader, Placeholder } from '@kadr/ui-kit';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router';
import { ROUTER_BASENAME } from '../env';
import { storageLoadingFirstRails } from '../shared/data/first-screen-rails';
import { type DeviceKind, DeviceKindContext } from '../shared/device';
import { type AppServices, ServicesProvider } from '../shared/services';
import { useSessionStore } from '../shared/stores/session-store';
import { layoutMessages as m } from './layout/messages';

// The refused sign-in link's notice (and the kit's modal under it) loads only when a link was refused:
// the entry every screen shares does not carry it (the watch page's JavaScript budget, docs/benchmarks.md).
const SignInLinkNotice = lazy(() =>
  import('./sign-in-link-notice').then((module) => ({ default: module.SignInLinkNotice })),
);

/** The sign-in link notice when startup refused a link's value (docs/decisions/038), else nothing. */
function SignInLinkNoticeSlot() {
  const refused = useSessionStore((state) => state.signInLinkRefused);
  if (!refused) return null;
  return (
    <Suspense fallback={null}>
      <SignInLinkNotice />
    </Suspense>
  );
}

/** A data router (browser in the app, memory in tests). */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Replaces the address bar's URL without a navigation or a history entry. */
const replaceBrowserUrl = (url: string) => window.history.replaceState(window.history.state, '', url);

/**
 * Starts the session (SPEC §4 Startup) and records the result in the session store; the first
 * screen's rails load as soon as the session has a token (first-screen-rails.ts). Runs outside React
 * so StrictMode's double effects cannot start it twice. A sign-in link's `auth` value is exchanged
 * there and leaves the address through `replaceUrl` (docs/decisions/038-sign-in-by-link.md).
 */
export async function startApp(
  services: AppServices,
  url: string,
  replaceUrl: (url: string) => void = replaceBrowserUrl,
): Promise<void> {
  const { api, sessionStorage } = services;
  const storage = storageLoadingFirstRails(services, url, ROUTER_BASENAME);
  try {
    useSessionStore.getState().ready(await startSession({ api, storage, sessionStorage, url, replaceUrl }));
  } catch (error) {
    console.error('[web] session start failed', error);
    useSessionStore.getState().fail();
  }
}

/** Props of {@link App}. */
export interface AppProps {
  services: AppServices;
  deviceKind: DeviceKind;
  router: AppRouter;
}

/** The app root: a full-page loader until the session is ready, then the router over the data cache. */
export function App({ services, deviceKind, router }: AppProps) {
  const status = useSessionStore((state) => state.status);
  if (status === 'starting') return <Loader variant="fullPage" label={m.starting} />;
  if (status === 'failed') {
    return (
      <Placeholder title={m.startupFailed} text={m.startupFailedText}>
        <Button onClick={services.reload}>{m.reload}</Button>
      </Placeholder>
    );
  }
  return (
    <ServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>
        <DeviceKindContext.Provider value={deviceKind}>
          <RouterProvider router={router} />
          <SignInLinkNoticeSlot />
        </DeviceKindContext.Provider>
      </QueryClientProvider>
    </ServicesProvider>
  );
}
