import { useId } from 'react';
import { Button } from '../button/button.js';
import { Modal } from '../modal/modal.js';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** The question, e.g. 'Вы действительно хотите выйти?'. */
  message: string;
  /** Label of the confirming button. */
  confirmLabel: string;
  /** Label of the cancelling button. */
  cancelLabel: string;
  /** Called by the confirming button. */
  onConfirm: () => void;
  /** Called by the cancelling button, Escape or a backdrop click. */
  onCancel: () => void;
  /** Shows the confirming button as busy. */
  confirming?: boolean;
}

/** A small alert dialog asking one question with a confirm and a cancel button. */
export function ConfirmDialog({
  open,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  confirming = false,
}: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Modal
      open={open}
      onClose={onCancel}
      role="alertdialog"
      label={message}
      describedBy={messageId}
      size="m"
      mobileLayout="centered"
      showClose={false}
      footer={
        <>
          <Button onClick={onConfirm} loading={confirming}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={confirming} autoFocus>
            {cancelLabel}
          </Button>
        </>
      }
    >
      <p id={messageId} style={{ margin: 0, fontSize: 'var(--kadr-font-size-l)', fontWeight: 600 }}>
        {message}
      </p>
    </Modal>
  );
}
