import { StorageKey } from '@kadr/auth-session';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROUTER_BASENAME } from '../../env';
import { createFakeServices } from '../../testing/fake-services';
import { resetStores } from '../../testing/seed-stores';
import { CollectionTab } from './collections';
import { firstScreenTab, prefetchFirstScreenRails } from './first-screen-rails';

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

describe('prefetchFirstScreenRails', () => {
  it('loads nothing when the first screen has no rails', () => {
    const fake = createFakeServices();
    prefetchFirstScreenRails(fake.services, at('/promo/web/movie/12/'), ROUTER_BASENAME);
    expect(fake.ids()).toEqual([]);
  });

  it('starts the TV rails at once, without waiting for a session (decision 047)', () => {
    const fake = createFakeServices({ storage: { [StorageKey.accessToken]: '' } });
    prefetchFirstScreenRails(fake.services, at('/promo/web/tv?auth=abc'), ROUTER_BASENAME);
    expect(fake.calls).toMatchObject([
      { id: 'getCollections', input: { query: { tab_id: CollectionTab.tv } } },
    ]);
  });
});
