import { isLoggedIn, SessionFlag, type StorageLike } from './storage.js';

/** Where the registration prompt shows: the header banner or before playing a movie (SPEC §2, §4). */
export type PromptPlace = 'header' | 'movie';

const PLACE_FLAG = {
  header: SessionFlag.promptOpenHeader,
  movie: SessionFlag.promptOpenMovie,
} as const;

/** Value a prompt flag gets once the prompt was closed: it may not open again in this session. */
export const PROMPT_CLOSED = 'false';

/** Options of `shouldShowRegistrationPrompt`. */
export interface RegistrationPromptOptions {
  /** Usually `localStorage` (AUTH). */
  storage: StorageLike;
  /** Usually `sessionStorage` (the prompt flags). */
  sessionStorage: StorageLike;
  /** The visitor already bought a package. */
  hasBought: boolean;
  place: PromptPlace;
}

/**
 * The registration prompt shows only to a visitor who is not logged in (AUTH not 'true'), has already
 * bought, and has not closed the prompt at this place in this browser session (SPEC §2, §4, §6).
 */
export function shouldShowRegistrationPrompt({
  storage,
  sessionStorage,
  hasBought,
  place,
}: RegistrationPromptOptions): boolean {
  return hasBought && !isLoggedIn(storage) && sessionStorage.getItem(PLACE_FLAG[place]) !== PROMPT_CLOSED;
}

/**
 * Records that the prompt at `place` was closed: its flag (promptOpenHeader / promptOpenMovie) and the
 * session-wide promptOpen flag become 'false' for the rest of the browser session.
 */
export function dismissRegistrationPrompt({
  sessionStorage,
  place,
}: {
  sessionStorage: StorageLike;
  place: PromptPlace;
}): void {
  sessionStorage.setItem(PLACE_FLAG[place], PROMPT_CLOSED);
  sessionStorage.setItem(SessionFlag.promptOpen, PROMPT_CLOSED);
}
