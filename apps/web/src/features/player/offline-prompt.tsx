import type { FooterLink } from '@kadr/ui-kit';
import { Button } from '@kadr/ui-kit';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { config } from '../../env';
import { offlinePromptStores } from '../../shared/app-stores';
import { playerMessages as m } from './messages';
import styles from './player.module.css';

/** Props of {@link OfflinePrompt}. */
export interface OfflinePromptProps {
  /** «Продолжить просмотр» and Escape: hides the install paywall (the video resumes). */
  onContinue: () => void;
  /** The mobile app's universal link; default the configured one (`VITE_MOBILE_APP_URL`). */
  appUrl?: string;
  /** The store buttons; default the four of decision 039, from the footer's list. */
  stores?: readonly FooterLink[];
}

/**
 * The install paywall's face: the offline-download prompt (SPEC §1: on mobile it sends people to the
 * mobile app and to four app stores). A dialog under the paused video; focus moves to its first button
 * when it opens, and Escape is «Продолжить просмотр». The player gives focus back when it closes.
 */
export function OfflinePrompt({
  onContinue,
  appUrl = config.mobileAppUrl,
  stores = offlinePromptStores,
}: OfflinePromptProps) {
  const titleId = useId();
  const textId = useId();
  const openApp = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    openApp.current?.focus();
  }, []);
  // Keys stay in the dialog: the player's own keys (←/→ seek, space) must not reach the video under it.
  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      onContinue();
    }
  };
  return (
    <div
      className={styles.offlinePrompt}
      role="dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={onKeyDown}
    >
      <h2 id={titleId} className={styles.finalTitle}>
        {m.installTitle}
      </h2>
      <p id={textId} className={styles.note}>
        {m.installText}
      </p>
      {/* In place, not a new tab: the system hands a universal link to the app when it is installed. */}
      <a ref={openApp} className={styles.openApp} href={appUrl}>
        {m.installOpenApp}
      </a>
      <ul className={styles.stores} aria-label={m.installStores}>
        {stores.map((store) => (
          <li key={store.label}>
            <a className={styles.store} href={store.href} target="_blank" rel="noopener noreferrer">
              {store.label}
            </a>
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onContinue}>
        {m.installContinue}
      </Button>
    </div>
  );
}
