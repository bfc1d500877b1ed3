import type { AsyncAuthStatus, CallResponse } from '@kadr/api-contract';
// Values from the zod-free entry, so the browser bundle does not carry the contract's schemas.
import { LOGIN_DEVICE_TYPE, LOGIN_GRANT_TYPE } from '@kadr/api-contract/routes';
import { type AuthApi, isApiErrorLike, retryAfterOf } from './api.js';
import {
  CODE_EXPIRED,
  codeNotSentMessage,
  LOGIN_REJECTED,
  LOGIN_TITLE,
  PROMPT_TITLE,
  resendTooEarlyMessage,
  tooManyAttemptsMessage,
  WRONG_CODE,
} from './messages.js';
import { maskPhone, normalizePhoneInput, PHONE_PREFIX, validatePhone } from './phone.js';
import { StorageKey, type StorageLike } from './storage.js';
import { type AuthLog, consoleLog, createStore, type ExternalStore } from './store.js';

/** Seconds the resend button stays disabled after a code was sent (SPEC §9). */
export const RESEND_LOCKOUT_SECONDS = 60;
/** Milliseconds between async sign-in status checks (SPEC §9). */
export const ASYNC_AUTH_POLL_MS = 1000;
/** Digits in the SMS code (SPEC §9). */
export const CODE_LENGTH = 4;
/** `dev_model` sent with authApp. */
export const LOGIN_DEVICE_MODEL = 'web';

/** The four single-digit inputs; '' is an empty one. */
export type CodeDigits = [string, string, string, string];

/** State of the login modal (SPEC §2 Login modal, §4 Login). */
export interface LoginFlowState {
  /** 'phone' until a code was sent, then 'code'; back() returns to 'phone'. */
  screen: 'phone' | 'code';
  /** Title of the phone screen: LOGIN_TITLE, or PROMPT_TITLE in prompt mode. */
  title: string;
  /** The phone field, already filtered by normalizePhoneInput ('+7' when empty). */
  phoneInput: string;
  /** Error under the phone field ('Неверный номер телефона', rate limits), or null. */
  phoneError: string | null;
  /** sendAuth is in flight. */
  sending: boolean;
  /** The last send answered is_goodline: show GOODLINE_ALERT; the code screen is not opened. */
  goodlineBlocked: boolean;
  /** The number the code was sent to ('7XXXXXXXXXX'), or null before a send. */
  phone: string | null;
  /** `phone` masked for the code screen ('+7 (912) ***-**-89'), or null. */
  maskedPhone: string | null;
  /** Seconds until resend is allowed; 0 = enabled. Editing the phone sets it to 0. */
  resendIn: number;
  /** The four code inputs. */
  digits: CodeDigits;
  /** Input that should have focus: the first empty one (3 when all are filled). */
  focusIndex: number;
  /** Code verification or the final authApp is in flight; inputs are locked. */
  verifying: boolean;
  /** Error on the code screen ('Неверный код', expired, rate limits, rejected push), or null. */
  codeError: string | null;
  /** Status of the push sign-in: null without one, 'pending' while polling, else where polling stopped. */
  asyncStatus: AsyncAuthStatus | null;
  /** An unexpected failure (network, server) that was only logged (SPEC §8); the UI may say GENERIC_ERROR. */
  failed: boolean;
  /** Login completed: tokens, login and AUTH 'true' are stored. */
  loggedIn: boolean;
}

/** Timer functions, injectable for tests; defaults call the globals at call time. */
export interface LoginFlowTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** What onLoggedIn receives. */
export interface LoggedInSession {
  profileId: number;
  phone: string;
}

/** Options of `createLoginFlow`. */
export interface LoginFlowOptions {
  api: AuthApi;
  /** Usually `localStorage`; tokens, login, profile_id and AUTH are written here on success. */
  storage: StorageLike;
  /** The device id (`getOrCreateDeviceUid(localStorage)`). */
  deviceUid: string;
  /** authApp client_id (default 'web'). */
  clientId?: string;
  /** authApp client_secret (default 'web'). */
  clientSecret?: string;
  /** Clock for the resend countdown (default Date.now). */
  now?: () => number;
  timers?: LoginFlowTimers;
  /** Called once after a successful login; the UI closes the modal and reloads (SPEC §4). */
  onLoggedIn?: (session: LoggedInSession) => void;
  /** Registration-prompt mode: the phone screen shows PROMPT_TITLE. */
  promptMode?: boolean;
  /** Where unexpected errors go (default: console warnings). */
  log?: AuthLog;
}

