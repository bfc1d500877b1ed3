import { StorageKey } from '@kadr/auth-session';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CollectionTab, collectionKeys } from '../shared/data/collections';
import { useSessionStore } from '../shared/stores/session-store';
import { createFakeServices, never } from '../testing/fake-services';
import { resetStores } from '../testing/seed-stores';
import { startApp } from './app';

const at = (path: string) => `https://kadr.example${path}`;

beforeEach(() => resetStores());

describe('startApp', () => {
  it('asks for the home rails as soon as a new visitor has a session, before the profile answers', async () => {
    const fake = createFakeServices({
      storage: { [StorageKey.accessToken]: '' },
      handlers: { getProfile: never },
    });
    void startApp(fake.services, at('/promo/web/'));
    await waitFor(() => expect(fake.ids()).toEqual(['anonymousAuth', 'getCollections', 'getProfile']));
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
