import type { MouseEvent } from 'react';
import { uiMessages } from '../messages.js';
import styles from './skip-link.module.css';

/** Props of {@link SkipLink}. */
export interface SkipLinkProps {
  /** The id of the main content; give it `tabIndex={-1}` so it can take the focus. */
  targetId: string;
  /** The link's text (default «Перейти к содержимому»). */
  label?: string;
}

/**
 * The page's first focusable element: a link to the main content, hidden until it is focused (the
 * first Tab), so a keyboard visitor skips the header. Following it moves the focus (and the view) to
 * the target without changing the address, so a router never sees a navigation.
 */
export function SkipLink({ targetId, label }: SkipLinkProps) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    // Without its target the link is an ordinary in-page anchor.
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <a className={styles.link} href={`#${targetId}`} onClick={skip}>
      {label ?? uiMessages.skipLink}
    </a>
  );
}
