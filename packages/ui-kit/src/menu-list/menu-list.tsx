import type { ReactNode } from 'react';
import { IconChevronRight } from '../icons/icons.js';
import { DefaultLink, type LinkComponent } from '../link.js';
import styles from './menu-list.module.css';

interface MenuItemBase {
  /** Stable key. */
  key: string;
  /** Visible text; also the accessible name. */
  label: string;
  /** A second line, e.g. the support address. */
  description?: ReactNode;
}

/** One entry of a {@link MenuList}. */
export type MenuItem =
  /** An in-app page; `active` marks the one open now, `state` is passed to the link renderer. */
  | (MenuItemBase & { kind: 'link'; href: string; active?: boolean; state?: unknown })
  /** An outside address (new tab) or a `mailto:` link. */
  | (MenuItemBase & { kind: 'external'; href: string })
  /** A button, e.g. log in or log out. */
  | (MenuItemBase & { kind: 'action'; onClick: () => void; tone?: 'default' | 'accent' | 'danger' })
  /** A read-only value, e.g. the phone number. */
  | (MenuItemBase & { kind: 'text'; value: ReactNode });

/** Props of {@link MenuList}. */
export interface MenuListProps {
  /** The entries, in order. */
  items: readonly MenuItem[];
  /** Accessible name of the menu's navigation. */
  label: string;
  /** Renders in-app links (e.g. a router link); a plain anchor by default. */
  LinkComponent?: LinkComponent;
}

/** The account menu: a list of links, outside links, actions and read-only values. */
export function MenuList({ items, label, LinkComponent = DefaultLink }: MenuListProps) {
  return (
    <nav aria-label={label} className={styles.menu}>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.key} className={styles.item}>
            {renderItem(item, LinkComponent)}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function content(item: MenuItem, chevron: boolean) {
  return (
    <>
      <span className={styles.text}>
        <span className={styles.label}>{item.label}</span>
        {item.description && <span className={styles.description}>{item.description}</span>}
      </span>
      {chevron && <IconChevronRight className={styles.chevron} size={20} />}
    </>
  );
}

function renderItem(item: MenuItem, LinkComponent: LinkComponent) {
  switch (item.kind) {
    case 'link':
      return (
        <LinkComponent
          href={item.href}
          state={item.state}
          className={styles.row}
          aria-current={item.active ? 'page' : undefined}
        >
          {content(item, true)}
        </LinkComponent>
      );
    case 'external': {
      const newTab = !item.href.startsWith('mailto:');
      return (
        <a
          href={item.href}
          className={styles.row}
          target={newTab ? '_blank' : undefined}
          rel={newTab ? 'noopener noreferrer' : undefined}
        >
          {content(item, true)}
        </a>
      );
    }
    case 'action':
      return (
        <button
          type="button"
          className={[styles.row, styles.button, styles[item.tone ?? 'default']].join(' ')}
          onClick={item.onClick}
        >
          {content(item, false)}
        </button>
      );
    case 'text':
      return (
        <div className={[styles.row, styles.static].join(' ')}>
          <span className={styles.description}>{item.label}</span>
          <span className={styles.value}>{item.value}</span>
        </div>
      );
  }
}
