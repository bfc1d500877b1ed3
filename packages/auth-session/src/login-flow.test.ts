import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CODE_EXPIRED,
  createLoginFlow,
  createMemoryStorage,
  initialLoginFlowState,
  LOGIN_REJECTED,
  LOGIN_TITLE,
  type LoginFlowOptions,
  PROMPT_TITLE,
  WRONG_CODE,
} from './index.js';
import { apiError, createFakeApi, deferred, type FakeHandler } from './testing/fake-api.js';

const UUID = '0b7e3c5e-8f1d-4c1a-9b7a-2f6d1e0c9a11';
const UUID2 = '1c8f4d6f-9a2e-4d2b-8c8b-3a7e2f1d0b22';
const DEVICE = 'web_AAAAAAAAAAAAAAAA';
const SESSION = {
  access_token: 'user-a',
  refresh_token: 'user-r',
  profile_id: 42,
  expires_in: 900,
  token_type: 'Bearer' as const,
  phone: '79123456789',
};
const SENT = { is_goodline: false, async_auth_uuid: null, resend_after: 60, code_ttl: 120 };

function setup(
  handlers: {
    sendAuth?: FakeHandler<'sendAuth'>;
    authApp?: FakeHandler<'authApp'>;
    asyncAuthCheck?: FakeHandler<'asyncAuthCheck'>;
    asyncAuthSMSVerify?: FakeHandler<'asyncAuthSMSVerify'>;
  } = {},
  options: Partial<LoginFlowOptions> = {},
) {
  const storage = createMemoryStorage({ AUTH: 'false', access_token: 'anon-a', device_uid: DEVICE });
  const fake = createFakeApi({
    sendAuth: SENT,
    authApp: SESSION,
    asyncAuthCheck: { asyncAuthStatus: 'pending' },
    asyncAuthSMSVerify: { asyncAuthStatus: 'accepted' },
    ...handlers,
  });
  const onLoggedIn = vi.fn();
  const log = vi.fn();
  const flow = createLoginFlow({ api: fake.api, storage, deviceUid: DEVICE, onLoggedIn, log, ...options });
  /** Types a phone and sends it. */
  const sendPhone = async (phone = '9123456789') => {
    flow.setPhoneInput(phone);
    await flow.submitPhone();
  };
  /** Types a code digit by digit; resolves when the last digit's verification ends. */
  const typeCode = async (code: string) => {
    for (const [i, d] of [...code].entries()) await flow.setDigit(i, d);
  };
  return { storage, fake, flow, onLoggedIn, log, sendPhone, typeCode };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createLoginFlow: phone screen', () => {
  it('starts on the phone screen with +7', () => {
    const { flow } = setup();
    expect(flow.getState()).toEqual({
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
    });
  });

  it('uses the registration title in prompt mode', () => {
    const { flow } = setup({}, { promptMode: true });
    expect(flow.getState().title).toBe(PROMPT_TITLE);
  });

  it('starts in initialLoginFlowState, the login or the prompt one', () => {
    expect(setup().flow.getState()).toEqual(initialLoginFlowState());
    expect(setup({}, { promptMode: true }).flow.getState()).toEqual(initialLoginFlowState(true));
    expect(initialLoginFlowState(true)).toEqual({ ...initialLoginFlowState(), title: PROMPT_TITLE });
  });

  it('filters the phone field', () => {
    const { flow } = setup();
    flow.setPhoneInput('912 abc');
    expect(flow.getState().phoneInput).toBe('+7912');
    flow.setPhoneInput('');
    expect(flow.getState().phoneInput).toBe('+7');
  });

  it("shows 'Неверный номер телефона' and sends nothing for a bad number", async () => {
    const { flow, fake } = setup();
    flow.setPhoneInput('+7912');
    await flow.submitPhone();
    expect(flow.getState().phoneError).toBe('Неверный номер телефона');
    expect(fake.calls).toEqual([]);
  });

  it('clears the phone error when the number is edited', async () => {
    const { flow } = setup();
    await flow.submitPhone();
    flow.setPhoneInput('+79');
    expect(flow.getState().phoneError).toBeNull();
  });

  it('sends the number with a leading 7 and opens the code screen', async () => {
    const { flow, fake, sendPhone } = setup();
    await sendPhone('89123456789');
    expect(fake.calls).toEqual([
      { id: 'sendAuth', input: { body: { auth_type: 'phone', uid: '79123456789' } }, options: undefined },
    ]);
    expect(flow.getState()).toMatchObject({
      screen: 'code',
      phone: '79123456789',
      maskedPhone: '+7 (912) ***-**-89',
      resendIn: 60,
      sending: false,
      asyncStatus: null,
    });
  });

  it('marks sending while sendAuth is in flight and ignores a second submit', async () => {
    const pending = deferred<typeof SENT>();
    const { flow, fake } = setup({ sendAuth: () => pending.promise });
    flow.setPhoneInput('9123456789');
    const first = flow.submitPhone();
    expect(flow.getState().sending).toBe(true);
    await flow.submitPhone();
    pending.resolve(SENT);
    await first;
    expect(fake.callsOf('sendAuth')).toHaveLength(1);
  });

  it('stays on the phone screen and flags the provider block when is_goodline', async () => {
    const { flow, sendPhone } = setup({ sendAuth: { ...SENT, is_goodline: true } });
    await sendPhone();
    expect(flow.getState()).toMatchObject({
      screen: 'phone',
      goodlineBlocked: true,
      resendIn: 0,
      sending: false,
    });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears the provider block when the number is edited', async () => {
    const { flow, sendPhone } = setup({ sendAuth: { ...SENT, is_goodline: true } });
    await sendPhone();
    flow.setPhoneInput('+7900');
    expect(flow.getState().goodlineBlocked).toBe(false);
  });

  it('shows the wait for a rate-limited send', async () => {
    const { flow, sendPhone } = setup({
      sendAuth: () => {
        throw apiError(429, { error: 'resend_too_early', retryAfter: 42 });
      },
    });
    await sendPhone();
    expect(flow.getState()).toMatchObject({
      screen: 'phone',
      sending: false,
      phoneError: 'Новый код можно запросить через 42 секунды',
    });
  });

  it('says the code could not be sent when the SMS service is unavailable (503), with the wait it was told', async () => {
    const { flow, log, sendPhone } = setup({
      sendAuth: () => {
        throw apiError(503, { error: 'sms_budget_exhausted', retryAfter: 600 });
      },
    });
    await sendPhone();
    expect(flow.getState()).toMatchObject({
      screen: 'phone',
      sending: false,
      failed: false,
      phoneError: 'Не удалось отправить код. Попробуйте через 10 минут',
    });
    expect(log).toHaveBeenCalledWith('send_failed', expect.anything());
    const gateway = setup({
      sendAuth: () => {
        throw apiError(503, { error: 'provider_unavailable' });
      },
    });
    await gateway.sendPhone();
    expect(gateway.flow.getState().phoneError).toBe('Не удалось отправить код. Попробуйте позже');
  });

  it('logs any other send failure and raises the failed flag', async () => {
    const { flow, log, sendPhone } = setup({
      sendAuth: () => {
        throw new TypeError('network');
      },
    });
    await sendPhone();
    expect(flow.getState()).toMatchObject({
      screen: 'phone',
      sending: false,
      failed: true,
      phoneError: null,
    });
    expect(log).toHaveBeenCalledWith('send_failed', expect.any(TypeError));
  });
});

