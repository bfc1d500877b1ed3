import { describe, expect, it, vi } from 'vitest';
import {
  createMemoryStorage,
  IDENTITY_PROVIDER_DENIED,
  IDENTITY_PROVIDER_FAILED,
  identityProviderOf,
  runIdentityProviderRoute,
  withoutCallbackParams,
} from './index.js';
import { apiError, createFakeApi, type FakeHandler } from './testing/fake-api.js';

const ROUTE = 'https://kadr.example/promo/web/auth_sandbox/';
const SESSION = {
  access_token: 'oidc-a',
  refresh_token: 'oidc-r',
  profile_id: 12,
  expires_in: 900,
  token_type: 'Bearer' as const,
  device_uid: 'web_BBBBBBBBBBBBBBBB',
  phone_number: null,
};

function setup(
  options: {
    start?: FakeHandler<'identityProviderStart'>;
    finish?: FakeHandler<'identityProviderFinish'>;
    local?: Record<string, string>;
  } = {},
) {
  const storage = createMemoryStorage({ AUTH: 'false', access_token: 'anon-a', login: '', ...options.local });
  const fake = createFakeApi({
    identityProviderStart: options.start ?? { authorization_url: 'https://id.example/authorize?x=1' },
    identityProviderFinish: options.finish ?? SESSION,
  });
  const log = vi.fn();
  const run = (url: string) =>
    runIdentityProviderRoute({ api: fake.api, storage, provider: 'sandbox', url, home: '/promo/web/', log });
  return { storage, fake, log, run };
}

describe('identityProviderOf', () => {
  it('reads the provider from an auth_ segment, and nothing from others', () => {
    expect(identityProviderOf('auth_sandbox')).toBe('sandbox');
    expect(identityProviderOf('auth_')).toBeUndefined();
    expect(identityProviderOf('auth_../x')).toBeUndefined();
    expect(identityProviderOf('movie')).toBeUndefined();
  });
});

describe('runIdentityProviderRoute', () => {
  it('on a first visit asks the api for the provider’s address and opens it', async () => {
    const t = setup();
    expect(await t.run(ROUTE)).toEqual({ kind: 'redirect', url: 'https://id.example/authorize?x=1' });
    expect(t.fake.callsOf('identityProviderStart')[0]?.input).toEqual({ body: { provider: 'sandbox' } });
  });

  it('sends no iss when the provider sent none', async () => {
    const t = setup();
    await t.run(`${ROUTE}?code=c1&state=s1`);
    expect(t.fake.callsOf('identityProviderFinish')[0]?.input).toEqual({
      body: { provider: 'sandbox', code: 'c1', state: 's1' },
    });
  });

  it('back with a code, finishes once (never retried) and saves the session as a sign-in', async () => {
    const t = setup();
    const step = await t.run(`${ROUTE}?utm_source=x&code=c1&state=s1&iss=https%3A%2F%2Fid.example`);
    expect(step).toEqual({ kind: 'signed_in', returnUrl: 'https://kadr.example/promo/web/?utm_source=x' });
    expect(t.fake.callsOf('identityProviderFinish')[0]).toMatchObject({
      input: { body: { provider: 'sandbox', code: 'c1', state: 's1', iss: 'https://id.example' } },
      options: { noRetry: true },
    });
    expect({
      AUTH: t.storage.getItem('AUTH'),
      access_token: t.storage.getItem('access_token'),
      refresh_token: t.storage.getItem('refresh_token'),
      profile_id: t.storage.getItem('profile_id'),
      device_uid: t.storage.getItem('device_uid'),
      login: t.storage.getItem('login'),
    }).toEqual({
      AUTH: 'true',
      access_token: 'oidc-a',
      refresh_token: 'oidc-r',
      profile_id: '12',
      device_uid: 'web_BBBBBBBBBBBBBBBB',
      login: null,
    });
  });

  it('stores the phone as login when the linked profile has one', async () => {
    const t = setup({ finish: { ...SESSION, phone_number: '79991234567' } });
    await t.run(`${ROUTE}?code=c1&state=s1`);
    expect(t.storage.getItem('login')).toBe('79991234567');
  });

  it('shows the refusal message for access_denied and calls nothing', async () => {
    const t = setup();
    expect(await t.run(`${ROUTE}?error=access_denied&state=s1`)).toEqual({
      kind: 'refused',
      message: IDENTITY_PROVIDER_DENIED,
    });
    expect(t.fake.ids()).toEqual([]);
    expect(t.storage.getItem('AUTH')).toBe('false');
  });

  it('shows the generic message for other provider errors', async () => {
    const t = setup();
    expect(await t.run(`${ROUTE}?error=server_error`)).toEqual({
      kind: 'refused',
      message: IDENTITY_PROVIDER_FAILED,
    });
  });

  it('shows the api’s message when it refuses the answer, and keeps the anonymous session', async () => {
    const refusal = Object.assign(apiError(520, { error: 'identity_state_invalid' }), {
      message: 'Запрос на вход устарел или не подтверждён. Начните вход заново',
    });
    const t = setup({
      finish: () => {
        throw refusal;
      },
    });
    expect(await t.run(`${ROUTE}?code=c1&state=forged`)).toEqual({
      kind: 'refused',
      message: refusal.message,
    });
    expect(t.storage.getItem('access_token')).toBe('anon-a');
    expect(t.storage.getItem('AUTH')).toBe('false');
    expect(t.log).toHaveBeenCalledWith('identity_provider_finish_failed', refusal);
  });

  it('shows the generic message when the network fails, at start or finish', async () => {
    const fail = () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await setup({ start: fail }).run(ROUTE)).toEqual({
      kind: 'refused',
      message: IDENTITY_PROVIDER_FAILED,
    });
    expect(await setup({ finish: fail }).run(`${ROUTE}?code=c&state=s`)).toEqual({
      kind: 'refused',
      message: IDENTITY_PROVIDER_FAILED,
    });
  });

  it('refuses an answer with a code but no state without calling the api', async () => {
    const t = setup();
    expect(await t.run(`${ROUTE}?code=c1`)).toEqual({ kind: 'refused', message: IDENTITY_PROVIDER_FAILED });
    expect(t.fake.ids()).toEqual([]);
  });
});

describe('withoutCallbackParams', () => {
  it('drops the provider’s parameters and keeps the rest', () => {
    expect(withoutCallbackParams(`${ROUTE}?a=1&code=x&state=y&error=z&iss=i#f`)).toBe(`${ROUTE}?a=1#f`);
  });
});
