import type { ReactNode } from 'react';
import { uiMessages } from '../messages.js';
import styles from './placeholder.module.css';

/** Props of {@link Placeholder}. */
export interface PlaceholderProps {
  /** The screen's name, shown as its heading. */
  title: string;
  /** The explanation (default: the screen is coming soon). */
  text?: ReactNode;
  /** Optional actions, e.g. a link home. */
  children?: ReactNode;
}

/** A «screen coming soon» block naming a screen that is not built yet. */
export function Placeholder({ title, text = uiMessages.placeholderText, children }: PlaceholderProps) {
  return (
    <section className={styles.placeholder} aria-label={title}>
      <svg
        className={styles.art}
        width="64"
        height="64"
        viewBox="0 0 64 64"
        aria-hidden="true"
        focusable="false"
      >
        <rect x="6" y="12" width="52" height="40" rx="8" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M26 24v16l13-8z" fill="currentColor" />
      </svg>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{text}</p>
      {children && <div className={styles.actions}>{children}</div>}
    </section>
  );
}
