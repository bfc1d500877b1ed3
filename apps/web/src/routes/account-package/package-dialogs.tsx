import type { CancelReason } from '@kadr/api-contract';
import { Button, Modal } from '@kadr/ui-kit';
import { type ReactNode, useId } from 'react';
import type { Goods } from '../../shared/catalogue-types';
import styles from './account-package.module.css';
import { packageMessages as m } from './messages';
import { CANCEL_REASONS, isStoreManaged, type PackageDialog } from './package-flow';

/** The cancellation flow's dialogs and the notices (everything but `pay`, which is the payment overlay). */
export type NoticeDialog = Exclude<PackageDialog, 'pay'>;

/** Props of {@link PackageDialogs}. */
export interface PackageDialogsProps {
  /** The dialog open now, or null. */
  dialog: NoticeDialog | null;
  goods: Pick<Goods, 'ended_at' | 'store_name' | 'cost'>;
  /** The reason chosen on the reasons page. */
  reason: CancelReason | null;
  onReason: (reason: CancelReason) => void;
  /** Page one or the trial warning → the reasons page. */
  onToReasons: () => void;
  /** The reasons page's button: the trial confirm (trial) or the cancel. */
  onReasonsDone: () => void;
  /** The trial confirm's button: the cancel. */
  onConfirmTrial: () => void;
  /** The cancel or restore call is running. */
  busy: boolean;
  /** Closes the dialog (the close buttons, Escape, the cross). */
  onClose: () => void;
  /** «Ок» of the cancel success: back (SPEC §4). */
  onCancelled: () => void;
  /** Whether the reasons page leads to the trial confirm. */
  trial: boolean;
}

/**
 * The package detail's dialogs (SPEC §2, §4) with their exact titles and close buttons: page one
 * «Управление подпиской», the reasons page «Дайте нам всё исправить!» (its cancel button appears only
 * once a reason is chosen), the trial warning and confirm, «Проверка платежа», the successes and the
 * failure notices. Each is its own dialog (keyed), so focus moves into each and returns to the main
 * button at the end.
 */
export function PackageDialogs(props: PackageDialogsProps) {
  const { dialog, goods, busy, onClose } = props;
  const textId = useId();
  if (!dialog) return null;

  const closeButton = (label: string, autoFocus = false) => (
    <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus={autoFocus}>
      {label}
    </Button>
  );
  const frame = (title: string, body: ReactNode, footer: ReactNode, notice = false) => (
    <Modal
      key={dialog}
      open
      onClose={busy ? () => {} : onClose}
      title={title}
      describedBy={textId}
      role={notice ? 'alertdialog' : 'dialog'}
      size="m"
      mobileLayout="centered"
      align={notice ? 'center' : 'start'}
      footer={footer}
    >
      <div id={textId} className={styles.dialogText}>
        {body}
      </div>
    </Modal>
  );

  switch (dialog) {
    case 'pageOne': {
      const store = isStoreManaged(goods.store_name);
      return frame(
        m.pageOne,
        <>
          {goods.ended_at && <p>{m.endsAt(goods.ended_at)}</p>}
          <p>{m.autoRenewal}</p>
          <p>{m.storeNote}</p>
        </>,
        store ? (
          closeButton(m.understood, true)
        ) : (
          <>
            <Button onClick={props.onToReasons}>{m.cancelSubscription}</Button>
            {closeButton(m.changedMind)}
          </>
        ),
      );
    }
    case 'trial':
      return frame(
        m.trialWarning,
        <p>{m.trialWarningText}</p>,
        <>
          <Button onClick={props.onToReasons}>{m.continue}</Button>
          {closeButton(m.changedMind)}
        </>,
      );
    case 'pageTwo':
      return frame(
        m.pageTwo,
        <ReasonChoice reason={props.reason} onReason={props.onReason} />,
        <>
          {props.reason && (
            <Button onClick={props.onReasonsDone} loading={busy && !props.trial}>
              {props.trial ? m.continue : m.cancelSubscription}
            </Button>
          )}
          {closeButton(m.changedMind)}
        </>,
      );
    case 'trialConfirm':
      return frame(
        m.trialConfirm,
        <p>{m.trialConfirmText(goods.cost)}</p>,
        <>
          <Button onClick={props.onConfirmTrial} loading={busy}>
            {m.disableTrial}
          </Button>
          {closeButton(m.changedMind)}
        </>,
      );
    case 'firstHours':
      return frame(m.firstHours, <p>{m.firstHoursText}</p>, closeButton(m.understood, true), true);
    case 'successCancel':
      return frame(
        m.successCancel,
        null,
        <Button onClick={props.onCancelled} autoFocus>
          {m.ok}
        </Button>,
        true,
      );
    case 'successRestore':
      return frame(
        m.successRestore,
        null,
        <Button onClick={onClose} autoFocus>
          {m.ok}
        </Button>,
        true,
      );
    case 'cancelFailed':
      return frame(m.cancelFailed, <p>{m.cancelFailedText}</p>, closeButton(m.understood, true), true);
    case 'restoreFailed':
      return frame(m.restoreFailed, <p>{m.restoreFailedText}</p>, closeButton(m.understood, true), true);
  }
}

/** The three reasons as a radio group (SPEC §2: choose one). */
function ReasonChoice({
  reason,
  onReason,
}: {
  reason: CancelReason | null;
  onReason: (reason: CancelReason) => void;
}) {
  const name = useId();
  return (
    <fieldset className={styles.reasons}>
      <legend className={styles.legend}>{m.reasonsLegend}</legend>
      {CANCEL_REASONS.map((value) => (
        <label key={value} className={styles.reason}>
          <input
            type="radio"
            name={name}
            value={value}
            checked={reason === value}
            onChange={() => onReason(value)}
          />
          {m.reasons[value]}
        </label>
      ))}
    </fieldset>
  );
}
