import type { ComponentType } from 'react';
import { IconCatalogue, IconMenu, type IconProps, IconSubscriptions, IconTv } from '../icons/icons.js';
import { DefaultLink, type LinkComponent } from '../link.js';
import { uiMessages } from '../messages.js';
import styles from './bottom-bar.module.css';

/** The four sections of the mobile bottom bar. */
export type BottomBarIcon = 'catalogue' | 'tv' | 'subscriptions' | 'menu';

const icons: Record<BottomBarIcon, ComponentType<IconProps>> = {
  catalogue: IconCatalogue,
  tv: IconTv,
  subscriptions: IconSubscriptions,
  menu: IconMenu,
};

/** One item of the bottom bar. */
export interface BottomBarItem {
  /** Stable key, compared with `activeKey`. */
  key: string;
  /** Text under the icon; also the link's name. */
  label: string;
  /** In-app path. */
  href: string;
  /** Which icon to draw. */
  icon: BottomBarIcon;
}

/** Props of {@link BottomBar}. */
export interface BottomBarProps {
  /** Catalogue, TV, subscriptions and menu. */
  items: readonly BottomBarItem[];
  /** Key of the current section: highlighted and `aria-current="page"`. */
  activeKey?: string;
  /** Renders links (e.g. a router link); a plain anchor by default. */
  LinkComponent?: LinkComponent;
  /** Accessible name of the navigation. */
  label?: string;
}

/** The mobile navigation bar fixed to the bottom of the screen, one icon per section. */
export function BottomBar({
  items,
  activeKey,
  LinkComponent = DefaultLink,
  label = uiMessages.bottomNavigation,
}: BottomBarProps) {
  return (
    <nav aria-label={label} className={styles.bar}>
      <ul className={styles.list}>
        {items.map((item) => {
          const Icon = icons[item.icon];
          return (
            <li key={item.key} className={styles.item}>
              <LinkComponent
                href={item.href}
                className={styles.link}
                aria-current={item.key === activeKey ? 'page' : undefined}
              >
                <Icon size={24} />
                <span className={styles.label}>{item.label}</span>
              </LinkComponent>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
