/** The tokens a session consists of (what anonymousAuth, authApp and refreshToken return). */
export interface SessionTokens {
  access_token: string;
  refresh_token: string;
  profile_id: number;
}

/**
 * Where the client reads and writes the session's tokens. `@kadr/auth-session` implements it over
 * localStorage (SPEC §3 keys); `createMemoryTokenStore` keeps them in memory.
 */
export interface TokenStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  setTokens(tokens: SessionTokens): void;
  /** Forgets the tokens and the login (SPEC §4: code 910). */
  clear(): void;
}

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
