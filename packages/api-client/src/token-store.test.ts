import { describe, expect, it } from 'vitest';
import { createMemoryTokenStore } from './index.js';

describe('createMemoryTokenStore', () => {
  it('starts empty', () => {
    const store = createMemoryTokenStore();
    expect([store.getAccessToken(), store.getRefreshToken()]).toEqual([null, null]);
  });

  it('keeps the tokens it is given and forgets them on clear', () => {
    const store = createMemoryTokenStore({ access_token: 'a', refresh_token: 'r', profile_id: 1 });
    store.setTokens({ access_token: 'a2', refresh_token: 'r2', profile_id: 1 });
    expect([store.getAccessToken(), store.getRefreshToken()]).toEqual(['a2', 'r2']);
    store.clear();
    expect([store.getAccessToken(), store.getRefreshToken()]).toEqual([null, null]);
  });
});
