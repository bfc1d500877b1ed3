import { BottomBar, Button, Footer, Header, IconSearch } from '@kadr/ui-kit';
import { Outlet, useLocation } from 'react-router';
import { APP_VERSION, config } from '../../env';
import { LoginModalHost } from '../../features/login/login-modal-host';
import { RegistrationPrompt } from '../../features/registration-prompt/registration-prompt';
import { SearchSlot } from '../../features/search/search-slot';
import { useDeviceKind } from '../../shared/device';
import { KitLink } from '../../shared/navigation/query-link';
import { useModalStore } from '../../shared/stores/modal-store';
import { useSessionStore } from '../../shared/stores/session-store';
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
 * The frame of every screen, by device kind: desktop (and TV) get the full header; mobile a logo
 * header and the bottom bar. The footer, the registration prompt and the login modal are always there.
 */
export function AppLayout() {
  const deviceKind = useDeviceKind();
  const mobile = deviceKind === 'mobile';
  const { pathname } = useLocation();
  const { loggedIn, profileId } = useSessionStore();
  const openLogin = useModalStore((state) => state.openLogin);
  const active = sectionOf(pathname);

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
      <main className={styles.main}>
        <Outlet />
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
    </div>
  );
}
