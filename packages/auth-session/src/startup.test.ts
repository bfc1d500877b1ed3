import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, type ExchangedSession, startSession } from './index.js';
import { apiError, createFakeApi, type FakeHandler } from './testing/fake-api.js';

const DEVICE = 'web_AAAAAAAAAAAAAAAA';
const ANON = {
  access_token: 'anon-a',
  refresh_token: 'anon-r',
  profile_id: 7,
  expires_in: 900,
  token_type: 'Bearer' as const,
};

function setup(
  options: {
    local?: Record<string, string>;
    url?: string;
    profile?: FakeHandler<'getProfile'>;
    anonymous?: FakeHandler<'anonymousAuth'>;
    utm?: FakeHandler<'setProfileUtm'>;
    authByLink?: FakeHandler<'authByLink'>;
    exchange?: (value: string) => Promise<ExchangedSession>;
  } = {},
) {
  const storage = createMemoryStorage(options.local);
  const fake = createFakeApi({
    anonymousAuth: options.anonymous ?? ANON,
    getProfile: options.profile ?? { profile_id: 7, phone: null, external_accounts: [] },
    setProfileUtm: options.utm ?? { ok: true },
    ...(options.authByLink ? { authByLink: options.authByLink } : {}),
  });
  const log = vi.fn();
  const replaceUrl = vi.fn();
  const run = (url = options.url ?? 'https://kadr.example/promo/web/') =>
    startSession({
      api: fake.api,
      storage,
      sessionStorage: createMemoryStorage(),
      url,
      log,
      exchangeAuthValue: options.exchange,
      replaceUrl,
      createDeviceId: () => DEVICE,
    });
  return { storage, fake, log, replaceUrl, run };
}

describe('startSession: anonymous first visit', () => {
  it('creates a device id, gets an anonymous session, then the profile', async () => {
    const { storage, fake, run } = setup();
    const snapshot = await run();
    expect(fake.calls).toEqual([
      { id: 'anonymousAuth', input: { params: { device_uid: DEVICE } }, options: undefined },
      { id: 'getProfile', input: undefined, options: undefined },
    ]);
    expect(storage.snapshot()).toEqual({
      AUTH: 'false',
      device_uid: DEVICE,
      access_token: 'anon-a',
      refresh_token: 'anon-r',
      profile_id: '7',
    });
    expect(snapshot).toEqual({ profileId: 7, phone: null, loggedIn: false });
  });

  it('reuses a stored session without anonymous auth', async () => {
    const { fake, run } = setup({ local: { access_token: 'a', refresh_token: 'r', device_uid: 'web_old' } });
    await run();
    expect(fake.ids()).toEqual(['getProfile']);
  });

  it('reuses the stored device id', async () => {
    const { fake, run } = setup({ local: { device_uid: 'web_storedstoredstor' } });
    await run();
    expect(fake.calls[0]?.input).toEqual({ params: { device_uid: 'web_storedstoredstor' } });
  });

  it('throws when no anonymous session can be obtained', async () => {
    const { run } = setup({
      anonymous: () => {
        throw apiError(500);
      },
    });
    await expect(run()).rejects.toMatchObject({ code: 500 });
  });

  it('logs a failed profile call and still resolves', async () => {
    const { log, run } = setup({
      profile: () => {
        throw apiError(500);
      },
    });
    await expect(run()).resolves.toEqual({ profileId: 7, phone: null, loggedIn: false });
    expect(log).toHaveBeenCalledWith('profile_failed', expect.objectContaining({ code: 500 }));
  });
});

