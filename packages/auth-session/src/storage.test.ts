import { describe, expect, it } from 'vitest';
import {
  createMemoryStorage,
  createStorageTokenStore,
  ensureAuthFlag,
  getLogin,
  getProfileId,
  isLoggedIn,
  SessionFlag,
  StorageKey,
} from './index.js';

describe('storage keys', () => {
  it('match SPEC §3', () => {
    expect(StorageKey).toEqual({
      profileId: 'profile_id',
      deviceUid: 'device_uid',
      accessToken: 'access_token',
      refreshToken: 'refresh_token',
      login: 'login',
      auth: 'AUTH',
      redirect: 'redirect',
      utmSent: 'utm_sent',
    });
    expect(SessionFlag).toEqual({
      promptOpen: 'promptOpen',
      promptOpenHeader: 'promptOpenHeader',
      promptOpenMovie: 'promptOpenMovie',
    });
  });
});

describe('ensureAuthFlag', () => {
  it("sets AUTH to 'false' when absent", () => {
    const storage = createMemoryStorage();
    ensureAuthFlag(storage);
    expect(storage.getItem('AUTH')).toBe('false');
  });

  it('keeps an existing AUTH', () => {
    const storage = createMemoryStorage({ AUTH: 'true' });
    ensureAuthFlag(storage);
    expect(storage.getItem('AUTH')).toBe('true');
  });
});

describe('createStorageTokenStore', () => {
  it('initialises AUTH', () => {
    const storage = createMemoryStorage();
    createStorageTokenStore(storage);
    expect(storage.snapshot()).toEqual({ AUTH: 'false' });
  });

  it('stores access token, refresh token and profile id', () => {
    const storage = createMemoryStorage();
    const tokens = createStorageTokenStore(storage);
    tokens.setTokens({ access_token: 'a1', refresh_token: 'r1', profile_id: 42 });
    expect(storage.snapshot()).toEqual({
      AUTH: 'false',
      access_token: 'a1',
      refresh_token: 'r1',
      profile_id: '42',
    });
    expect(tokens.getAccessToken()).toBe('a1');
    expect(tokens.getRefreshToken()).toBe('r1');
  });

  it("clear removes tokens and login and sets AUTH 'false', keeping device and profile id", () => {
    const storage = createMemoryStorage({
      AUTH: 'true',
      access_token: 'a1',
      refresh_token: 'r1',
      login: '79123456789',
      profile_id: '42',
      device_uid: 'web_x',
    });
    const tokens = createStorageTokenStore(storage);
    tokens.clear();
    expect(storage.snapshot()).toEqual({ AUTH: 'false', profile_id: '42', device_uid: 'web_x' });
    expect(tokens.getAccessToken()).toBeNull();
    expect(tokens.getRefreshToken()).toBeNull();
  });
});

describe('session readers', () => {
  it("isLoggedIn is true only for AUTH 'true'", () => {
    expect(isLoggedIn(createMemoryStorage({ AUTH: 'true' }))).toBe(true);
    expect(isLoggedIn(createMemoryStorage({ AUTH: 'false' }))).toBe(false);
    expect(isLoggedIn(createMemoryStorage())).toBe(false);
  });

  it('getLogin returns the stored phone or null', () => {
    expect(getLogin(createMemoryStorage({ login: '79123456789' }))).toBe('79123456789');
    expect(getLogin(createMemoryStorage())).toBeNull();
  });

  it('getProfileId parses a positive integer only', () => {
    expect(getProfileId(createMemoryStorage({ profile_id: '42' }))).toBe(42);
    expect(getProfileId(createMemoryStorage({ profile_id: 'x' }))).toBeNull();
    expect(getProfileId(createMemoryStorage({ profile_id: '0' }))).toBeNull();
    expect(getProfileId(createMemoryStorage())).toBeNull();
  });
});
