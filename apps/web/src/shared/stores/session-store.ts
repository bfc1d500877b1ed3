import type { SessionSnapshot } from '@kadr/auth-session';
import { create } from 'zustand';

/** The session as the UI sees it after startup (SPEC §4 Startup). */
export interface SessionState {
  /** `starting` until startSession settles; `failed` when no session could be obtained. */
  status: 'starting' | 'ready' | 'failed';
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
  ready: (snapshot) =>
    set({
      status: 'ready',
      loggedIn: snapshot.loggedIn,
      phone: snapshot.phone,
      profileId: snapshot.profileId,
      signInLinkRefused: snapshot.signInLink === 'refused',
    }),
  fail: () => set({ status: 'failed' }),
  dismissSignInLinkNotice: () => set({ signInLinkRefused: false }),
}));
