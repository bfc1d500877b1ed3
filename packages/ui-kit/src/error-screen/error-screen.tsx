import { Button, buttonClass } from '../button/button.js';
import { DefaultLink, type LinkComponent } from '../link.js';
import { MessageBlock } from '../message-block/message-block.js';
import { uiMessages } from '../messages.js';
import { unbrokenEnd } from '../unbroken-end/unbroken-end.js';

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
 * A screen that could not be shown: a heading, what to do, «Обновить страницу» and a link home. It
 * never shows an error's details; the app logs them.
 */
export function ErrorScreen({ homeHref, onReload, LinkComponent = DefaultLink, labels }: ErrorScreenProps) {
  const m = uiMessages.errorScreen;
  return (
    <MessageBlock
      glyph={
        <>
          <path d="M32 22v14" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
          <circle cx="32" cy="43" r="2.5" fill="currentColor" />
        </>
      }
      title={unbrokenEnd(labels?.title ?? m.title)}
      text={labels?.text ?? m.text}
      actions={
        <>
          <Button onClick={onReload}>{labels?.reload ?? m.reload}</Button>
          <LinkComponent href={homeHref} className={buttonClass('secondary')}>
            {labels?.home ?? m.home}
          </LinkComponent>
        </>
      }
    />
  );
}
