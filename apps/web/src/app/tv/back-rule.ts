/** What the back key does on a TV, in SPEC §2's terms. */
export type BackStep = 'close-dialog' | 'leave-player' | 'history-back' | 'stay';

/** What the screen shows when back is pressed. */
export interface BackContext {
  /** A dialog or modal is open (the login modal, a confirmation, an error notice…). */
  dialogOpen: boolean;
  /** The player is open on the screen (it has a close button). */
  playerOpen: boolean;
  /** The screen is the catalogue home (/) with no screen of the app behind it (the visit's first). */
  atHome: boolean;
}

/**
 * The back key's step, innermost first: it closes an open dialog, then leaves the player, then does the
 * SPEC's back action (history back, or / with the query string when there is no history). On home as the
 * visit's first screen, with nothing open, it stays: back there must not leave the app for a blank or
 * foreign page.
 */
export function backStep({ dialogOpen, playerOpen, atHome }: BackContext): BackStep {
  if (dialogOpen) return 'close-dialog';
  if (playerOpen) return 'leave-player';
  if (atHome) return 'stay';
  return 'history-back';
}
