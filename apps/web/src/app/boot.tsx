import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { ROUTER_BASENAME } from '../env';
import { App, startApp } from './app';
import { createChunkRecovery } from './chunk-recovery';
import { detectDeviceKind } from './device';
import { createAppRoutes } from './routes';
import { createBrowserServices } from './services';

/**
 * Starts the session, then, in a task of its own, creates the router (it matches the address and starts
 * loading the first screen's module) and renders the app into `root`. Two tasks of about 10 ms each on
 * a fast machine instead of one: on a phone each is four times that, and a tap can come between them.
 */
export function boot(root: Root): void {
  // The router's basename ends with a slash (the api serves /promo/web/): add it when a visit omits it.
  if (`${window.location.pathname}/` === ROUTER_BASENAME) {
    const { search, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${ROUTER_BASENAME}${search}${hash}`);
  }
  const services = createBrowserServices();
  // A screen's chunk that fails to load (a release removed it) reloads the page once (chunk-recovery.ts).
  const chunks = createChunkRecovery({ storage: services.sessionStorage, reload: services.reload });
  chunks.listen(window);
  // Decided once at start (ARCHITECTURE: Web).
  const deviceKind = detectDeviceKind(navigator.userAgent, window.innerWidth);
  void startApp(services, window.location.href);
  setTimeout(() => {
    const router = createBrowserRouter(createAppRoutes({ chunks }), { basename: ROUTER_BASENAME });
    root.render(
      <StrictMode>
        <App services={services} deviceKind={deviceKind} router={router} />
      </StrictMode>,
    );
  });
}
