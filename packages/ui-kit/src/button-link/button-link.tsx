import type { ReactNode } from 'react';
import { DefaultLink, type LinkComponent } from '../link.js';
import styles from './button-link.module.css';

/** Props of {@link ButtonLink}. */
export interface ButtonLinkProps {
  /** Where it goes: an in-app path, or any address (e.g. a `mailto:` letter) with the default anchor. */
  href: string;
  /** Renders the link (e.g. a router link); a plain anchor by default. */
  LinkComponent?: LinkComponent;
  children: ReactNode;
}

/**
 * A link that looks like the kit's secondary button: where the action is going somewhere (home, a
 * letter in the mail app) rather than doing something on the page.
 */
export function ButtonLink({ href, LinkComponent = DefaultLink, children }: ButtonLinkProps) {
  return (
    <LinkComponent href={href} className={styles.link}>
      {children}
    </LinkComponent>
  );
}
