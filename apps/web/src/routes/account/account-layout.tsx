import type { ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useProfile } from '../../shared/data/profile';
import { useIsMobile } from '../../shared/device';
import styles from './account.module.css';
import { AccountMenu } from './account-menu';
import { accountSectionOf } from './account-menu-items';
import { accountMessages as m } from './messages';

/**
 * `/account` and its sections. Desktop: the menu on the left, the chosen section opening in place on
 * the right. Mobile: the account home is the menu (with the profile id); sections are separate pages.
 */
export function AccountLayout() {
  const mobile = useIsMobile();
  const outlet = useOutlet();
  return mobile ? (
    <div className={styles.mobile}>{outlet}</div>
  ) : (
    <DesktopAccountLayout>{outlet}</DesktopAccountLayout>
  );
}

function DesktopAccountLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const profile = useProfile();
  return (
    <div className={styles.desktop}>
      <aside className={styles.aside}>
        <h1 className={styles.title}>{m.title}</h1>
        <AccountMenu externalAccounts={profile.externalAccounts} activeKey={accountSectionOf(pathname)} />
      </aside>
      <section className={styles.panel}>{children}</section>
    </div>
  );
}
