import { create } from 'zustand';

/** Movie load status (SPEC §4): initial until the content card settles; reset on leaving the page. */
export type MovieStatus = 'initial' | 'success' | 'error';

/** Movie store: the load status of the content card open now (the player reads it later). */
export interface MovieStatusState {
  status: MovieStatus;
  set: (status: MovieStatus) => void;
  reset: () => void;
}

export const useMovieStatusStore = create<MovieStatusState>()((set) => ({
  status: 'initial',
  set: (status) => set({ status }),
  reset: () => set({ status: 'initial' }),
}));