describe('startSession: logged-in visit', () => {
  it('keeps the login when the profile has a phone and AUTH is true', async () => {
    const { storage, run } = setup({
      local: { AUTH: 'true', access_token: 'a', login: '79123456789', profile_id: '5' },
      profile: { profile_id: 9, phone: '79123456789', external_accounts: [] },
    });
    expect(await run()).toEqual({ profileId: 9, phone: '79123456789', loggedIn: true });
    expect(storage.getItem('login')).toBe('79123456789');
  });

  it('drops a stale login when the profile has no phone', async () => {
    const { storage, run } = setup({
      local: { AUTH: 'true', access_token: 'a', login: '79123456789' },
      profile: { profile_id: 9, phone: null, external_accounts: [] },
    });
    expect(await run()).toEqual({ profileId: 9, phone: null, loggedIn: false });
    expect(storage.getItem('AUTH')).toBe('false');
    expect(storage.getItem('login')).toBeNull();
  });

  it('keeps a sign-in through an identity provider (AUTH true, no stored phone) signed in', async () => {
    const { storage, run } = setup({
      local: { AUTH: 'true', access_token: 'a' },
      profile: { profile_id: 9, phone: null, external_accounts: [] },
    });
    expect(await run()).toEqual({ profileId: 9, phone: null, loggedIn: true });
    expect(storage.getItem('AUTH')).toBe('true');
  });
});

describe('startSession: smart TV redirect', () => {
  it('logs an event and stores redirect when none is stored', async () => {
    const { storage, log, run } = setup({ local: { access_token: 'a', utm_sent: 'true' } });
    await run('https://kadr.example/promo/web/?redirect=smart_tv');
    expect(log).toHaveBeenCalledWith('redirect_smart_tv');
    expect(storage.getItem('redirect')).toBe('smart_tv');
  });

  it('does nothing when a redirect is already stored', async () => {
    const { storage, log, run } = setup({
      local: { access_token: 'a', redirect: 'other', utm_sent: 'true' },
    });
    await run('https://kadr.example/promo/web/?redirect=smart_tv');
    expect(log).not.toHaveBeenCalledWith('redirect_smart_tv');
    expect(storage.getItem('redirect')).toBe('other');
  });

  it('ignores other redirect values', async () => {
    const { storage, run } = setup({ local: { access_token: 'a', utm_sent: 'true' } });
    await run('https://kadr.example/promo/web/?redirect=elsewhere');
    expect(storage.getItem('redirect')).toBeNull();
  });
});

