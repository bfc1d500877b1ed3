import { useEffect, useState } from 'react';
import { uiMessages } from '../messages.js';
import styles from './loading-bar.module.css';

/** How long loading must last before the bar shows, so quick loads do not flash it. */
export const LOADING_BAR_DELAY_MS = 150;

/** Props of {@link LoadingBar}. */
export interface LoadingBarProps {
  /** Whether something is loading; the caller decides what counts (navigation, data fetches…). */
  active: boolean;
  /** Shows the bar only once `active` has lasted this long (default {@link LOADING_BAR_DELAY_MS}). */
  delayMs?: number;
  /** Accessible name (default «Загрузка страницы»). */
  label?: string;
}

/**
 * A thin indeterminate bar fixed to the top of the page while something loads: a `progressbar` with no
 * value, shown only after `delayMs` and gone the moment loading ends. Without motion when the visitor
 * asks for reduced motion.
 */
export function LoadingBar({ active, delayMs = LOADING_BAR_DELAY_MS, label }: LoadingBarProps) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  if (!active || !shown) return null;
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label={label ?? uiMessages.loadingBar}
      aria-busy="true"
    >
      <span className={styles.indicator} />
    </div>
  );
}
