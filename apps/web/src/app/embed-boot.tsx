import { startSession } from '@kadr/auth-session';
import { Button, Loader, Placeholder } from '@kadr/ui-kit';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { embedConfigQuery, readEmbedParams } from '../routes/embed/embed-config';
import { EmbedScreen } from '../routes/embed/embed-screen';
import { reportFrameFailure } from '../routes/embed/frame-link';
import { DeviceKindContext, detectDeviceKind } from '../shared/device';
import { type AppServices, createBrowserServices, ServicesProvider } from '../shared/services';
import { useSessionStore } from '../shared/stores/session-store';
import { layoutMessages as m } from './layout/messages';

/**
 * Starts the frame player page (embed.html, docs/decisions/035): the viewer's session in this frame
 * (anonymous unless they signed in here before: the browser keeps a frame's storage per partner site),
 * then the player of the config its address names. No site layout, no first-screen rails; a memory
 * router only because the player's screens read one (the frame's address never changes).
 */
export function bootEmbed(root: Root): void {
  const services = createBrowserServices();
  const params = readEmbedParams(window.location.search);
  // The config needs no session: it loads while the session starts.
  if (params) void services.queryClient.prefetchQuery(embedConfigQuery(params.configUrl));
  void startSession({
    api: services.api,
    storage: services.storage,
    sessionStorage: services.sessionStorage,
    // The page's address without its query: the frame's address is the partner's to write, and
    // start-up values in it (a sign-in, a redirect) are the site's, never a frame's.
    url: `${window.location.origin}${window.location.pathname}`,
  }).then(
    (session) => useSessionStore.getState().ready(session),
    (error: unknown) => {
      console.error('[embed] session start failed', error);
      useSessionStore.getState().fail();
      // The SDK hears it too (the frame's link starts only with a session).
      if (params && window.parent !== window) reportFrameFailure(window.parent, params.flag, 'failed');
    },
  );
  const router = createMemoryRouter([{ path: '*', element: <EmbedScreen params={params} /> }]);
  root.render(
    <StrictMode>
      <EmbedApp services={services} router={router} />
    </StrictMode>,
  );
}

function EmbedApp({
  services,
  router,
}: {
  services: AppServices;
  router: ReturnType<typeof createMemoryRouter>;
}) {
  const status = useSessionStore((state) => state.status);
  if (status === 'starting') return <Loader variant="fullPage" label={m.starting} />;
  if (status === 'failed')
    return (
      <Placeholder title={m.startupFailed} text={m.startupFailedText}>
        <Button onClick={services.reload}>{m.reload}</Button>
      </Placeholder>
    );
  return (
    <ServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>
        <DeviceKindContext.Provider value={detectDeviceKind(navigator.userAgent, window.innerWidth)}>
          <RouterProvider router={router} />
        </DeviceKindContext.Provider>
      </QueryClientProvider>
    </ServicesProvider>
  );
}
