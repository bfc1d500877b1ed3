// Login flow states for stories and view tests.
import {
  INVALID_PHONE,
  initialLoginFlowState,
  type LoginFlowState,
  PROMPT_TITLE,
  WRONG_CODE,
} from '@kadr/auth-session';
import { GOODLINE_PHONE } from '../../testing/fake-services';
import type { LoginActions } from './login-modal-view';

/** The phone screen as the flow starts it. */
export function phoneState(patch: Partial<LoginFlowState> = {}): LoginFlowState {
  return { ...initialLoginFlowState(), ...patch };
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

/** Every state the screens render, by name: shared by the modal, phone-screen and code-screen stories. */
export const loginStates = {
  /** The phone screen as it opens from Войти. */
  phone: phoneState(),
  /** The phone screen opened from the registration prompt. */
  prompt: promptState(),
  /** A number the flow rejected. */
  invalidPhone: phoneState({ phoneInput: '+7912', phoneError: INVALID_PHONE }),
  /** The code is being sent. */
  sending: phoneState({ phoneInput: '+79123456789', sending: true }),
  /** The blocked provider's subscriber (SPEC §8). */
  providerBlocked: phoneState({ phoneInput: `+${GOODLINE_PHONE}`, goodlineBlocked: true }),
  /** Sending failed for another reason. */
  phoneFailed: phoneState({ phoneInput: '+79123456789', failed: true }),
  /** The code screen right after sending. */
  code: codeState(),
  /** A push confirmation is awaited. */
  awaitingPush: codeState({ asyncStatus: 'pending', resendIn: 37 }),
  /** A wrong code; resend is available again. */
  wrongCode: codeState({ codeError: WRONG_CODE, resendIn: 0 }),
  /** The code is being checked. */
  verifying: codeState({ digits: ['1', '2', '3', '4'], focusIndex: 3, verifying: true, resendIn: 12 }),
  /** Checking failed for another reason. */
  codeFailed: codeState({ digits: ['1', '2', '3', '4'], failed: true, resendIn: 0 }),
} satisfies Record<string, LoginFlowState>;
