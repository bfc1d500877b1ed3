import { useContext } from 'react';
import { UNSAFE_DataRouterStateContext as DataRouterStateContext } from 'react-router';

/**
 * Whether `<ScrollRestoration>` is about to scroll the current screen back to a saved position (Back,
 * Forward, a reload): the screen must then render at its full height in its first commit, because the
 * restore runs once, in a layout effect of that commit, and a shorter page clamps it for good.
 *
 * The router's `restoreScrollPosition` is what ScrollRestoration itself reads (a number: restore to
 * it; `false`/`null`: a new visit, which starts at the top). React Router exposes its state to
 * components only through this context (the public hooks leave the field out), hence the UNSAFE name.
 */
export function useScrollRestoring(): boolean {
  return typeof useContext(DataRouterStateContext)?.restoreScrollPosition === 'number';
}
