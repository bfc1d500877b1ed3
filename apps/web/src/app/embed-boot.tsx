import { startSession } from '@kadr/auth-session';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { embedConfigQuery, readEmbedParams } from '../routes/embed/embed-config';
import { EmbedScreen } from '../routes/embed/embed-screen';
import { reportFrameFailure } from '../routes/embed/frame-link';
import { detectDeviceKind } from '../shared/device';
import { createBrowserServices } from '../shared/services';
import { useSessionStore } from '../shared/stores/session-store';
import { App } from './app';

/**
 * Starts the frame player page (embed.html, docs/decisions/035): the viewer's session in this frame
 * (anonymous unless they signed in here before: the browser keeps a frame's storage per partner site),
 * then the player of the config its address names, in the app's root (the session's loader and failure
 * screen, the data cache) over a memory router with one route: no site layout, no first-screen rails,
 * and the frame's address never changes.
 */
export function bootEmbed(root: Root): void {
  const services = createBrowserServices({ metricFromAddress: false });
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
      <App
        services={services}
        deviceKind={detectDeviceKind(navigator.userAgent, window.innerWidth)}
        router={router}
      />
    </StrictMode>,
  );
}
