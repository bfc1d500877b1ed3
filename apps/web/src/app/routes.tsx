import { Loader } from '@kadr/ui-kit';
import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import { scheduleMessages as guideMessages } from '../features/schedule/messages';
import { accountMessages } from '../routes/account/messages';
import { screenMessages as s } from '../routes/messages';
import type { ChunkRecovery } from './chunk-recovery';
import { AppLayout } from './layout/app-layout';
import { layoutMessages } from './layout/messages';
import type { RouteHandle } from './page-title';
import { RouteErrorBoundary } from './route-error';

/** Identity-provider sign-in paths begin with `auth_` (SPEC §2). */
export const IDENTITY_PROVIDER_PREFIX = 'auth_';

const IdentityProviderScreen = lazy(() =>
  import('../routes/identity-provider/identity-provider-route').then((module) => ({
    default: module.IdentityProviderRoute,
  })),
);

/** Unknown paths: the identity-provider route when the path begins with auth_, else the root with the query. */
export function FallbackRoute() {
  const { pathname, search } = useLocation();
  const first = pathname.split('/').find(Boolean) ?? '';
  if (first.startsWith(IDENTITY_PROVIDER_PREFIX)) return <LazyIdentityProvider />;
  return <Navigate to={{ pathname: '/', search }} replace />;
}

function LazyIdentityProvider() {
  return (
    <Suspense fallback={<Loader />}>
      <IdentityProviderScreen />
    </Suspense>
  );
}

/** A screen whose chunk failed to load: it throws the failure to its route's error boundary. */
function failedScreen(error: unknown): ComponentType {
  return function FailedScreen() {
    throw error;
  };
}

/** Options of {@link createAppRoutes}. */
export interface AppRoutesOptions {
  /** Recovers from screen chunks that fail to load (reload once); without it a failure is just an error. */
  chunks?: ChunkRecovery;
}

/** A route's `handle`: its tab title (page-title.tsx). */
const titled = (title: RouteHandle['title']): { handle: RouteHandle } => ({ handle: { title } });
const fixed = (page: string) => titled(() => page);

/**
 * Every route of SPEC §2, relative to the basename /promo/web. Each screen is a lazily loaded module
 * (ARCHITECTURE: Web) loaded through `chunks`; each route has the error boundary (the layout and its
 * header stay) and a `handle.title` for the tab.
 */
