import type { ApiErrorLike, SessionSnapshot } from '@kadr/auth-session';
import { create } from 'zustand';

/** The session as the UI sees it after startup (SPEC §4 Startup). */
export interface SessionState {
  /**
   * `starting` until startSession settles; `failed` when no session could be obtained; `limited` when
   * the service refused a new session for too many new visits (decision 047): the catalogue is shown
   * without a session, with the notice of `limit`.
   */
  status: 'starting' | 'ready' | 'failed' | 'limited';
  /**
   * The refusal (anonymousAuth's 429) that left the visitor without a session (status `limited`;
   * its notice reads whose limit and the wait); null otherwise or once its notice was closed.
   */
  limit: ApiErrorLike | null;
  /** AUTH is 'true' (a phone login). */
  loggedIn: boolean;
  /** The signed-in phone ('7XXXXXXXXXX'), or null. */
  phone: string | null;
  /** The profile id, or null. */
  profileId: number | null;
  /** The address carried a sign-in link's value that was refused (SPEC §4 startup): show the notice. */
  signInLinkRefused: boolean;
  /** Startup finished with this snapshot. */
  ready: (snapshot: SessionSnapshot) => void;
  /** Startup could not obtain a session. */
  fail: () => void;
  /** Startup got no session for the new-visit limits; the catalogue opens without one. */
  limited: (refusal: ApiErrorLike) => void;
  /** The viewer closed the limit's notice. */
  dismissLimitNotice: () => void;
  /** The viewer closed the refused-link notice. */
  dismissSignInLinkNotice: () => void;
}

/** Session store: startup status, login state, phone and profile id. */
export const useSessionStore = create<SessionState>()((set) => ({
  status: 'starting',
  loggedIn: false,
  phone: null,
  profileId: null,
  signInLinkRefused: false,
  limit: null,
  ready: (snapshot) =>
    set({
      status: 'ready',
      loggedIn: snapshot.loggedIn,
      phone: snapshot.phone,
      profileId: snapshot.profileId,
      signInLinkRefused: snapshot.signInLink === 'refused',
    }),
  fail: () => set({ status: 'failed' }),
  limited: (limit) => set({ status: 'limited', limit }),
  dismissLimitNotice: () => set({ limit: null }),
  dismissSignInLinkNotice: () => set({ signInLinkRefused: false }),
}));
