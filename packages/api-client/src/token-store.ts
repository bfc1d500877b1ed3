import type { SessionTokens, TokenStore } from '@kadr/api-contract';

export type { SessionTokens, TokenStore };

/** A `TokenStore` in memory, optionally starting with a session (tests, server-side use). */
export function createMemoryTokenStore(initial?: SessionTokens): TokenStore {
  let tokens: SessionTokens | null = initial ? { ...initial } : null;
  return {
    getAccessToken: () => tokens?.access_token ?? null,
    getRefreshToken: () => tokens?.refresh_token ?? null,
    setTokens: (next) => {
      tokens = {
        access_token: next.access_token,
        refresh_token: next.refresh_token,
        profile_id: next.profile_id,
      };
    },
    clear: () => {
      tokens = null;
    },
  };
}
