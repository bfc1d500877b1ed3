import type { HTMLAttributes } from 'react';
import styles from './visually-hidden.module.css';

/** Props of {@link VisuallyHidden}: any attribute of the element (`role`, `id`, …) passes through. */
export interface VisuallyHiddenProps extends HTMLAttributes<HTMLElement> {
  /** The element to render (default `span`): a heading keeps the page's outline for screen readers. */
  as?: 'span' | 'div' | 'h1' | 'h2';
}

/**
 * Text for screen readers only: a label an icon stands for, a loading status, a page heading the
 * design does not show. The one place the app and the kit hide text this way.
 */
export function VisuallyHidden({ as: Element = 'span', className, ...props }: VisuallyHiddenProps) {
  return <Element className={className ? `${styles.root} ${className}` : styles.root} {...props} />;
}
