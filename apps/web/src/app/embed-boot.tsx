import { StorageKey, startSession } from '@kadr/auth-session';
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
 * (anonymous unless they signed in here before: the browser keeps a frame's storage per partner site) —
 * at once when one is stored, otherwise only when the viewer plays (decision 047) — and the player of
 * the config its address names, in the app's root (the session's loader and failure
 * screen, the data cache) over a memory router with one route: no site layout, no first-screen rails,
 * and the frame's address never changes.
 */
export function bootEmbed(root: Root): void {
  const services = createBrowserServices({ metricFromAddress: false });
  const params = readEmbedParams(window.location.search);
  // The config needs no session: it loads while the session starts.
  if (params) void services.queryClient.prefetchQuery(embedConfigQuery(params.configUrl));
  // The page's address without its query: the frame's address is the partner's to write, and
  // start-up values in it (a sign-in, a redirect) are the site's, never a frame's.
  const url = `${window.location.origin}${window.location.pathname}`;
  let opening: Promise<void> | null = null;
  /** Starts the frame's session once (again after a failure); resolves when it is ready. */
  const openSession = (): Promise<void> => {
    opening ??= startSession({
      api: services.api,
      storage: services.storage,
      sessionStorage: services.sessionStorage,
      url,
    }).then(
      (session) => useSessionStore.getState().ready(session),
      (error: unknown) => {
        console.error('[embed] session start failed', error);
        opening = null;
        throw error;
      },
    );
    return opening;
  };
  if (services.storage.getItem(StorageKey.accessToken)) {
    // A session kept from before (the browser keeps this frame's storage for this partner site): as the site.
    openSession().catch(() => {
      useSessionStore.getState().fail();
      // The SDK hears it too (the frame's link starts only with a session).
      if (params && window.parent !== window) reportFrameFailure(window.parent, params.flag, 'failed');
    });
  } else {
    // No profile until the viewer plays (docs/decisions/047): loading a partner's page must not make
    // an anonymous profile per frame and spend the viewer's address's new-visit budget. The poster,
    // the title and `ready` come from catalogue reads that need no session; play opens it.
    useSessionStore.getState().ready({ profileId: null, phone: null, loggedIn: false });
  }
  const router = createMemoryRouter([
    { path: '*', element: <EmbedScreen params={params} openSession={openSession} /> },
  ]);
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
