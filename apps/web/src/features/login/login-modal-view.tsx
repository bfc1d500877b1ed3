import type { LoginFlowState } from '@kadr/auth-session';
import { IconBack, IconButton, Modal } from '@kadr/ui-kit';
import { CodeScreen } from './code-screen';
import styles from './login-modal.module.css';
import { loginMessages as m } from './messages';
import { PhoneScreen } from './phone-screen';

/** The actions of the login flow the modal calls. */
export interface LoginActions {
  setPhoneInput: (raw: string) => void;
  submitPhone: () => void;
  setDigit: (index: number, digit: string) => void;
  resend: () => void;
  back: () => void;
}

/** Props of {@link LoginModalView}. */
export interface LoginModalViewProps {
  /** Whether the modal is shown. */
  open: boolean;
  /** The flow's state (`createLoginFlow().getState()`). */
  state: LoginFlowState;
  /** Flow actions. */
  actions: LoginActions;
  /** Closes the modal (cross, Escape, backdrop). */
  onClose: () => void;
  /** A profile_id exists: the code screen may render (SPEC §2). */
  hasProfile: boolean;
  /** `mobile` opens as a full-screen sheet whatever the width; `desktop` centred (a sheet when narrow). */
  layout: 'desktop' | 'mobile';
  /** The support address (code screen). */
  supportEmail: string;
  /** The user agreement (phone screen). */
  agreementUrl: string;
  /** Portal target of the modal (stories frame several at once). */
  container?: Element | null;
}

/** The login modal as a pure view of the flow's state: phone screen, then code screen. */
export function LoginModalView({
  open,
  state,
  actions,
  onClose,
  hasProfile,
  layout,
  supportEmail,
  agreementUrl,
  container,
}: LoginModalViewProps) {
  const codeScreen = state.screen === 'code' && hasProfile;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={codeScreen ? m.codeTitle : state.title}
      closeLabel={m.close}
      fullScreen={layout === 'mobile'}
      container={container}
      headerStart={
        codeScreen ? (
          <IconButton label={m.back} onClick={actions.back}>
            <IconBack />
          </IconButton>
        ) : undefined
      }
    >
      <div className={styles.content}>
        {codeScreen ? (
          <CodeScreen state={state} actions={actions} supportEmail={supportEmail} />
        ) : (
          <PhoneScreen state={state} actions={actions} agreementUrl={agreementUrl} />
        )}
      </div>
    </Modal>
  );
}
