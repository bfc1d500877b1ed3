import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, startApp } from './app/app';
import { detectDeviceKind } from './app/device';
import { appRoutes } from './app/routes';
import { createBrowserServices } from './app/services';
import { ROUTER_BASENAME } from './env';
import '@kadr/ui-kit';
import './app/global.css';

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
