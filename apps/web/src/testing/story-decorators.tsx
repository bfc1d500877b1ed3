// Story support: a story rendered inside the app's providers with fake services and seeded stores.
import type { Decorator } from '@storybook/react-vite';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { MemoryRouter, parsePath } from 'react-router';
import { type DeviceKind, DeviceKindContext } from '../shared/device';
import { ServicesProvider } from '../shared/services';
import { createFakeServices, type FakeHandlers } from './fake-services';
import { type ModalSeed, resetStores, type SessionSeed } from './seed-stores';

/** Options of {@link withApp}. */
export interface WithAppOptions {
  session?: SessionSeed;
  modal?: ModalSeed;
  deviceKind?: DeviceKind;
  storage?: Record<string, string>;
  path?: string;
  /** Navigation state of the first entry (what a link of another screen would have passed). */
  state?: unknown;
  /** Answers replacing the defaults (e.g. a call that never answers, to show loading). */
  handlers?: FakeHandlers;
}

function AppFrame({ options, children }: { options: WithAppOptions; children: React.ReactNode }) {
  // Seeded once, before any child subscribes to the stores.
  const [fake] = useState(() => {
    resetStores(options.session, options.modal);
    return createFakeServices({
      storage: options.storage,
      handlers: options.handlers,
      reload: () => console.info('[story] reload'),
    });
  });
  return (
    <ServicesProvider services={fake.services}>
      <QueryClientProvider client={fake.services.queryClient}>
        <DeviceKindContext.Provider value={options.deviceKind ?? 'desktop'}>
          <MemoryRouter
            initialEntries={[
              options.state === undefined
                ? (options.path ?? '/')
                : { ...parsePath(options.path ?? '/'), state: options.state },
            ]}
          >
            {children}
          </MemoryRouter>
        </DeviceKindContext.Provider>
      </QueryClientProvider>
    </ServicesProvider>
  );
}

/**
 * A decorator giving the story fake services (code 1234 logs in), a memory router and seeded stores.
 * A story adjusts the options with `parameters: { app: { … } }` (decorators would nest two routers).
 */
export function withApp(options: WithAppOptions = {}): Decorator {
  return (Story, context) => (
    <AppFrame options={{ ...options, ...(context.parameters.app as WithAppOptions | undefined) }}>
      <Story />
    </AppFrame>
  );
}
