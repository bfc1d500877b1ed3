// Test and story support: the app's zustand stores in a known state.
import { type ModalState, useModalStore } from '../shared/stores/modal-store';
import { useMovieStatusStore } from '../shared/stores/movie-status-store';
import { type SessionState, useSessionStore } from '../shared/stores/session-store';

/** Session fields a test starts from. */
export type SessionSeed = Partial<
  Pick<SessionState, 'loggedIn' | 'phone' | 'profileId' | 'signInLinkRefused'>
>;

/** Puts the stores in a known state: session ready with `seed`, no modal open, no movie status. */
export function resetStores(seed: SessionSeed = {}, modal: ModalSeed = {}) {
  useSessionStore.setState({
    status: 'ready',
    loggedIn: false,
    phone: null,
    profileId: 42,
    signInLinkRefused: false,
    limit: null,
    ...seed,
  });
  useModalStore.setState({ loginOpen: false, loginPromptMode: false, ...modal });
  useMovieStatusStore.setState({ status: 'initial' });
}

/** Modal-store fields a test starts from. */
export type ModalSeed = Partial<Pick<ModalState, 'loginOpen' | 'loginPromptMode'>>;
