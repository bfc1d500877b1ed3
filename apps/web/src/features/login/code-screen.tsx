import type { LoginFlowState } from '@kadr/auth-session';
import { Button, CodeInput } from '@kadr/ui-kit';
import { useId } from 'react';
import styles from './login-modal.module.css';
import type { LoginActions } from './login-modal-view';
import { loginMessages as m } from './messages';

/** Props of {@link CodeScreen}. */
export interface CodeScreenProps {
  state: LoginFlowState;
  actions: LoginActions;
  supportEmail: string;
}

/**
 * Code screen: confirm on the phone or type the 4-digit SMS code sent to the masked number; the code
 * lives 2 minutes; resend is locked for 60 s with a seconds countdown.
 */
export function CodeScreen({ state, actions, supportEmail }: CodeScreenProps) {
  const errorId = useId();
  const status = state.verifying ? m.verifying : state.asyncStatus === 'pending' ? m.asyncPending : null;
  return (
    <div className={styles.form}>
      <p className={styles.text}>{m.codePrompt}</p>
      <p className={styles.text}>
        {m.codeSentTo} <strong className={styles.phone}>{state.maskedPhone}</strong>
      </p>
      <CodeInput
        digits={state.digits}
        focusIndex={state.focusIndex}
        onDigit={(index, digit) => actions.setDigit(index, digit)}
        label={m.codeLabel}
        digitLabel={m.digit}
        invalid={state.codeError !== null}
        disabled={state.verifying}
        describedBy={state.codeError ? errorId : undefined}
      />
      {state.codeError && (
        <p id={errorId} className={styles.error} role="alert">
          {state.codeError}
        </p>
      )}
      {state.failed && (
        <p className={styles.error} role="alert">
          {m.genericError}
        </p>
      )}
      <p className={styles.muted}>{m.codeTtl}</p>
      {status && (
        <p className={styles.muted} role="status">
          {status}
        </p>
      )}
      <Button
        variant="secondary"
        fullWidth
        onClick={actions.resend}
        disabled={state.resendIn > 0}
        loading={state.sending}
        className={styles.primary}
      >
        {state.resendIn > 0 ? m.resendIn(state.resendIn) : m.resend}
      </Button>
      <p className={styles.support}>
        {m.supportBefore}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
      </p>
    </div>
  );
}
