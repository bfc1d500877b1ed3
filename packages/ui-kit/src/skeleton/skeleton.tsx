import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

/** Props of {@link Skeleton}. */
export interface SkeletonProps {
  /** CSS width (default the container's). */
  width?: CSSProperties['width'];
  /** CSS height (default one line of text). */
  height?: CSSProperties['height'];
  /** `text` is a rounded bar the height of a line; `block` a box (a poster, a tab); `round` a pill. */
  shape?: 'text' | 'block' | 'round';
  className?: string;
}

/**
 * A quiet placeholder of the size of what is loading. Give loading states the layout of the content
 * they stand for, so nothing around them moves when it arrives (layout shift). Hidden from assistive
 * technology: announce loading with a `Loader` or `aria-busy` on the region.
 */
export function Skeleton({ width, height, shape = 'text', className }: SkeletonProps) {
  return (
    <span
      className={[styles.skeleton, styles[shape], className].filter(Boolean).join(' ')}
      style={{ width, height }}
      aria-hidden="true"
    />
  );
}
