import { Loader } from '@kadr/ui-kit';
import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import { AppLayout } from './layout/app-layout';

// One lazily loaded module per screen (ARCHITECTURE: Web); `lazy` returns the route's Component.
const screen = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => ({
  lazy: async () => ({ Component: pick(await load()) }),
});

const redirect = () => import('../routes/redirect/redirect-route');
const cloudRedirect = screen(redirect, (m) => m.CloudRedirectRoute);
const delayedRedirect = screen(redirect, (m) => m.DelayedRedirectRoute);
/** Both redirect helpers under a path (SPEC §2 route table). */
const redirectHelpers = (base: string): RouteObject[] => [
  { path: `${base}cloud_redirect`, ...cloudRedirect },
  { path: `${base}redirect`, ...delayedRedirect },
];

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

/** Every route of SPEC §2, relative to the basename /promo/web. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    HydrateFallback: () => <Loader variant="fullPage" />,
    children: [
      {
        index: true,
        ...screen(
          () => import('../routes/home/home-route'),
          (m) => m.HomeRoute,
        ),
      },
      ...redirectHelpers(''),
      {
        path: 'tv',
        ...screen(
          () => import('../routes/tv/tv-route'),
          (m) => m.TvRoute,
        ),
      },
      {
        path: 'tv/:tv_channel_id',
        ...screen(
          () => import('../routes/tv-channel/tv-channel-route'),
          (m) => m.TvChannelRoute,
        ),
      },
      {
        path: 'tv/:tv_channel_id/tv_guide',
        ...screen(
          () => import('../routes/tv-guide/tv-guide-route'),
          (m) => m.TvGuideRoute,
        ),
      },
      ...redirectHelpers('tv/:tv_channel_id/'),
      {
        path: 'movie/:EK_id',
        ...screen(
          () => import('../routes/movie/movie-route'),
          (m) => m.MovieRoute,
        ),
      },
      {
        path: 'movie/:EK_id/tv_guide',
        ...screen(
          () => import('../routes/movie-guide/movie-guide-route'),
          (m) => m.MovieGuideRoute,
        ),
      },
      ...redirectHelpers('movie/:EK_id/'),
      {
        path: 'movie/:EK_id/:EP_id',
        ...screen(
          () => import('../routes/movie/movie-route'),
          (m) => m.MovieRoute,
        ),
      },
      ...redirectHelpers('movie/:EK_id/:EP_id/'),
      {
        path: 'search',
        ...screen(
          () => import('../routes/search/search-route'),
          (m) => m.SearchRoute,
        ),
      },
      {
        path: 'account',
        ...screen(
          () => import('../routes/account/account-layout'),
          (m) => m.AccountLayout,
        ),
        children: [
          {
            index: true,
            ...screen(
              () => import('../routes/account/account-home'),
              (m) => m.AccountHome,
            ),
          },
          {
            path: 'packages',
            ...screen(
              () => import('../routes/account-packages/account-packages-route'),
              (m) => m.AccountPackagesRoute,
            ),
          },
          {
            path: 'packages/:package_id',
            ...screen(
              () => import('../routes/account-package/account-package-route'),
              (m) => m.AccountPackageRoute,
            ),
          },
          ...redirectHelpers('packages/:package_id/'),
          {
            path: 'cards',
            ...screen(
              () => import('../routes/account-cards/account-cards-route'),
              (m) => m.AccountCardsRoute,
            ),
          },
          {
            path: 'receipts',
            ...screen(
              () => import('../routes/account-receipts/account-receipts-route'),
              (m) => m.AccountReceiptsRoute,
            ),
          },
          {
            path: 'partners',
            ...screen(
              () => import('../routes/account-partners/account-partners-route'),
              (m) => m.AccountPartnersRoute,
            ),
          },
        ],
      },
      {
        path: 'about_us',
        ...screen(
          () => import('../routes/about-us/about-us-route'),
          (m) => m.AboutUsRoute,
        ),
      },
      { path: '*', Component: FallbackRoute },
    ],
  },
];
