import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, startApp } from './app/app';
import { detectDeviceKind } from './app/device';
import { appRoutes } from './app/routes';
import { createBrowserServices } from './app/services';
import { ROUTER_BASENAME } from './env';
import '@kadr/ui-kit/tokens.css';
import './app/global.css';

// The router's basename ends with a slash (the api serves /promo/web/): add it when a visit omits it.
if (`${window.location.pathname}/` === ROUTER_BASENAME) {
  const { search, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${ROUTER_BASENAME}${search}${hash}`);
}

const services = createBrowserServices();
// Decided once at start (ARCHITECTURE: Web).
const deviceKind = detectDeviceKind(navigator.userAgent, window.innerWidth);
// Created now so the first screen's module loads while the session starts.
const router = createBrowserRouter(appRoutes, { basename: ROUTER_BASENAME });
void startApp(services, window.location.href);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App services={services} deviceKind={deviceKind} router={router} />
  </StrictMode>,
);
