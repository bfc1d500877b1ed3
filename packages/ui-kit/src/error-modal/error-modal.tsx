import { useId } from 'react';
import { buttonClass } from '../button/button.js';
import { DefaultLink, type LinkComponent } from '../link.js';
import { uiMessages } from '../messages.js';
import { Modal } from '../modal/modal.js';
import { unbrokenEnd } from '../unbroken-end/unbroken-end.js';
import styles from './error-modal.module.css';

/** Props of {@link ErrorModal}. */
export interface ErrorModalProps {
  /** Whether the modal is shown. */
  open: boolean;
  /** In-app path of the home page. */
  homeHref: string;
  /** Called on Escape and the close cross. */
  onClose: () => void;
  /** Renders the home link; a plain anchor by default. */
  LinkComponent?: LinkComponent;
  /** Texts (default: «Что-то пошло не так :(», «Вернитесь на «Главную»», «Главная страница»). */
  labels?: { title?: string; text?: string; home?: string };
  /** Where the modal is portalled (stories). */
  container?: Element | null;
}

/** «Что-то пошло не так :(» — an alert dialog sending the visitor home when content cannot be shown. */
export function ErrorModal({
  open,
  homeHref,
  onClose,
  LinkComponent = DefaultLink,
  labels,
  container,
}: ErrorModalProps) {
  const textId = useId();
  const m = uiMessages.errorModal;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={unbrokenEnd(labels?.title ?? m.title)}
      describedBy={textId}
      role="alertdialog"
      size="m"
      mobileLayout="centered"
      align="center"
      container={container}
    >
      <div className={styles.body}>
        <p id={textId} className={styles.text}>
          {labels?.text ?? m.text}
        </p>
        <LinkComponent href={homeHref} className={buttonClass('primary', 'm', true)}>
          {labels?.home ?? m.home}
        </LinkComponent>
      </div>
    </Modal>
  );
}
