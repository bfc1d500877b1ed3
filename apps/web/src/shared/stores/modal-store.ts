import { create } from 'zustand';

/** Which app-wide dialogs are open. */
export interface ModalState {
  /** The login modal is open. */
  loginOpen: boolean;
  /** The login modal opened from the registration prompt (its phone screen says so). */
  loginPromptMode: boolean;
  /** Opens the login modal, in prompt mode when asked. */
  openLogin: (options?: { promptMode?: boolean }) => void;
  /** Closes the login modal. */
  closeLogin: () => void;
}

/** Modal store: the login modal, opened from the header, the account menu or the registration prompt. */
export const useModalStore = create<ModalState>()((set) => ({
  loginOpen: false,
  loginPromptMode: false,
  openLogin: (options) => set({ loginOpen: true, loginPromptMode: options?.promptMode ?? false }),
  closeLogin: () => set({ loginOpen: false, loginPromptMode: false }),
}));
