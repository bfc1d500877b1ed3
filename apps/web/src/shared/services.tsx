import { type ApiClient, createApiClient, detectDevicePlatform } from '@kadr/api-client';
import {
  createMemoryStorage,
  createStorageTokenStore,
  getOrCreateDeviceUid,
  type StorageLike,
} from '@kadr/auth-session';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { config } from '../env';
import type { Analytics } from './analytics/analytics';
import { resolveMetricCounterId } from './analytics/metric-id';
import { type AnalyticsWindow, createConfiguredAnalytics } from './analytics/sinks';
import { createQueryClient } from './data/query-client';

/** What screens need from the outside world; tests and stories pass fakes. */
export interface AppServices {
  /** The typed API client (`call(id, input)`); it also fits auth-session's `AuthApi` port. */
  api: ApiClient;
  /** Local storage (tokens, login, AUTH, profile id). */
  storage: StorageLike;
  /** Session storage (registration-prompt flags). */
  sessionStorage: StorageLike;
  /** The device id: the stored one, read when asked (a sign-in link may name another at startup). */
  readonly deviceUid: string;
  /** Reloads the page at its own address (after login and logout). */
  reload: () => void;
  /** Goals (SPEC §4, §8), sent to the analytics services the configuration attaches. */
  analytics: Analytics;
  /** The cache of page data every screen loads through (shared/data; tests get a fresh one each). */
  queryClient: QueryClient;
}

/** Web Storage when the browser allows it, otherwise memory (private modes that block storage). */
function safeStorage(get: () => Storage): StorageLike {
  try {
    const storage = get();
    const probe = '__kadr_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return createMemoryStorage();
  }
}

/** Options of {@link createBrowserServices}. */
export interface BrowserServicesOptions {
  /**
   * Whether the address may name the visit's analytics counter (`?metric=`): the site's pages yes, the
   * frame player no (it never reads start-up values from its address: a partner page builds it).
   */
  metricFromAddress: boolean;
}

/** The real services of the browser: API client over the page's origin, token store over localStorage. */
export function createBrowserServices({ metricFromAddress }: BrowserServicesOptions): AppServices {
  const storage = safeStorage(() => window.localStorage);
  const sessionStorage = safeStorage(() => window.sessionStorage);
  getOrCreateDeviceUid(storage);
  const api = createApiClient({
    baseUrl: config.apiBaseUrl || window.location.origin,
    tokens: createStorageTokenStore(storage),
    deviceUid: () => getOrCreateDeviceUid(storage),
    mode: config.apiMode,
    devicePlatform: detectDevicePlatform(navigator.userAgent),
  });
  return {
    api,
    storage,
    sessionStorage,
    // A getter: startup stores the device id a sign-in link names (docs/decisions/038), and payments
    // must send the device of the session they run in.
    get deviceUid() {
      return getOrCreateDeviceUid(storage);
    },
    reload: () => window.location.reload(),
    analytics: createConfiguredAnalytics(
      {
        ...config.analytics,
        metrikaCounterId: metricFromAddress
          ? resolveMetricCounterId(window.location.href, sessionStorage, {
              fallback: config.analytics.metrikaCounterId,
              allowed: config.analytics.metrikaAllowedCounters,
            })
          : config.analytics.metrikaCounterId,
      },
      window as AnalyticsWindow,
    ),
    queryClient: createQueryClient(),
  };
}

const ServicesContext = createContext<AppServices | null>(null);

/** Provides the services to every screen. */
export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The services; throws outside a {@link ServicesProvider}. */
export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesProvider');
  return services;
}
