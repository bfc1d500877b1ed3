import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, createPath } from 'react-router';
import { ROUTER_BASENAME } from '../env';
import { arrivedFromSmartTv, detectDeviceKind } from '../shared/device';
import { createBrowserServices } from '../shared/services';
import { App, type AppRouter, startApp } from './app';
import { createChunkRecovery } from './chunk-recovery';
import { createAppRoutes } from './routes';

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
  const services = createBrowserServices({ metricFromAddress: true });
  let router: AppRouter | undefined;
  // A screen's chunk that fails to load (a release removed it) reloads the page once (chunk-recovery.ts),
  // at the address being opened when the failure comes on the way to another screen (the history keeps
  // full paths, basename included).
  const reload = () => {
    const next = router?.state.navigation.location;
    if (next) window.location.assign(createPath(next));
    else services.reload();
  };
  const chunks = createChunkRecovery({ storage: services.sessionStorage, reload });
  chunks.listen(window);
  // Decided once at start (ARCHITECTURE: Web).
  const deviceKind = detectDeviceKind(
    navigator.userAgent,
    window.innerWidth,
    arrivedFromSmartTv(window.location.href),
  );
  // Page-wide styles by device kind (the TV's ten-foot scale) apply from the first paint.
  document.documentElement.dataset.device = deviceKind;
  void startApp(services, window.location.href);
  setTimeout(() => {
    router = createBrowserRouter(createAppRoutes({ chunks }), { basename: ROUTER_BASENAME });
    root.render(
      <StrictMode>
        <App services={services} deviceKind={deviceKind} router={router} />
      </StrictMode>,
    );
  });
}
