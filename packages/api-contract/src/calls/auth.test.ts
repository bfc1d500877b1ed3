import { describe, expect, it } from 'vitest';
import {
  anonymousAuth,
  authApp,
  phone,
  refreshToken,
  sendAuth,
  setProfileUtm,
  verifyCode,
} from '../index.js';

function loginBody(overrides: Record<string, unknown> = {}) {
  return {
    grant_type: 'mega',
    client_id: 'web',
    client_secret: 'web',
    auth_type: 'phone',
    dev_type: 'SMARTTV',
    dev_model: 'web',
    verify_code: '1234',
    uid: '79991234567',
    device_uid: 'web_abcdefgh12345678',
    ...overrides,
  };
}

describe('auth schemas', () => {
  it('accepts a phone of 7 and ten digits', () => {
    expect(phone.safeParse('79991234567').success).toBe(true);
  });

  it.each(['89991234567', '+79991234567', '7999123456', '799912345678', '7999123456a', ''])(
    'rejects the phone %j',
    (value) => {
      expect(phone.safeParse(value).success).toBe(false);
    },
  );

  it('accepts a 4-digit code and rejects others', () => {
    expect(verifyCode.safeParse('0042').success).toBe(true);
    for (const bad of ['123', '12345', '12a4', 1234]) expect(verifyCode.safeParse(bad).success).toBe(false);
  });

  it('accepts an SMS login with a code', () => {
    expect(authApp.body.safeParse(loginBody()).success).toBe(true);
  });

  it('refuses a phone login without a code', () => {
    expect(authApp.body.safeParse(loginBody({ verify_code: undefined })).success).toBe(false);
  });

  it('refuses a mobile_id login without an async uuid, and accepts one with it', () => {
    expect(
      authApp.body.safeParse(loginBody({ auth_type: 'mobile_id', verify_code: undefined })).success,
    ).toBe(false);
    expect(
      authApp.body.safeParse(
        loginBody({
          auth_type: 'mobile_id',
          verify_code: undefined,
          async_auth_uuid: '3b241101-e2bb-4255-8caf-4136c566a962',
        }),
      ).success,
    ).toBe(true);
  });

  it('refuses a login with another grant type', () => {
    expect(authApp.body.safeParse(loginBody({ grant_type: 'password' })).success).toBe(false);
  });

  it('takes sendAuth only for phones', () => {
    expect(sendAuth.body.safeParse({ auth_type: 'phone', uid: '79991234567' }).success).toBe(true);
    expect(sendAuth.body.safeParse({ auth_type: 'email', uid: '79991234567' }).success).toBe(false);
  });

  it('needs the refresh grant type in refreshToken', () => {
    const form = { grant_type: 'refresh_token', client_id: 'web', client_secret: 'web', refresh_token: 'r' };
    expect(refreshToken.body.safeParse(form).success).toBe(true);
    expect(refreshToken.body.safeParse({ ...form, grant_type: 'mega' }).success).toBe(false);
  });

  it('checks the device uid in the anonymous auth path', () => {
    expect(anonymousAuth.params.safeParse({ device_uid: 'web_abcdefgh12345678' }).success).toBe(true);
    expect(anonymousAuth.params.safeParse({ device_uid: 'web/../x' }).success).toBe(false);
  });

  it('takes a campaign url of printable text, and refuses control characters (PostgreSQL stores no NUL)', () => {
    const utm = setProfileUtm.body;
    expect(utm.safeParse({ url: '?utm_source=почта&utm_campaign=осень 🎬' }).success).toBe(true);
    for (const url of ['\u0000', 'a\u0000b', '?x=\u001b', '\u007f', 'a\nb'])
      expect(utm.safeParse({ url }).success, JSON.stringify(url)).toBe(false);
  });
});
