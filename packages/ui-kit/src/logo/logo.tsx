import { uiMessages } from '../messages.js';
import styles from './logo.module.css';

/** Props of {@link Logo}. */
export interface LogoProps {
  /** Height of the mark in pixels; the word scales with it. */
  size?: number;
  /** Shows only the mark (e.g. a tight mobile header). */
  markOnly?: boolean;
  /** Accessible name (default «Кадр»). */
  label?: string;
}

/** The Kadr logotype: a film frame with a play sign and the word «Кадр». */
export function Logo({ size = 32, markOnly = false, label = uiMessages.logo }: LogoProps) {
  return (
    <span className={styles.logo} role="img" aria-label={label} style={{ fontSize: size * 0.75 }}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect x="1" y="4" width="30" height="24" rx="5" fill="var(--kadr-color-accent)" />
        {[7, 13, 19, 25].map((x) => (
          <g key={x} fill="var(--kadr-color-bg)">
            <rect x={x - 1.5} y="6.5" width="3" height="2.5" rx="0.8" />
            <rect x={x - 1.5} y="23" width="3" height="2.5" rx="0.8" />
          </g>
        ))}
        <path d="M13 11.5v9l7.5-4.5z" fill="var(--kadr-color-on-accent)" />
      </svg>
      {!markOnly && (
        <span className={styles.word} aria-hidden="true">
          Кадр
        </span>
      )}
    </span>
  );
}
