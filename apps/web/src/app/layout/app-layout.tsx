import { BottomBar, Button, Footer, Header, IconSearch, LoadingBar, SkipLink } from '@kadr/ui-kit';
import { lazy, Suspense } from 'react';
import { type Location, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { APP_VERSION, config } from '../../env';
import { LoginModalHost } from '../../features/login/login-modal-host';
import { RegistrationPrompt } from '../../features/registration-prompt/registration-prompt';
import { SearchSlot } from '../../features/search/search-slot';
import { useScreenDataLoading } from '../../shared/data/query-client';
import { useDeviceKind } from '../../shared/device';
import { KitLink } from '../../shared/navigation/query-link';
import { useModalStore } from '../../shared/stores/modal-store';
import { useSessionStore } from '../../shared/stores/session-store';
import { PageTitle } from '../page-title';
import styles from './app-layout.module.css';
import { layoutMessages as m } from './messages';
import {
  bottomBarItems,
  footerLinks,
  headerItems,
  menuItem,
  mobileStores,
  sectionOf,
  tvPlatforms,
} from './nav-items';

/**
 * Scroll positions are kept per history entry: Back (and Forward) returns to where the visitor was;
 * every new visit — a link, a redirect, even to a page seen before — starts at the top.
 */
const scrollKey = (location: Location) => location.key;

/**
 * The TV's remote control: a chunk of its own with the spatial-navigation library and the ten-foot
 * styles, so desktop and phone bundles carry none of it (decision 040).
 */
const TvRemote = lazy(() => import('../tv/tv-remote').then((module) => ({ default: module.TvRemote })));

/** The id of the screens' `<main>`: where «Перейти к содержимому» takes the focus. */
const MAIN_CONTENT_ID = 'content';

/**
 * The frame of every screen, by device kind: desktop and TV get the full header (the TV adds its remote
 * control and ten-foot styles); mobile a logo
 * header and the bottom bar. First comes the skip link «Перейти к содержимому» (to the `<main>`, which
 * takes the focus). The footer, the registration prompt and the login modal are always there;
 * so are the tab title (page-title.tsx), scroll restoration and the loading bar — shown while the next
 * screen's chunk loads (`useNavigation`) or its primary data loads for the first time
 * (`useScreenDataLoading`: queries marked `SCREEN_QUERY`, not a card's «Похожие фильмы» or the profile).
 */
export function AppLayout() {
  const deviceKind = useDeviceKind();
  const mobile = deviceKind === 'mobile';
  const { pathname } = useLocation();
  const { loggedIn, profileId } = useSessionStore();
  const openLogin = useModalStore((state) => state.openLogin);
  const active = sectionOf(pathname);
  const chunkLoading = useNavigation().state !== 'idle';
  const loading = useScreenDataLoading() || chunkLoading;

  const loginButton = loggedIn ? undefined : (
    <Button size="s" onClick={() => openLogin()}>
      {m.login}
    </Button>
  );
  // Phones search on their own page (SPEC §2 Mobile search page).
  const actions = mobile ? (
    <>
      <KitLink href="/search" aria-label={m.search} title={m.search} className={styles.searchLink}>
        <IconSearch />
      </KitLink>
      {loginButton}
    </>
  ) : (
    loginButton
  );

  return (
    <div className={[styles.app, styles[deviceKind]].join(' ')} data-device={deviceKind}>
      {/* A remote has no Tab: the TV's focus starts in the screen's content by itself. */}
      {deviceKind !== 'tv' && <SkipLink targetId={MAIN_CONTENT_ID} />}
      <LoadingBar active={loading} />
      <Header
        variant={mobile ? 'mobile' : 'desktop'}
        homeHref="/"
        homeLabel={m.home}
        items={headerItems}
        activeKey={active}
        menuItem={menuItem}
        searchSlot={<SearchSlot />}
        actions={actions}
        banner={<RegistrationPrompt />}
        LinkComponent={KitLink}
      />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main} aria-busy={loading || undefined}>
        <PageTitle>
          <Outlet />
        </PageTitle>
      </main>
      <Footer
        links={footerLinks}
        supportEmail={config.supportEmail}
        mobileStores={mobileStores}
        tvPlatforms={tvPlatforms}
        profileId={profileId}
        version={APP_VERSION}
        copyright={m.copyright(new Date().getFullYear())}
        LinkComponent={KitLink}
      />
      {mobile && <BottomBar items={bottomBarItems} activeKey={active} LinkComponent={KitLink} />}
      <LoginModalHost />
      <ScrollRestoration getKey={scrollKey} />
      {deviceKind === 'tv' && (
        <Suspense fallback={null}>
          <TvRemote />
        </Suspense>
      )}
    </div>
  );
}