export function createAppRoutes({ chunks }: AppRoutesOptions = {}): RouteObject[] {
  // `lazy` returns the route's Component; the pick runs inside the load, so a module without the
  // export fails like a missing file. A load that fails resolves to a screen throwing its error: React
  // Router 8.5 keeps `lazy` on a route whose `lazy` rejected (to retry it later) and renders a route
  // still lazy as an empty outlet, not as its error boundary. The error screen's «Обновить страницу» is
  // the retry.
  const screen = <M,>(target: string, load: () => Promise<M>, pick: (module: M) => ComponentType) => {
    const importer = async () => pick(await load());
    return {
      lazy: async () => {
        try {
          return { Component: await (chunks ? chunks.load(target, importer) : importer()) };
        } catch (error) {
          return { Component: failedScreen(error) };
        }
      },
    };
  };

  const redirect = () => import('../routes/redirect/redirect-route');
  const cloudRedirect = screen('redirect', redirect, (m) => m.CloudRedirectRoute);
  const delayedRedirect = screen('redirect', redirect, (m) => m.DelayedRedirectRoute);
  const redirecting = fixed(layoutMessages.redirecting);
  /** Both redirect helpers under a path (SPEC §2 route table). */
  const redirectHelpers = (base: string): RouteObject[] => [
    { path: `${base}cloud_redirect`, ...cloudRedirect, ...redirecting },
    { path: `${base}redirect`, ...delayedRedirect, ...redirecting },
  ];
  const movie = screen(
    'movie',
    () => import('../routes/movie/movie-route'),
    (m) => m.MovieRoute,
  );
  // A content card is named by its title once loaded (film, series or channel: no word for all three).
  const movieTitle = titled(({ name }) => name);
  const guideTitle = titled(({ name }) => (name ? guideMessages.guideOf(name) : guideMessages.guide));

  const screens: RouteObject[] = [
    {
      index: true,
      ...screen(
        'home',
        () => import('../routes/home/home-route'),
        (m) => m.HomeRoute,
      ),
      ...fixed(s.catalogue),
    },
    ...redirectHelpers(''),
    {
      path: 'tv',
      ...screen(
        'tv',
        () => import('../routes/tv/tv-route'),
        (m) => m.TvRoute,
      ),
      ...fixed(s.tv),
    },
    {
      path: 'tv/:tv_channel_id',
      ...screen(
        'tv-channel',
        () => import('../routes/tv-channel/tv-channel-route'),
        (m) => m.TvChannelRoute,
      ),
      ...titled(({ params, name }) => name ?? s.channel(params.tv_channel_id ?? '')),
    },
    {
      path: 'tv/:tv_channel_id/tv_guide',
      ...screen(
        'tv-guide',
        () => import('../routes/tv-guide/tv-guide-route'),
        (m) => m.TvGuideRoute,
      ),
      ...guideTitle,
    },
    ...redirectHelpers('tv/:tv_channel_id/'),
    { path: 'movie/:EK_id', ...movie, ...movieTitle },
    {
      path: 'movie/:EK_id/tv_guide',
      ...screen(
        'movie-guide',
        () => import('../routes/movie-guide/movie-guide-route'),
        (m) => m.MovieGuideRoute,
      ),
      ...guideTitle,
    },
    ...redirectHelpers('movie/:EK_id/'),
    { path: 'movie/:EK_id/:EP_id', ...movie, ...movieTitle },
    ...redirectHelpers('movie/:EK_id/:EP_id/'),
    {
      path: 'search',
      ...screen(
        'search',
        () => import('../routes/search/search-route'),
        (m) => m.SearchRoute,
      ),
      ...fixed(s.search),
    },
    {
      path: 'account',
      ...screen(
        'account',
        () => import('../routes/account/account-layout'),
        (m) => m.AccountLayout,
      ),
      ...fixed(accountMessages.title),
      children: [
        {
          index: true,
          ...screen(
            'account-home',
            () => import('../routes/account/account-home'),
            (m) => m.AccountHome,
          ),
        },
        {
          path: 'packages',
          ...screen(
            'account-packages',
            () => import('../routes/account-packages/account-packages-route'),
            (m) => m.AccountPackagesRoute,
          ),
          ...fixed(s.packages),
        },
        {
          path: 'packages/:package_id',
          ...screen(
            'account-package',
            () => import('../routes/account-package/account-package-route'),
            (m) => m.AccountPackageRoute,
          ),
          ...titled(({ params, name }) => name ?? s.packageDetail(params.package_id ?? '')),
        },
        ...redirectHelpers('packages/:package_id/'),
        {
          path: 'cards',
          ...screen(
            'account-cards',
            () => import('../routes/account-cards/account-cards-route'),
            (m) => m.AccountCardsRoute,
          ),
          ...fixed(s.cards),
        },
        {
          path: 'receipts',
          ...screen(
            'account-receipts',
            () => import('../routes/account-receipts/account-receipts-route'),
            (m) => m.AccountReceiptsRoute,
          ),
          ...fixed(s.receipts),
        },
        {
          path: 'partners',
          ...screen(
            'account-partners',
            () => import('../routes/account-partners/account-partners-route'),
            (m) => m.AccountPartnersRoute,
          ),
          ...fixed(s.partners),
        },
      ],
    },
    {
      path: 'about_us',
      ...screen(
        'about-us',
        () => import('../routes/about-us/about-us-route'),
        (m) => m.AboutUsRoute,
      ),
      ...fixed(s.aboutUs),
    },
    {
      path: '*',
      Component: FallbackRoute,
      ...titled(({ params }) =>
        params['*']?.startsWith(IDENTITY_PROVIDER_PREFIX) ? s.identityProvider : undefined,
      ),
    },
  ];

  const reloading = chunks?.reloading;
  /** The error boundary on every route: a failing screen shows the error screen in its parent's place. */
  const withBoundary = (route: RouteObject): RouteObject => {
    const errorElement = <RouteErrorBoundary reloading={reloading} />;
    if (route.index) return { ...route, errorElement };
    return { ...route, errorElement, children: route.children?.map(withBoundary) };
  };

  return [
    {
      path: '/',
      Component: AppLayout,
      HydrateFallback: () => <Loader variant="fullPage" />,
      // The layout itself failed: the error screen alone, naming the tab.
      errorElement: <RouteErrorBoundary reloading={reloading} standalone />,
      ...titled(() => undefined),
      children: screens.map(withBoundary),
    },
  ];
}

/** The routes without chunk recovery (tests; the app boots with {@link createAppRoutes} and recovery). */
// Pure: the app's bundle drops it (boot.tsx builds its own).
export const appRoutes: RouteObject[] = /* @__PURE__ */ createAppRoutes();
