import { createMemoryStorage, StorageKey } from '@kadr/auth-session';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTER_BASENAME } from '../../env';
import { createFakeServices } from '../../testing/fake-services';
import { resetStores } from '../../testing/seed-stores';
import { CollectionTab } from './collections';
import { firstScreenTab, onAccessToken, storageLoadingFirstRails } from './first-screen-rails';

const at = (path: string) => `https://kadr.example${path}`;

beforeEach(() => resetStores());

describe('firstScreenTab', () => {
  it('names the home rails for the root, with or without its slash and query', () => {
    for (const path of ['/promo/web/', '/promo/web', '/promo/web/?utm_source=mail']) {
      expect(firstScreenTab(at(path), ROUTER_BASENAME), path).toBe(CollectionTab.home);
    }
  });

  it('names the channel rails for the TV tab', () => {
    expect(firstScreenTab(at('/promo/web/tv'), ROUTER_BASENAME)).toBe(CollectionTab.tv);
    expect(firstScreenTab(at('/promo/web/tv/'), ROUTER_BASENAME)).toBe(CollectionTab.tv);
  });

  it('names nothing for other screens and for addresses outside the app', () => {
    for (const path of [
      '/promo/web/tv/5',
      '/promo/web/movie/12/',
      '/promo/web/search',
      '/promo/webx/',
      '/',
    ]) {
      expect(firstScreenTab(at(path), ROUTER_BASENAME), path).toBeNull();
    }
  });
});

describe('onAccessToken', () => {
  it('calls back at once when a token is stored already, and only once', () => {
    const onToken = vi.fn();
    const storage = onAccessToken(createMemoryStorage({ [StorageKey.accessToken]: 'anon' }), onToken);
    storage.setItem(StorageKey.accessToken, 'again');
    expect(onToken).toHaveBeenCalledTimes(1);
  });

  it('calls back when a token is stored, not for other keys or an empty token', () => {
    const onToken = vi.fn();
    const inner = createMemoryStorage();
    const storage = onAccessToken(inner, onToken);
    storage.setItem(StorageKey.auth, 'false');
    storage.setItem(StorageKey.accessToken, '');
    expect(onToken).not.toHaveBeenCalled();
    storage.setItem(StorageKey.accessToken, 'anon');
    expect(onToken).toHaveBeenCalledTimes(1);
    expect(inner.getItem(StorageKey.accessToken)).toBe('anon');
  });

  it('reads and removes through to the storage it wraps', () => {
    const inner = createMemoryStorage({ [StorageKey.login]: '79123456789' });
    const storage = onAccessToken(inner, () => {});
    expect(storage.getItem(StorageKey.login)).toBe('79123456789');
    storage.removeItem(StorageKey.login);
    expect(inner.getItem(StorageKey.login)).toBeNull();
  });
});

describe('storageLoadingFirstRails', () => {
  it('returns the storage itself when the first screen has no rails', () => {
    const { services } = createFakeServices();
    expect(storageLoadingFirstRails(services, at('/promo/web/movie/12/'), ROUTER_BASENAME)).toBe(
      services.storage,
    );
  });

  it('loads nothing early on a visit with an auth link value (it may replace the session)', () => {
    const fake = createFakeServices();
    storageLoadingFirstRails(fake.services, at('/promo/web/?auth=abc'), ROUTER_BASENAME);
    expect(fake.ids()).toEqual([]);
  });

  it('starts the TV rails at once for a visitor who has a token', () => {
    const fake = createFakeServices();
    storageLoadingFirstRails(fake.services, at('/promo/web/tv'), ROUTER_BASENAME);
    expect(fake.calls).toMatchObject([
      { id: 'getCollections', input: { query: { tab_id: CollectionTab.tv } } },
    ]);
  });
});
