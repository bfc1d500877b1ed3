import { type ApiErrorLike, startSession } from '@kadr/auth-session';
import { Button, Loader, Placeholder } from '@kadr/ui-kit';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router';
import { ROUTER_BASENAME } from '../env';
import { prefetchFirstScreenRails } from '../shared/data/first-screen-rails';
import { type DeviceKind, DeviceKindContext } from '../shared/device';
import { type AppServices, ServicesProvider } from '../shared/services';
import { useSessionStore } from '../shared/stores/session-store';
import { layoutMessages as m } from './layout/messages';

// The start's notices — a refused sign-in link's, the new-visit limit's — and the kit's modal under them
// load only when one is due: the entry every screen shares does not carry them (the watch page's
// JavaScript budget, docs/benchmarks.md).
const StartupNotices = lazy(() =>
  import('./startup-notices').then((module) => ({ default: module.StartupNotices })),
);

/**
 * The start's notices when one is due: a refused sign-in link's value (docs/decisions/038), or no
 * session for the new-visit limits (decision 047); else nothing.
 */
function StartupNoticesSlot() {
  const due = useSessionStore((state) => state.signInLinkRefused || state.limit !== null);
  if (!due) return null;
  return (
    <Suspense fallback={null}>
      <StartupNotices />
    </Suspense>
  );
}

/** A data router (browser in the app, memory in tests). */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Replaces the address bar's URL without a navigation or a history entry. */
const replaceBrowserUrl = (url: string) => window.history.replaceState(window.history.state, '', url);

/**
 * Starts the session (SPEC §4 Startup) and records the result in the session store; the first
 * screen's rails load beside it (first-screen-rails.ts: they need no session). Runs outside React
 * so StrictMode's double effects cannot start it twice. A sign-in link's `auth` value is exchanged
 * there and leaves the address through `replaceUrl` (docs/decisions/038-sign-in-by-link.md).
 */
export async function startApp(
  services: AppServices,
  url: string,
  replaceUrl: (url: string) => void = replaceBrowserUrl,
): Promise<void> {
  const { api, storage, sessionStorage } = services;
  prefetchFirstScreenRails(services, url, ROUTER_BASENAME);
  try {
    useSessionStore.getState().ready(await startSession({ api, storage, sessionStorage, url, replaceUrl }));
  } catch (error) {
    console.error('[web] session start failed', error);
    // Too many new visits from the visitor's network (or to the service): the catalogue needs no
    // session, so it opens with a notice instead of the "check your connection" screen (decision 047).
    if ((error as ApiErrorLike | null)?.code === 429)
      useSessionStore.getState().limited(error as ApiErrorLike);
    else useSessionStore.getState().fail();
  }
}

/** Props of {@link App}. */
export interface AppProps {
  services: AppServices;
  deviceKind: DeviceKind;
  router: AppRouter;
}

/**
 * The app root: a full-page loader until the session is ready, then the router over the data cache —
 * also without a session when the new-visit limits refused one (`limited`: the catalogue is public).
 */
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
          <StartupNoticesSlot />
        </DeviceKindContext.Provider>
      </QueryClientProvider>
    </ServicesProvider>
  );
}