describe('startSession: auth value', () => {
  it('exchanges it, saves the session with AUTH true and removes the refresh token', async () => {
    const exchange = vi.fn(async () => ({
      access_token: 'link-a',
      refresh_token: 'link-r',
      profile_id: 11,
      phone: '79001112233',
    }));
    const { storage, fake, run } = setup({
      local: { refresh_token: 'old-r', utm_sent: 'true' },
      exchange,
      profile: { profile_id: 11, phone: '79001112233', external_accounts: [] },
    });
    const snapshot = await run('https://kadr.example/promo/web/?auth=XYZ');
    expect(exchange).toHaveBeenCalledWith('XYZ');
    expect(fake.ids()).toEqual(['getProfile']);
    expect(storage.snapshot()).toEqual({
      AUTH: 'true',
      device_uid: DEVICE,
      access_token: 'link-a',
      profile_id: '11',
      login: '79001112233',
      utm_sent: 'true',
    });
    expect(snapshot).toEqual({
      profileId: 11,
      phone: '79001112233',
      loggedIn: true,
      signInLink: 'signed_in',
    });
  });

  it("sets AUTH 'false' when the exchange gives no phone", async () => {
    const { storage, run } = setup({
      local: { utm_sent: 'true' },
      exchange: async () => ({ access_token: 'link-a', profile_id: 11 }),
    });
    await run('https://kadr.example/promo/web/?auth=XYZ');
    expect(storage.getItem('AUTH')).toBe('false');
    expect(storage.getItem('access_token')).toBe('link-a');
  });

  it('falls back to anonymous auth when the exchange fails', async () => {
    const { fake, log, run } = setup({
      local: { utm_sent: 'true' },
      exchange: async () => {
        throw new Error('bad link');
      },
    });
    await run('https://kadr.example/promo/web/?auth=XYZ');
    expect(log).toHaveBeenCalledWith('auth_value_exchange_failed', expect.any(Error));
    expect(fake.ids()).toEqual(['anonymousAuth', 'getProfile']);
  });

  it('exchanges it with the authByLink call, never retried, and keeps the device id it names', async () => {
    const { storage, fake, run } = setup({
      local: { utm_sent: 'true', refresh_token: 'old-r' },
      authByLink: {
        access_token: 'link-a',
        expires_in: 900,
        token_type: 'Bearer',
        device_uid: 'web_tvtvtvtvtvtvtvtv',
        phone_number: '79001112233',
        profile_id: 11,
      },
      profile: { profile_id: 11, phone: '79001112233', external_accounts: [] },
    });
    const snapshot = await run('https://kadr.example/promo/web/?auth=XYZ');
    expect(fake.calls[0]).toEqual({
      id: 'authByLink',
      input: { body: { auth: 'XYZ' } },
      options: { noRetry: true },
    });
    expect(fake.ids()).toEqual(['authByLink', 'getProfile']);
    expect(storage.snapshot()).toEqual({
      AUTH: 'true',
      device_uid: 'web_tvtvtvtvtvtvtvtv',
      access_token: 'link-a',
      profile_id: '11',
      login: '79001112233',
      utm_sent: 'true',
    });
    expect(snapshot.signInLink).toBe('signed_in');
  });

  it("saves AUTH 'false' and no login for a link to an anonymous profile", async () => {
    const { storage, run } = setup({
      local: { utm_sent: 'true', login: '79990000000', AUTH: 'true' },
      authByLink: {
        access_token: 'link-a',
        expires_in: 900,
        token_type: 'Bearer',
        device_uid: 'web_tvtvtvtvtvtvtvtv',
        phone_number: null,
        profile_id: 12,
      },
      profile: { profile_id: 12, phone: null, external_accounts: [] },
    });
    const snapshot = await run('https://kadr.example/promo/web/?auth=XYZ');
    expect(storage.getItem('AUTH')).toBe('false');
    expect(storage.getItem('login')).toBeNull();
    expect(snapshot).toEqual({ profileId: 12, phone: null, loggedIn: false, signInLink: 'signed_in' });
  });

  it('reports a refused value and goes on with an anonymous session', async () => {
    const { storage, fake, run } = setup({
      local: { utm_sent: 'true' },
      authByLink: () => {
        throw apiError(520, { error: 'sign_in_link_invalid' });
      },
    });
    const snapshot = await run('https://kadr.example/promo/web/?auth=SPENT');
    expect(fake.ids()).toEqual(['authByLink', 'anonymousAuth', 'getProfile']);
    expect(storage.getItem('access_token')).toBe('anon-a');
    expect(snapshot).toEqual({ profileId: 7, phone: null, loggedIn: false, signInLink: 'refused' });
  });

  it('keeps the session it had when a refused value is opened by a signed-in viewer', async () => {
    const { storage, fake, run } = setup({
      local: {
        utm_sent: 'true',
        access_token: 'mine',
        refresh_token: 'mine-r',
        AUTH: 'true',
        login: '79001112233',
      },
      authByLink: () => {
        throw apiError(520);
      },
      profile: { profile_id: 7, phone: '79001112233', external_accounts: [] },
    });
    const snapshot = await run('https://kadr.example/promo/web/?auth=SPENT');
    expect(fake.ids()).toEqual(['authByLink', 'getProfile']);
    expect(storage.getItem('refresh_token')).toBe('mine-r');
    expect(snapshot).toMatchObject({ loggedIn: true, signInLink: 'refused' });
  });

  it('strips the value from the address, keeping the other parameters and the fragment', async () => {
    const { replaceUrl, run } = setup({ exchange: async () => ({ access_token: 'a', profile_id: 1 }) });
    await run('https://kadr.example/promo/web/movie/42/?utm_source=tv&auth=XYZ&from=qr#pay');
    expect(replaceUrl).toHaveBeenCalledWith(
      'https://kadr.example/promo/web/movie/42/?utm_source=tv&from=qr#pay',
    );
  });

  it('strips the value before the exchange answers, and when it is refused', async () => {
    const { replaceUrl, run } = setup({
      local: { utm_sent: 'true' },
      exchange: async () => {
        expect(replaceUrl).toHaveBeenCalledWith('https://kadr.example/promo/web/');
        throw new Error('bad link');
      },
    });
    await run('https://kadr.example/promo/web/?auth=XYZ');
    expect(replaceUrl).toHaveBeenCalledTimes(1);
  });

  it('refuses an empty value without a call', async () => {
    const { fake, replaceUrl, run } = setup({ local: { utm_sent: 'true' } });
    const snapshot = await run('https://kadr.example/promo/web/?auth=');
    expect(fake.ids()).toEqual(['anonymousAuth', 'getProfile']);
    expect(replaceUrl).toHaveBeenCalledWith('https://kadr.example/promo/web/');
    expect(snapshot.signInLink).toBe('refused');
  });

  it('leaves the address alone and reports nothing without a value', async () => {
    const { replaceUrl, run } = setup();
    const snapshot = await run('https://kadr.example/promo/web/?utm_source=tv');
    expect(replaceUrl).not.toHaveBeenCalled();
    expect(snapshot).not.toHaveProperty('signInLink');
  });
});

