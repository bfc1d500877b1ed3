import { createContext, useContext, useEffect } from 'react';

/** Receives the name a screen reports; provided by the app's layout (app/page-title.tsx). */
export const PageNameContext = createContext<((name: string | undefined) => void) | null>(null);

/**
 * Reports the name of what the screen shows (a film's title, a channel's name) once its data has
 * loaded; the route's `handle.title` (app/routes.tsx) decides how the tab reads with it. The name goes
 * when the screen unmounts. Outside the app's layout it does nothing.
 */
export function usePageName(name: string | undefined): void {
  const setName = useContext(PageNameContext);
  useEffect(() => {
    if (!setName) return;
    setName(name);
    return () => setName(undefined);
  }, [setName, name]);
}
