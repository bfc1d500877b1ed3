// Login flow states for stories and view tests.
import { LOGIN_TITLE, type LoginFlowState, PROMPT_TITLE } from '@kadr/auth-session';
import type { LoginActions } from './login-modal-view';

/** The phone screen as the flow starts it. */
export function phoneState(patch: Partial<LoginFlowState> = {}): LoginFlowState {
  return {
    screen: 'phone',
    title: LOGIN_TITLE,
    phoneInput: '+7',
    phoneError: null,
    sending: false,
    goodlineBlocked: false,
    phone: null,
    maskedPhone: null,
    resendIn: 0,
    digits: ['', '', '', ''],
    focusIndex: 0,
    verifying: false,
    codeError: null,
    asyncStatus: null,
    failed: false,
    loggedIn: false,
    ...patch,
  };
}

/** The code screen right after a code was sent to 79123456789. */
export function codeState(patch: Partial<LoginFlowState> = {}): LoginFlowState {
  return phoneState({
    screen: 'code',
    phoneInput: '+79123456789',
    phone: '79123456789',
    maskedPhone: '+7 (912) ***-**-89',
    resendIn: 60,
    ...patch,
  });
}

/** The phone screen of the registration prompt. */
export function promptState(patch: Partial<LoginFlowState> = {}): LoginFlowState {
  return phoneState({ title: PROMPT_TITLE, ...patch });
}

/** Actions that do nothing (stories). */
export const noActions: LoginActions = {
  setPhoneInput: () => {},
  submitPhone: () => {},
  setDigit: () => {},
  resend: () => {},
  back: () => {},
};
