import { GOODLINE_ALERT, type LoginFlowState } from '@kadr/auth-session';
import { Button, Checkbox, PhoneField } from '@kadr/ui-kit';
import { type FormEvent, useState } from 'react';
import styles from './login-modal.module.css';
import type { LoginActions } from './login-modal-view';
import { loginMessages as m } from './messages';

/** Props of {@link PhoneScreen}. */
export interface PhoneScreenProps {
  state: LoginFlowState;
  actions: LoginActions;
  agreementUrl: string;
}

/** Phone screen: the number, the terms checkbox (checked by default) and Продолжить. */
export function PhoneScreen({ state, actions, agreementUrl }: PhoneScreenProps) {
  const [accepted, setAccepted] = useState(true);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (accepted) actions.submitPhone();
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <PhoneField
        label={m.phoneLabel}
        hideLabel
        value={state.phoneInput}
        onChange={(event) => actions.setPhoneInput(event.target.value)}
        error={state.phoneError ?? undefined}
        autoFocus
      />
      {state.goodlineBlocked && <GoodlineAlert />}
      {state.failed && (
        <p className={styles.error} role="alert">
          {m.genericError}
        </p>
      )}
      <Checkbox
        checked={accepted}
        onChange={(event) => setAccepted(event.target.checked)}
        label={
          <>
            {m.termsBefore}
            <a href={agreementUrl} target="_blank" rel="noopener noreferrer">
              {m.termsLink}
            </a>
          </>
        }
      />
      <Button type="submit" fullWidth loading={state.sending} disabled={!accepted} className={styles.primary}>
        {m.continue}
      </Button>
    </form>
  );
}

/** SPEC §8: subscribers of the blocked provider are told the site is unavailable; no code screen. */
function GoodlineAlert() {
  return (
    <p className={styles.alert} role="alert">
      {GOODLINE_ALERT}
    </p>
  );
}
