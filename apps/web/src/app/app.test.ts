import { StorageKey } from '@kadr/auth-session';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CollectionTab, collectionKeys } from '../shared/data/collections';
import { useSessionStore } from '../shared/stores/session-store';
import { apiError, createFakeServices, never } from '../testing/fake-services';
import { resetStores } from '../testing/seed-stores';
import { startApp } from './app';

const at = (path: string) => `https://kadr.example${path}`;

beforeEach(() => resetStores());

describe('startApp', () => {
  it("asks for the home rails at once, beside the new visitor's session, before the profile answers", async () => {
    const fake = createFakeServices({
      storage: { [StorageKey.accessToken]: '' },
      handlers: { getProfile: never },
    });
    void startApp(fake.services, at('/promo/web/'));
    await waitFor(() => expect(fake.ids()).toEqual(['getCollections', 'anonymousAuth', 'getProfile']));
    await waitFor(() =>
      expect(fake.services.queryClient.getQueryState(collectionKeys.tab(CollectionTab.home))?.status).toBe(
        'success',
      ),
    );
  });

  it('loads the rails once: the home screen finds them loading and does not ask again', async () => {
    const fake = createFakeServices();
    await startApp(fake.services, at('/promo/web/'));
    expect(fake.ids().filter((id) => id === 'getCollections')).toHaveLength(1);
    expect(useSessionStore.getState().status).toBe('ready');
  });

  it('starts the session without loading rails for other screens', async () => {
    const fake = createFakeServices();
    await startApp(fake.services, at('/promo/web/account'));
    expect(fake.ids()).toEqual(['getProfile']);
  });
});

describe('startApp: a sign-in link', () => {
  const LINK_SESSION = {
    access_token: 'link-a',
    expires_in: 900,
    token_type: 'Bearer',
    device_uid: 'web_tvtvtvtvtvtvtvtv',
    phone_number: '79123456789',
    profile_id: 51,
  };

  it('signs in with the value, keeps the link device, drops the refresh token and strips the address', async () => {
    const fake = createFakeServices({
      handlers: {
        authByLink: () => LINK_SESSION,
        getProfile: () => ({ profile_id: 51, phone: '79123456789', external_accounts: [] }),
        setProfileUtm: () => ({ ok: true }),
      },
    });
    const replaceUrl = vi.fn();
    await startApp(fake.services, at('/promo/web/movie/42/?auth=VALUE&from=tv'), replaceUrl);
    expect(fake.calls[0]).toMatchObject({ id: 'authByLink', input: { body: { auth: 'VALUE' } } });
    expect(replaceUrl).toHaveBeenCalledWith(at('/promo/web/movie/42/?from=tv'));
    expect(fake.storage.getItem(StorageKey.refreshToken)).toBeNull();
    expect(fake.storage.getItem(StorageKey.accessToken)).toBe('link-a');
    expect(fake.storage.getItem(StorageKey.deviceUid)).toBe('web_tvtvtvtvtvtvtvtv');
    expect(useSessionStore.getState()).toMatchObject({
      status: 'ready',
      loggedIn: true,
      phone: '79123456789',
      profileId: 51,
      signInLinkRefused: false,
    });
  });

  it('records a refused value for the notice and goes on with the session it has', async () => {
    const fake = createFakeServices({
      handlers: {
        authByLink: () => {
          throw apiError(520, 'sign_in_link_invalid');
        },
        setProfileUtm: () => ({ ok: true }),
      },
    });
    const replaceUrl = vi.fn();
    await startApp(fake.services, at('/promo/web/?auth=SPENT'), replaceUrl);
    expect(replaceUrl).toHaveBeenCalledWith(at('/promo/web/'));
    expect(useSessionStore.getState()).toMatchObject({
      status: 'ready',
      loggedIn: false,
      signInLinkRefused: true,
    });
  });
});
