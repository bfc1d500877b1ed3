import { Button, Modal } from '@kadr/ui-kit';
import { useId } from 'react';
import styles from './notice-dialog.module.css';

/** ОК, the notice's one button. */
export const NOTICE_OK = 'ОК';

/** Props of {@link NoticeDialog}. */
export interface NoticeDialogProps {
  /** The notice; it also names the dialog. */
  text: string;
  /** ОК, Escape: the notice is read. */
  onClose: () => void;
}

/**
 * A one-button notice: a small centred alert dialog whose text names it, ОК (focused) closes it — a
 * card deleted or refused, a sign-in link refused.
 */
export function NoticeDialog({ text, onClose }: NoticeDialogProps) {
  const textId = useId();
  return (
    <Modal
      open
      onClose={onClose}
      role="alertdialog"
      label={text}
      describedBy={textId}
      size="m"
      mobileLayout="centered"
      align="center"
      showClose={false}
      footer={
        <Button onClick={onClose} autoFocus>
          {NOTICE_OK}
        </Button>
      }
    >
      <p id={textId} className={styles.text}>
        {text}
      </p>
    </Modal>
  );
}