/** The login modal's store: state plus actions. */
export interface LoginFlow extends ExternalStore<LoginFlowState> {
  /** Filters the phone field (normalizePhoneInput); a change clears errors and re-enables resend. */
  setPhoneInput(raw: string): void;
  /** Validates the phone and sends the code; on success shows the code screen, starts the countdown and polling. */
  submitPhone(): Promise<void>;
  /**
   * Sets input `index` to a digit ('' clears it; a pasted run of digits fills the following inputs;
   * anything else is ignored). The fourth filled digit starts verification; the promise ends with it.
   */
  setDigit(index: number, value: string): Promise<void>;
  /** Sends a new code when `resendIn` is 0; the earlier async attempt is dropped. */
  resend(): Promise<void>;
  /** Back to the phone screen; drops the async attempt (the countdown keeps running until the phone is edited). */
  back(): void;
  /** Drops the async attempt, stops every timer and resets the state (the modal was closed). */
  close(): void;
  /** close() and forget the listeners; the flow does nothing afterwards. */
  dispose(): void;
}

const EMPTY_DIGITS: CodeDigits = ['', '', '', ''];

const globalTimers: LoginFlowTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as Parameters<typeof clearInterval>[0]),
};

/** The state a login flow starts (and starts over) in: the phone screen, empty; the prompt's title in `promptMode`. */
export function initialLoginFlowState(promptMode = false): LoginFlowState {
  return {
    screen: 'phone',
    title: promptMode ? PROMPT_TITLE : LOGIN_TITLE,
    phoneInput: PHONE_PREFIX,
    phoneError: null,
    sending: false,
    goodlineBlocked: false,
    phone: null,
    maskedPhone: null,
    resendIn: 0,
    digits: EMPTY_DIGITS,
    focusIndex: 0,
    verifying: false,
    codeError: null,
    asyncStatus: null,
    failed: false,
    loggedIn: false,
  };
}

/**
 * The phone / SMS / push sign-in of SPEC §4 as a framework-free store. Owns the resend countdown and
 * the async-status polling timers; every response is checked against the attempt it belongs to, so a
 * late answer after back(), resend() or close() changes nothing.
 */