describe('startSession: campaign call', () => {
  it('sends the query string after the profile, then marks it done', async () => {
    const { storage, fake, run } = setup();
    await run('https://kadr.example/promo/web/?utm_source=vk&utm_medium=cpc');
    expect(fake.ids()).toEqual(['anonymousAuth', 'getProfile', 'setProfileUtm']);
    expect(fake.callsOf('setProfileUtm')[0]?.input).toEqual({
      body: { url: '?utm_source=vk&utm_medium=cpc' },
    });
    expect(storage.getItem('utm_sent')).toBe('true');
  });

  it('is sent only once', async () => {
    const { fake, run } = setup();
    await run('https://kadr.example/promo/web/?utm_source=vk');
    await run('https://kadr.example/promo/web/?utm_source=ok');
    expect(fake.callsOf('setProfileUtm')).toHaveLength(1);
  });

  it('is not sent without a query', async () => {
    const { storage, fake, run } = setup();
    await run('https://kadr.example/promo/web/');
    expect(fake.callsOf('setProfileUtm')).toHaveLength(0);
    expect(storage.getItem('utm_sent')).toBeNull();
  });

  it('leaves out the auth credential', async () => {
    const { fake, run } = setup({ exchange: async () => ({ access_token: 'a', profile_id: 1 }) });
    await run('https://kadr.example/promo/web/?auth=SECRET&utm_source=tv');
    expect(fake.callsOf('setProfileUtm')[0]?.input).toEqual({ body: { url: '?utm_source=tv' } });
  });

  it('leaves out an identity provider’s callback on its route, and nothing else', async () => {
    const { fake, run } = setup();
    await run(
      'https://kadr.example/promo/web/auth_sandbox/?code=ONE-TIME&state=S&iss=https%3A%2F%2Fid.example&session_state=x&utm_source=tv',
    );
    expect(fake.callsOf('setProfileUtm')[0]?.input).toEqual({ body: { url: '?utm_source=tv' } });
  });

  it('sends nothing for an identity provider’s callback alone', async () => {
    const { storage, fake, run } = setup();
    await run('https://kadr.example/promo/web/auth_sandbox/?error=access_denied&state=S');
    expect(fake.callsOf('setProfileUtm')).toHaveLength(0);
    expect(storage.getItem('utm_sent')).toBeNull();
  });

  it('keeps a parameter named like a callback’s elsewhere (a promo code is a campaign parameter)', async () => {
    const { fake, run } = setup();
    await run('https://kadr.example/promo/web/?code=AUTUMN');
    expect(fake.callsOf('setProfileUtm')[0]?.input).toEqual({ body: { url: '?code=AUTUMN' } });
  });

  it('is tried again next time when it failed', async () => {
    const { storage, fake, log, run } = setup({
      utm: () => {
        throw apiError(500);
      },
    });
    await run('https://kadr.example/promo/web/?utm_source=vk');
    expect(storage.getItem('utm_sent')).toBeNull();
    expect(log).toHaveBeenCalledWith('utm_failed', expect.objectContaining({ code: 500 }));
    fake.handlers.setProfileUtm = { ok: true };
    await run('https://kadr.example/promo/web/?utm_source=vk');
    expect(storage.getItem('utm_sent')).toBe('true');
  });
});