describe('createLoginFlow: resend countdown', () => {
  it('counts 60 seconds down to 0, one tick per second', async () => {
    const { flow, sendPhone } = setup();
    await sendPhone();
    expect(flow.getState().resendIn).toBe(60);
    await vi.advanceTimersByTimeAsync(1000);
    expect(flow.getState().resendIn).toBe(59);
    await vi.advanceTimersByTimeAsync(58_000);
    expect(flow.getState().resendIn).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(flow.getState().resendIn).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores resend during the lockout', async () => {
    const { flow, fake, sendPhone } = setup();
    await sendPhone();
    await vi.advanceTimersByTimeAsync(30_000);
    await flow.resend();
    expect(fake.callsOf('sendAuth')).toHaveLength(1);
  });

  it('resends after the lockout and starts a new countdown', async () => {
    const { flow, fake, sendPhone } = setup();
    await sendPhone();
    await vi.advanceTimersByTimeAsync(60_000);
    await flow.resend();
    expect(fake.callsOf('sendAuth')).toHaveLength(2);
    expect(flow.getState()).toMatchObject({ screen: 'code', resendIn: 60 });
  });

  it('re-enables resend when the number is edited', async () => {
    const { flow, sendPhone } = setup();
    await sendPhone();
    flow.back();
    expect(flow.getState().resendIn).toBe(60);
    flow.setPhoneInput('+7912345678');
    expect(flow.getState().resendIn).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the countdown when back is pressed without editing', async () => {
    const { flow, sendPhone } = setup();
    await sendPhone();
    flow.back();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(flow.getState()).toMatchObject({ screen: 'phone', resendIn: 50 });
  });

  it('uses the resend_after the server gives', async () => {
    const { flow, sendPhone } = setup({ sendAuth: { ...SENT, resend_after: 90 } });
    await sendPhone();
    expect(flow.getState().resendIn).toBe(90);
  });
});

