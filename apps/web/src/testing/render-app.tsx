// Test support: the whole app (layout and routes) in a memory router with fake services.

import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, parsePath, type RouteObject } from 'react-router';
import { App } from '../app/app';
import { appRoutes } from '../app/routes';
import { type DeviceKind, DeviceKindContext } from '../shared/device';
import { ServicesProvider } from '../shared/services';
import { createFakeServices } from './fake-services';
import { type ModalSeed, resetStores, type SessionSeed } from './seed-stores';

/** Renders the app at `path` (relative to the basename). */
export function renderApp(
  path: string,
  options: {
    deviceKind?: DeviceKind;
    session?: SessionSeed;
    fake?: ReturnType<typeof createFakeServices>;
    /** Other routes (e.g. `createAppRoutes` with chunk recovery); the app's own by default. */
    routes?: RouteObject[];
    /** Navigation state of the first entry (what a link of another screen would have passed). */
    state?: unknown;
  } = {},
) {
  resetStores(options.session);
  const fake = options.fake ?? createFakeServices();
  const entry = options.state === undefined ? path : { ...parsePath(path), state: options.state };
  const router = createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [entry] });
  const user = userEvent.setup();
  render(<App services={fake.services} deviceKind={options.deviceKind ?? 'desktop'} router={router} />);
  const where = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...fake, router, user, where };
}

/** Renders one component inside the app's providers and a memory router at `path`. */
export function renderWithApp(
  ui: ReactNode,
  options: {
    /** Where the router starts: a path, or an entry with navigation state. */
    path?: string | { pathname: string; search?: string; state?: unknown };
    deviceKind?: DeviceKind;
    session?: SessionSeed;
    modal?: ModalSeed;
    fake?: ReturnType<typeof createFakeServices>;
  } = {},
) {
  resetStores(options.session, options.modal);
  const fake = options.fake ?? createFakeServices();
  const user = userEvent.setup();
  render(
    <ServicesProvider services={fake.services}>
      <QueryClientProvider client={fake.services.queryClient}>
        <DeviceKindContext.Provider value={options.deviceKind ?? 'desktop'}>
          <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
        </DeviceKindContext.Provider>
      </QueryClientProvider>
    </ServicesProvider>,
  );
  return { ...fake, user };
}
