import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
} from 'react';
import { createPortal } from 'react-dom';
import { IconButton } from '../icon-button/icon-button.js';
import { IconClose } from '../icons/icons.js';
import { uiMessages } from '../messages.js';
import styles from './modal.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Props of {@link Modal}. */
export interface ModalProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** Called on Escape, a backdrop click or the close button. */
  onClose: () => void;
  /** Visible heading; it names the dialog. */
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  label?: string;
  /** Id of the element describing the dialog (e.g. a confirm question). */
  describedBy?: string;
  /** Content placed before the title, e.g. a back arrow. */
  headerStart?: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Width on desktop. */
  size?: 's' | 'm';
  /** `sheet` fills the screen on narrow viewports; `centered` stays a centred card. */
  mobileLayout?: 'sheet' | 'centered';
  /** Alignment of the title (default `start`); `center` for short notices. */
  align?: 'start' | 'center';
  /** Fills the screen whatever the width (the app's mobile layout, decided by device kind). */
  fullScreen?: boolean;
  /** Shows the close cross (default true). */
  showClose?: boolean;
  /** Label of the close cross. */
  closeLabel?: string;
  /** Closes on a click outside the card (default true). */
  closeOnBackdrop?: boolean;
  /** Where the dialog is portalled (default `document.body`); a story may give a framed element. */
  container?: Element | null;
  /** Element to focus on open; otherwise focus stays on whatever the content focused, or the card. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  children?: ReactNode;
}

/**
 * An accessible dialog in a portal: `role=dialog`, `aria-modal`, a light focus trap (Tab cycles inside,
 * focus returns on close), Escape and backdrop click close it. Centred on desktop, a full-screen sheet
 * on mobile.
 */
export function Modal({
  open,
  onClose,
  title,
  label,
  describedBy,
  headerStart,
  footer,
  role = 'dialog',
  size = 'm',
  mobileLayout = 'sheet',
  fullScreen = false,
  align = 'start',
  showClose = true,
  closeLabel = uiMessages.close,
  closeOnBackdrop = true,
  initialFocusRef,
  container,
  children,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    // Content may have focused its own field already (effects of children run first): keep it.
    if (initialFocusRef?.current) initialFocusRef.current.focus();
    else if (dialog && !dialog.contains(document.activeElement)) dialog.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [open, initialFocusRef]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusables = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    // Only a press that started and ended on the backdrop closes (not a text selection dragged out).
    if (closeOnBackdrop && pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressedOnBackdrop.current = false;
  };

  const hasHeader = Boolean(title || headerStart || showClose);
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is a pointer convenience; Escape and the close button are the accessible ways out.
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users close with Escape (handled on the dialog).
    <div
      className={[styles.backdrop, styles[mobileLayout], fullScreen && styles.fullScreen]
        .filter(Boolean)
        .join(' ')}
      data-kadr-backdrop=""
      onMouseDown={onBackdropMouseDown}
      onClick={onBackdropClick}
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, both take aria-modal. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the same dialog roles; Escape and Tab are handled here. */}
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : label}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={[styles.dialog, styles[size], align === 'center' && styles.center]
          .filter(Boolean)
          .join(' ')}
        onKeyDown={onKeyDown}
      >
        {hasHeader && (
          <div className={headerStart ? styles.header : styles.closeOnly}>
            {headerStart && <div className={styles.headerStart}>{headerStart}</div>}
            {showClose && (
              <IconButton label={closeLabel} onClick={onClose} className={styles.close}>
                <IconClose />
              </IconButton>
            )}
          </div>
        )}
        {title && (
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
        )}
        <div className={styles.body}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>,
    container ?? document.body,
  );
}