export function createLoginFlow(options: LoginFlowOptions): LoginFlow {
  const {
    api,
    storage,
    deviceUid,
    clientId = 'web',
    clientSecret = 'web',
    now = Date.now,
    timers = globalTimers,
    onLoggedIn,
    log = consoleLog,
  } = options;

  const initialState = () => initialLoginFlowState(options.promptMode);

  const store = createStore<LoginFlowState>(initialState());
  const state = () => store.getState();

  /** Bumped whenever the current attempt is abandoned; answers of older attempts are ignored. */
  let attempt = 0;
  let asyncUuid: string | null = null;
  let pollHandle: unknown = null;
  let countdownHandle: unknown = null;
  let resendDeadline = 0;
  let completing = false;
  let disposed = false;

  function stopPolling() {
    if (pollHandle !== null) timers.clearTimeout(pollHandle);
    pollHandle = null;
  }

  function stopCountdown() {
    if (countdownHandle !== null) timers.clearInterval(countdownHandle);
    countdownHandle = null;
  }

  /** Drops the async attempt and invalidates every in-flight answer. */
  function abandonAttempt() {
    attempt += 1;
    asyncUuid = null;
    stopPolling();
  }

  function startCountdown(seconds: number) {
    stopCountdown();
    resendDeadline = now() + seconds * 1000;
    store.set({ resendIn: seconds });
    // Computed from the deadline, not decremented, so a throttled background tab stays correct.
    countdownHandle = timers.setInterval(() => {
      const left = Math.max(0, Math.ceil((resendDeadline - now()) / 1000));
      store.set({ resendIn: left });
      if (left === 0) stopCountdown();
    }, 1000);
  }

  function schedulePoll(owner: number) {
    stopPolling();
    pollHandle = timers.setTimeout(() => {
      pollHandle = null;
      void poll(owner);
    }, ASYNC_AUTH_POLL_MS);
  }

  async function poll(owner: number) {
    const uuid = asyncUuid;
    if (owner !== attempt || uuid === null) return;
    // The typed code is being checked: skip this tick so the attempt is not completed twice.
    if (state().verifying || completing) return schedulePoll(owner);
    let status: AsyncAuthStatus;
    try {
      // Not retried by the client: polling is the retry, and a failure ends it (SPEC §8).
      const answer = await api.call('asyncAuthCheck', { body: { async_auth_uuid: uuid } }, { noRetry: true });
      status = answer.asyncAuthStatus;
    } catch (error) {
      if (owner !== attempt) return;
      log('async_check_failed', error);
      store.set({ asyncStatus: 'error' });
      return;
    }
    if (owner !== attempt) return;
    store.set({ asyncStatus: status });
    if (status === 'pending') return schedulePoll(owner);
    if (status === 'rejected') store.set({ codeError: LOGIN_REJECTED });
    if (status === 'accepted') {
      try {
        await complete(owner, { auth_type: 'mobile_id', async_auth_uuid: uuid });
      } catch (error) {
        if (owner === attempt) failVerification(error);
      }
    }
  }

  /** authApp, then the session is stored and the parent told (SPEC §4 Login). */
  async function complete(
    owner: number,
    method: { auth_type: 'phone'; verify_code: string } | { auth_type: 'mobile_id'; async_auth_uuid: string },
  ) {
    const phone = state().phone;
    if (completing || phone === null) return;
    completing = true;
    store.set({ verifying: true, codeError: null, failed: false });
    try {
      const session = await api.call('authApp', {
        body: {
          grant_type: LOGIN_GRANT_TYPE,
          client_id: clientId,
          client_secret: clientSecret,
          dev_type: LOGIN_DEVICE_TYPE,
          dev_model: LOGIN_DEVICE_MODEL,
          uid: phone,
          is_goodline: false,
          device_uid: deviceUid,
          ...method,
        },
      });
      if (owner !== attempt) return;
      const login = session.phone || phone;
      storage.setItem(StorageKey.accessToken, session.access_token);
      storage.setItem(StorageKey.refreshToken, session.refresh_token);
      storage.setItem(StorageKey.profileId, String(session.profile_id));
      storage.setItem(StorageKey.login, login);
      storage.setItem(StorageKey.auth, 'true');
      abandonAttempt();
      stopCountdown();
      store.set({ verifying: false, loggedIn: true, resendIn: 0 });
      onLoggedIn?.({ profileId: session.profile_id, phone: login });
    } finally {
      completing = false;
    }
  }

  /** A failed code check: the inputs are cleared and focus returns to the first one. */
  function failVerification(error: unknown) {
    const reset = { verifying: false, digits: EMPTY_DIGITS, focusIndex: 0 };
    if (isApiErrorLike(error) && error.code === 502) return store.set({ ...reset, codeError: WRONG_CODE });
    if (isApiErrorLike(error) && error.code === 520) return store.set({ ...reset, codeError: CODE_EXPIRED });
    if (isApiErrorLike(error) && error.code === 429) {
      return store.set({ ...reset, codeError: tooManyAttemptsMessage(retryAfterOf(error)) });
    }
    log('verify_failed', error);
    store.set({ ...reset, failed: true });
  }

  async function verify(code: string) {
    const owner = attempt;
    const uuid = asyncUuid;
    store.set({ verifying: true, codeError: null, failed: false });
    try {
      if (uuid === null) {
        await complete(owner, { auth_type: 'phone', verify_code: code });
        return;
      }
      const { asyncAuthStatus } = await api.call('asyncAuthSMSVerify', {
        body: { async_auth_uuid: uuid, verify_code: code },
      });
      if (owner !== attempt) return;
      if (asyncAuthStatus !== 'accepted') {
        // SPEC §8: an async confirmation failure reads 'Неверный код'.
        store.set({ verifying: false, digits: EMPTY_DIGITS, focusIndex: 0, codeError: WRONG_CODE });
        return;
      }
      await complete(owner, { auth_type: 'mobile_id', async_auth_uuid: uuid });
    } catch (error) {
      if (owner === attempt) failVerification(error);
    }
  }

  /** sendAuth for `phone`; `from` says which screen shows a failure. */
  async function send(phone: string, from: 'phone' | 'code') {
    abandonAttempt();
    const owner = attempt;
    store.set({ sending: true, phoneError: null, codeError: null, goodlineBlocked: false, failed: false });
    let answer: CallResponse<'sendAuth'>;
    try {
      answer = await api.call('sendAuth', { body: { auth_type: 'phone', uid: phone } });
    } catch (error) {
      if (owner !== attempt) return;
      store.set({ sending: false });
      if (isApiErrorLike(error) && error.code === 429) {
        const wait = retryAfterOf(error);
        const text =
          error.error === 'resend_too_early' ? resendTooEarlyMessage(wait) : tooManyAttemptsMessage(wait);
        store.set(from === 'phone' ? { phoneError: text } : { codeError: text });
        return;
      }
      log('send_failed', error);
      if (isApiErrorLike(error) && error.code === 503) {
        // Nothing was sent and nothing spent (docs/decisions/021): say so, and when to try again.
        const text = codeNotSentMessage(retryAfterOf(error));
        store.set(from === 'phone' ? { phoneError: text } : { codeError: text });
        return;
      }
      store.set({ failed: true });
      return;
    }
    if (owner !== attempt) return;
    if (answer.is_goodline) {
      // SPEC §8: alert, and the code screen is not opened.
      store.set({ sending: false, goodlineBlocked: true, screen: 'phone' });
      return;
    }
    asyncUuid = answer.async_auth_uuid ?? null;
    store.set({
      sending: false,
      screen: 'code',
      phone,
      maskedPhone: maskPhone(phone),
      digits: EMPTY_DIGITS,
      focusIndex: 0,
      verifying: false,
      codeError: null,
      asyncStatus: asyncUuid === null ? null : 'pending',
    });
    startCountdown(answer.resend_after > 0 ? answer.resend_after : RESEND_LOCKOUT_SECONDS);
    if (asyncUuid !== null) schedulePoll(owner);
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,

    setPhoneInput(raw) {
      if (disposed) return;
      const phoneInput = normalizePhoneInput(raw);
      if (phoneInput === state().phoneInput) return;
      // SPEC §4: editing the number re-enables resend.
      stopCountdown();
      store.set({ phoneInput, phoneError: null, goodlineBlocked: false, resendIn: 0 });
    },

    async submitPhone() {
      const s = state();
      if (disposed || s.sending || s.loggedIn || s.screen !== 'phone') return;
      const result = validatePhone(s.phoneInput);
      if (!result.ok) {
        store.set({ phoneError: result.error });
        return;
      }
      await send(result.phone, 'phone');
    },

    async setDigit(index, value) {
      const s = state();
      if (disposed || s.screen !== 'code' || s.verifying || s.sending || s.loggedIn) return;
      if (!Number.isInteger(index) || index < 0 || index >= CODE_LENGTH) return;
      const entered = value.replace(/\D/g, '');
      if (value !== '' && entered === '') return;
      const digits = [...s.digits] as CodeDigits;
      if (entered === '') digits[index] = '';
      for (let i = 0; i < entered.length && index + i < CODE_LENGTH; i += 1) {
        digits[index + i] = entered[i]!;
      }
      const firstEmpty = digits.indexOf('');
      // SPEC §5: verification starts only when all four are filled, otherwise focus moves back.
      store.set({ digits, focusIndex: firstEmpty === -1 ? CODE_LENGTH - 1 : firstEmpty, codeError: null });
      if (firstEmpty === -1) await verify(digits.join(''));
    },

    async resend() {
      const s = state();
      if (disposed || s.screen !== 'code' || s.resendIn > 0 || s.sending || s.verifying || s.phone === null) {
        return;
      }
      await send(s.phone, 'code');
    },

    back() {
      if (disposed) return;
      abandonAttempt();
      store.set({
        screen: 'phone',
        digits: EMPTY_DIGITS,
        focusIndex: 0,
        verifying: false,
        sending: false,
        codeError: null,
        asyncStatus: null,
        failed: false,
      });
    },

    close() {
      if (disposed) return;
      abandonAttempt();
      stopCountdown();
      store.set(initialState());
    },

    dispose() {
      if (disposed) return;
      abandonAttempt();
      stopCountdown();
      disposed = true;
      store.clearListeners();
    },
  };
}
