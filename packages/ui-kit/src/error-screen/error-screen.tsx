import { type ReactNode, useId } from 'react';
import { Button } from '../button/button.js';
import { DefaultLink, type LinkComponent } from '../link.js';
import { uiMessages } from '../messages.js';
import styles from './error-screen.module.css';

/** Props of {@link ErrorScreen}. */
export interface ErrorScreenProps {
  /** In-app path of the home page. */
  homeHref: string;
  /** Reloads the page («Обновить страницу»). */
  onReload: () => void;
  /** Renders the home link; a plain anchor by default. */
  LinkComponent?: LinkComponent;
  /**
   * Texts (default: «Что-то пошло не так :(», «Не удалось показать эту страницу…», «На главную»,
   * «Обновить страницу»).
   */
  labels?: { title?: string; text?: string; home?: string; reload?: string };
}

/**
 * The title with its last two words kept on one line: «так :(» never breaks before or inside the
 * glyph on a narrow phone. The accessible name stays the plain text.
 */
function unbrokenEnd(title: string): ReactNode {
  const words = title.split(' ');
  if (words.length < 2) return <span className={styles.nowrap}>{title}</span>;
  const end = words.splice(-2).join(' ');
  return (
    <>
      {words.join(' ')} <span className={styles.nowrap}>{end}</span>
    </>
  );
}

/**
 * A screen that could not be shown: a heading, what to do, «Обновить страницу» and a link home. It
 * never shows an error's details; the app logs them.
 */
export function ErrorScreen({ homeHref, onReload, LinkComponent = DefaultLink, labels }: ErrorScreenProps) {
  const titleId = useId();
  const m = uiMessages.errorScreen;
  return (
    <section className={styles.screen} aria-labelledby={titleId}>
      <svg
        className={styles.art}
        width="64"
        height="64"
        viewBox="0 0 64 64"
        aria-hidden="true"
        focusable="false"
      >
        <rect x="6" y="12" width="52" height="40" rx="8" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M32 22v14" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
        <circle cx="32" cy="43" r="2.5" fill="currentColor" />
      </svg>
      <h1 id={titleId} className={styles.title}>
        {unbrokenEnd(labels?.title ?? m.title)}
      </h1>
      <p className={styles.text}>{labels?.text ?? m.text}</p>
      <div className={styles.actions}>
        <Button onClick={onReload}>{labels?.reload ?? m.reload}</Button>
        <LinkComponent href={homeHref} className={styles.home}>
          {labels?.home ?? m.home}
        </LinkComponent>
      </div>
    </section>
  );
}