describe('createLoginFlow: code entry (SMS)', () => {
  it('does not verify until the fourth digit is filled', async () => {
    const { flow, fake, sendPhone, typeCode } = setup();
    await sendPhone();
    await typeCode('123');
    expect(fake.callsOf('authApp')).toHaveLength(0);
    expect(flow.getState()).toMatchObject({ digits: ['1', '2', '3', ''], focusIndex: 3, verifying: false });
  });

  it('moves focus back to the first empty input', async () => {
    const { flow, fake, sendPhone } = setup();
    await sendPhone();
    await flow.setDigit(0, '1');
    await flow.setDigit(3, '4');
    expect(flow.getState()).toMatchObject({ digits: ['1', '', '', '4'], focusIndex: 1 });
    expect(fake.callsOf('authApp')).toHaveLength(0);
  });

  it('ignores anything but a digit, and clears with an empty value', async () => {
    const { flow, sendPhone } = setup();
    await sendPhone();
    await flow.setDigit(0, 'a');
    expect(flow.getState().digits).toEqual(['', '', '', '']);
    await flow.setDigit(0, '5');
    await flow.setDigit(0, '');
    expect(flow.getState()).toMatchObject({ digits: ['', '', '', ''], focusIndex: 0 });
  });

  it('fills the following inputs from a pasted code and verifies', async () => {
    const { fake, flow, sendPhone } = setup();
    await sendPhone();
    await flow.setDigit(0, '1234');
    expect(fake.callsOf('authApp')).toHaveLength(1);
  });

  it('verifies with authApp auth_type phone on the fourth digit', async () => {
    const { fake, sendPhone, typeCode } = setup();
    await sendPhone();
    await typeCode('1234');
    expect(fake.callsOf('authApp')[0]?.input).toEqual({
      body: {
        grant_type: 'mega',
        client_id: 'web',
        client_secret: 'web',
        auth_type: 'phone',
        dev_type: 'SMARTTV',
        dev_model: 'web',
        uid: '79123456789',
        is_goodline: false,
        device_uid: DEVICE,
        verify_code: '1234',
      },
    });
  });

  it('passes the configured client id and secret', async () => {
    const { fake, sendPhone, typeCode } = setup({}, { clientId: 'tv', clientSecret: 's3cret' });
    await sendPhone();
    await typeCode('1234');
    expect(fake.callsOf('authApp')[0]?.input).toMatchObject({
      body: { client_id: 'tv', client_secret: 's3cret' },
    });
  });

  it('stores the session, notifies the parent and stops every timer on success', async () => {
    const { flow, storage, onLoggedIn, sendPhone, typeCode } = setup();
    await sendPhone();
    await typeCode('1234');
    expect(storage.snapshot()).toEqual({
      AUTH: 'true',
      device_uid: DEVICE,
      access_token: 'user-a',
      refresh_token: 'user-r',
      profile_id: '42',
      login: '79123456789',
    });
    expect(onLoggedIn).toHaveBeenCalledExactlyOnceWith({ profileId: 42, phone: '79123456789' });
    expect(flow.getState()).toMatchObject({ loggedIn: true, verifying: false, resendIn: 0 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("shows 'Неверный код' for code 502, clears the digits and focuses the first", async () => {
    const { flow, storage, onLoggedIn, sendPhone, typeCode } = setup({
      authApp: () => {
        throw apiError(502);
      },
    });
    await sendPhone();
    await typeCode('1234');
    expect(flow.getState()).toMatchObject({
      codeError: WRONG_CODE,
      digits: ['', '', '', ''],
      focusIndex: 0,
      verifying: false,
      loggedIn: false,
    });
    expect(storage.getItem('AUTH')).toBe('false');
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('clears the code error when a digit is typed again', async () => {
    const { flow, sendPhone, typeCode } = setup({
      authApp: () => {
        throw apiError(502);
      },
    });
    await sendPhone();
    await typeCode('1234');
    await flow.setDigit(0, '5');
    expect(flow.getState().codeError).toBeNull();
  });

  it('asks for a new code on code 520', async () => {
    const { flow, sendPhone, typeCode } = setup({
      authApp: () => {
        throw apiError(520);
      },
    });
    await sendPhone();
    await typeCode('1234');
    expect(flow.getState().codeError).toBe(CODE_EXPIRED);
  });

  it('says when to try again on code 429', async () => {
    const { flow, sendPhone, typeCode } = setup({
      authApp: () => {
        throw apiError(429, { retryAfter: 3600 });
      },
    });
    await sendPhone();
    await typeCode('1234');
    expect(flow.getState().codeError).toBe('Слишком много попыток. Попробуйте через 1 час');
  });

  it('only logs other verification errors and raises the failed flag', async () => {
    const { flow, log, sendPhone, typeCode } = setup({
      authApp: () => {
        throw apiError(500);
      },
    });
    await sendPhone();
    await typeCode('1234');
    expect(flow.getState()).toMatchObject({ codeError: null, failed: true, digits: ['', '', '', ''] });
    expect(log).toHaveBeenCalledWith('verify_failed', expect.objectContaining({ code: 500 }));
  });

  it('locks the inputs while verifying', async () => {
    const pending = deferred<typeof SESSION>();
    const { flow, fake, sendPhone } = setup({ authApp: () => pending.promise });
    await sendPhone();
    for (const [i, d] of [...'123'].entries()) await flow.setDigit(i, d);
    const verifying = flow.setDigit(3, '4');
    expect(flow.getState().verifying).toBe(true);
    await flow.setDigit(0, '9');
    expect(flow.getState().digits).toEqual(['1', '2', '3', '4']);
    pending.resolve(SESSION);
    await verifying;
    expect(fake.callsOf('authApp')).toHaveLength(1);
  });
});

describe('createLoginFlow: push sign-in (async uuid)', () => {
  const withUuid = { ...SENT, async_auth_uuid: UUID };

  it('polls asyncAuthCheck every second while pending', async () => {
    const { flow, fake, sendPhone } = setup({ sendAuth: withUuid });
    await sendPhone();
    expect(flow.getState().asyncStatus).toBe('pending');
    expect(fake.callsOf('asyncAuthCheck')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.callsOf('asyncAuthCheck')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fake.callsOf('asyncAuthCheck')).toHaveLength(3);
    expect(fake.callsOf('asyncAuthCheck')[0]).toMatchObject({
      input: { body: { async_auth_uuid: UUID } },
      options: { noRetry: true },
    });
  });

  it.each(['rejected', 'not found', 'error'] as const)('stops polling on %s', async (status) => {
    let checks = 0;
    const { flow, fake, sendPhone } = setup({
      sendAuth: withUuid,
      asyncAuthCheck: () => ({ asyncAuthStatus: ++checks < 2 ? 'pending' : status }),
    });
    await sendPhone();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.callsOf('asyncAuthCheck')).toHaveLength(2);
    expect(flow.getState()).toMatchObject({ asyncStatus: status, loggedIn: false });
    expect(fake.callsOf('authApp')).toHaveLength(0);
  });

  it('shows that the sign-in was rejected on the phone', async () => {
    const { flow, sendPhone } = setup({
      sendAuth: withUuid,
      asyncAuthCheck: { asyncAuthStatus: 'rejected' },
    });
    await sendPhone();
    await vi.advanceTimersByTimeAsync(1000);
    expect(flow.getState().codeError).toBe(LOGIN_REJECTED);
  });

  it('stops polling with status error when the check fails', async () => {
    const { flow, fake, log, sendPhone } = setup({
      sendAuth: withUuid,
      asyncAuthCheck: () => {
        throw apiError(500);
      },
    });
    await sendPhone();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fake.callsOf('asyncAuthCheck')).toHaveLength(1);
    expect(flow.getState().asyncStatus).toBe('error');
    expect(log).toHaveBeenCalledWith('async_check_failed', expect.objectContaining({ code: 500 }));
  });

  it('completes the login with authApp mobile_id when accepted', async () => {
    const { flow, fake, storage, onLoggedIn, sendPhone } = setup({
      sendAuth: withUuid,
      asyncAuthCheck: { asyncAuthStatus: 'accepted' },
    });
    await sendPhone();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.callsOf('authApp')[0]?.input).toEqual({
      body: {
        grant_type: 'mega',
        client_id: 'web',
        client_secret: 'web',
        auth_type: 'mobile_id',
        dev_type: 'SMARTTV',
        dev_model: 'web',
        uid: '79123456789',
        is_goodline: false,
        device_uid: DEVICE,
        async_auth_uuid: UUID,
      },
    });
    expect(flow.getState()).toMatchObject({ loggedIn: true, asyncStatus: 'accepted' });
    expect(storage.getItem('AUTH')).toBe('true');
    expect(onLoggedIn).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('checks a typed code with asyncAuthSMSVerify, then signs in with mobile_id', async () => {
    const { fake, flow, sendPhone, typeCode } = setup({ sendAuth: withUuid });
    await sendPhone();
    await typeCode('1234');
    expect(fake.ids()).toEqual(['sendAuth', 'asyncAuthSMSVerify', 'authApp']);
    expect(fake.callsOf('asyncAuthSMSVerify')[0]?.input).toEqual({
      body: { async_auth_uuid: UUID, verify_code: '1234' },
    });
    expect(fake.callsOf('authApp')[0]?.input).toMatchObject({
      body: { auth_type: 'mobile_id', async_auth_uuid: UUID },
    });
    expect(flow.getState().loggedIn).toBe(true);
  });

  it("shows 'Неверный код' when the async confirmation fails", async () => {
    const { fake, flow, sendPhone, typeCode } = setup({
      sendAuth: withUuid,
      asyncAuthSMSVerify: { asyncAuthStatus: 'rejected' },
    });
    await sendPhone();
    await typeCode('1234');
    expect(flow.getState()).toMatchObject({
      codeError: WRONG_CODE,
      digits: ['', '', '', ''],
      verifying: false,
    });
    expect(fake.callsOf('authApp')).toHaveLength(0);
  });

  it("shows 'Неверный код' when asyncAuthSMSVerify answers 502, and does not retry it", async () => {
    const { fake, flow, sendPhone, typeCode } = setup({
      sendAuth: withUuid,
      asyncAuthSMSVerify: () => {
        throw apiError(502);
      },
    });
    await sendPhone();
    await typeCode('1234');
    expect(flow.getState().codeError).toBe(WRONG_CODE);
    expect(fake.callsOf('asyncAuthSMSVerify')).toHaveLength(1);
  });

  it('skips polling while a typed code is being checked', async () => {
    const pending = deferred<{ asyncAuthStatus: 'accepted' }>();
    const { fake, sendPhone, typeCode } = setup({
      sendAuth: withUuid,
      asyncAuthCheck: { asyncAuthStatus: 'accepted' },
      asyncAuthSMSVerify: () => pending.promise,
    });
    await sendPhone();
    const typing = typeCode('1234');
    await vi.advanceTimersByTimeAsync(3000);
    expect(fake.callsOf('asyncAuthCheck')).toHaveLength(0);
    pending.resolve({ asyncAuthStatus: 'accepted' });
    await typing;
    await vi.advanceTimersByTimeAsync(3000);
    expect(fake.callsOf('authApp')).toHaveLength(1);
  });

  it('resend drops the earlier attempt and polls the new one', async () => {
    let sends = 0;
    const { fake, flow, sendPhone } = setup({
      sendAuth: () => ({ ...SENT, async_auth_uuid: ++sends === 1 ? UUID : UUID2 }),
    });
    await sendPhone();
    await vi.advanceTimersByTimeAsync(60_000);
    const before = fake.callsOf('asyncAuthCheck').length;
    await flow.resend();
    await vi.advanceTimersByTimeAsync(2000);
    const after = fake.callsOf('asyncAuthCheck').slice(before);
    expect(after.map((call) => call.input)).toEqual([
      { body: { async_auth_uuid: UUID2 } },
      { body: { async_auth_uuid: UUID2 } },
    ]);
  });

  it('ignores a late status of an earlier attempt after a new send', async () => {
    const late = deferred<{ asyncAuthStatus: 'accepted' }>();
    let sends = 0;
    const { fake, flow, sendPhone } = setup({
      sendAuth: () => ({ ...SENT, async_auth_uuid: ++sends === 1 ? UUID : UUID2 }),
      asyncAuthCheck: (input) =>
        input?.body?.async_auth_uuid === UUID && sends === 1 ? late.promise : { asyncAuthStatus: 'pending' },
    });
    await sendPhone();
    await vi.advanceTimersByTimeAsync(1000); // the check of UUID hangs
    flow.setPhoneInput('+7912345678'); // unlock resend by editing, as the SPEC allows
    flow.back();
    flow.setPhoneInput('+79123456789');
    await flow.submitPhone();
    late.resolve({ asyncAuthStatus: 'accepted' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.callsOf('authApp')).toHaveLength(0);
    expect(flow.getState()).toMatchObject({ asyncStatus: 'pending', loggedIn: false });
  });

  it('back stops polling the attempt', async () => {
    const { fake, flow, sendPhone } = setup({ sendAuth: withUuid });
    await sendPhone();
    await vi.advanceTimersByTimeAsync(1000);
    flow.back();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fake.callsOf('asyncAuthCheck')).toHaveLength(1);
    expect(flow.getState()).toMatchObject({ screen: 'phone', asyncStatus: null });
  });
});

describe('createLoginFlow: close and dispose', () => {
  it('close clears every timer and resets the state', async () => {
    const { flow, fake, sendPhone } = setup({ sendAuth: { ...SENT, async_auth_uuid: UUID } });
    await sendPhone();
    expect(vi.getTimerCount()).toBe(2);
    flow.close();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fake.callsOf('asyncAuthCheck')).toHaveLength(0);
    expect(flow.getState()).toMatchObject({
      screen: 'phone',
      phoneInput: '+7',
      resendIn: 0,
      asyncStatus: null,
    });
  });

  it('ignores a send that answers after close', async () => {
    const pending = deferred<typeof SENT>();
    const { flow, sendPhone } = setup({ sendAuth: () => pending.promise });
    const sending = sendPhone();
    flow.close();
    pending.resolve(SENT);
    await sending;
    expect(flow.getState().screen).toBe('phone');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('notifies subscribers of every change until they unsubscribe', async () => {
    const { flow } = setup();
    const listener = vi.fn();
    const unsubscribe = flow.subscribe(listener);
    flow.setPhoneInput('9');
    expect(listener).toHaveBeenLastCalledWith(flow.getState());
    unsubscribe();
    flow.setPhoneInput('91');
    expect(listener).toHaveBeenCalledOnce();
  });

  it('keeps the same state object when nothing changed', () => {
    const { flow } = setup();
    const before = flow.getState();
    flow.setPhoneInput('+7');
    expect(flow.getState()).toBe(before);
  });

  it('does nothing after dispose', async () => {
    const { flow, fake, sendPhone } = setup({ sendAuth: { ...SENT, async_auth_uuid: UUID } });
    await sendPhone();
    const listener = vi.fn();
    flow.subscribe(listener);
    flow.dispose();
    expect(vi.getTimerCount()).toBe(0);
    flow.back();
    await flow.setDigit(0, '1');
    expect(listener).not.toHaveBeenCalled();
    expect(fake.callsOf('sendAuth')).toHaveLength(1);
  });
});
