import { type ReactNode, useId } from 'react';
import styles from './message-block.module.css';

/** Props of {@link MessageBlock}. */
export interface MessageBlockProps {
  /** What the screen icon shows inside its frame (SVG shapes on a 64 × 64 box). */
  glyph: ReactNode;
  /** The heading; it also names the block. */
  title: ReactNode;
  text: ReactNode;
  /** Buttons or links under the text. */
  actions?: ReactNode;
  /** A dashed border: a screen that is not built yet. */
  dashed?: boolean;
}

/**
 * The kit's one centred message block, shared by the screens that stand in for content (a screen
 * coming soon, a screen that could not be shown): a framed icon, a heading that names the block, a
 * muted text and actions. It keeps a gap on both sides of a phone's screen. Not exported: the screens
 * built on it are.
 */
export function MessageBlock({ glyph, title, text, actions, dashed = false }: MessageBlockProps) {
  const titleId = useId();
  return (
    <section
      className={[styles.block, dashed && styles.dashed].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
    >
      <svg
        className={styles.art}
        width="64"
        height="64"
        viewBox="0 0 64 64"
        aria-hidden="true"
        focusable="false"
      >
        <rect x="6" y="12" width="52" height="40" rx="8" fill="none" stroke="currentColor" strokeWidth="3" />
        {glyph}
      </svg>
      <h1 id={titleId} className={styles.title}>
        {title}
      </h1>
      <p className={styles.text}>{text}</p>
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
