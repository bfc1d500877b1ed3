import type { ReactNode } from 'react';
import { DefaultLink, type LinkComponent } from '../link.js';
import { Logo } from '../logo/logo.js';
import { uiMessages } from '../messages.js';
import styles from './header.module.css';

/** One navigation link of the header. */
export interface HeaderNavItem {
  /** Stable key, compared with `activeKey`. */
  key: string;
  /** Visible text, e.g. Каталог. */
  label: string;
  /** In-app path. */
  href: string;
}

/** Props of {@link Header}. */
export interface HeaderProps {
  /** `desktop`: logo, links, search and menu; `mobile`: logo and actions only. */
  variant?: 'desktop' | 'mobile';
  /** Where the logo leads. */
  homeHref: string;
  /** Accessible name of the logo link. */
  homeLabel?: string;
  /** Main links (desktop), e.g. Каталог, ТВ, Подписки. */
  items?: readonly HeaderNavItem[];
  /** Key of the current section: its link gets `aria-current="page"`. */
  activeKey?: string;
  /** The search component (desktop). */
  searchSlot?: ReactNode;
  /** The Меню link at the end (desktop). */
  menuItem?: HeaderNavItem;
  /** Actions at the right edge, e.g. the Войти button. */
  actions?: ReactNode;
  /** A strip under the bar, e.g. the registration prompt. */
  banner?: ReactNode;
  /** Renders links (e.g. a router link); a plain anchor by default. */
  LinkComponent?: LinkComponent;
  /** Accessible name of the navigation. */
  navLabel?: string;
}

/** The site header: desktop bar with links, search and menu, or the mobile logo bar. */
export function Header({
  variant = 'desktop',
  homeHref,
  homeLabel = uiMessages.logo,
  items = [],
  activeKey,
  searchSlot,
  menuItem,
  actions,
  banner,
  LinkComponent = DefaultLink,
  navLabel = uiMessages.mainNavigation,
}: HeaderProps) {
  const link = (item: HeaderNavItem) => (
    <LinkComponent
      href={item.href}
      className={styles.link}
      aria-current={item.key === activeKey ? 'page' : undefined}
    >
      {item.label}
    </LinkComponent>
  );
  return (
    <header className={[styles.header, styles[variant]].join(' ')}>
      <div className={styles.bar}>
        <LinkComponent href={homeHref} className={styles.home} aria-label={homeLabel}>
          <Logo size={variant === 'mobile' ? 28 : 32} />
        </LinkComponent>
        {variant === 'desktop' && (
          <nav aria-label={navLabel} className={styles.nav}>
            <ul className={styles.list}>
              {items.map((item) => (
                <li key={item.key}>{link(item)}</li>
              ))}
            </ul>
          </nav>
        )}
        <div className={styles.end}>
          {variant === 'desktop' && searchSlot}
          {actions}
          {variant === 'desktop' && menuItem && link(menuItem)}
        </div>
      </div>
      {banner && <div className={styles.banner}>{banner}</div>}
    </header>
  );
}
