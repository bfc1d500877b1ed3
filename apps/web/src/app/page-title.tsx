import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { type Params, useMatches } from 'react-router';
import { PageNameContext } from '../shared/page-name';
import { layoutMessages as m } from './layout/messages';

/** What a route's title is made from: its address parameters and the name its screen loaded, if any. */
export interface PageTitleContext {
  params: Params;
  /** The name the screen reported with `usePageName` (shared/page-name.tsx), e.g. a film's title. */
  name?: string;
}

/**
 * The `handle` of a route (routes.tsx). `title` names the page in the tab, without the brand; undefined
 * leaves the brand alone.
 */
export interface RouteHandle {
  title?: (context: PageTitleContext) => string | undefined;
}

/** The tab's title: «Кадр — {page}», or «Кадр» alone. */
export function pageTitle(page?: string): string {
  return page ? `${m.brand} — ${page}` : m.brand;
}

/** Tells the layout's {@link PageTitle} that an error screen is shown in place of the page. */
const PageFailedContext = createContext<((failed: boolean) => void) | null>(null);

/**
 * Names the tab «Кадр — Ошибка» while the calling error screen is shown (route-error.tsx), whichever
 * page failed: through the layout's {@link PageTitle}, or directly when the layout itself failed.
 */
export function useErrorPageTitle(): void {
  const setFailed = useContext(PageFailedContext);
  useEffect(() => {
    if (!setFailed) {
      document.title = pageTitle(m.errorTitle);
      return;
    }
    setFailed(true);
    return () => setFailed(false);
  }, [setFailed]);
}

/**
 * Titles are declared in one place — `handle.title` of each route in routes.tsx — and applied here:
 * the deepest matched route with a title names the tab (`document.title`), given the name its screen
 * reported with `usePageName` (shared/page-name.tsx); while an error screen stands in for the page,
 * «Кадр — Ошибка» ({@link useErrorPageTitle}). Rendered by the layout around the screens.
 */
export function PageTitle({ children }: { children: ReactNode }) {
  const [name, setName] = useState<string>();
  const [failed, setFailed] = useState(false);
  const matches = useMatches();
  const match = matches.findLast((candidate) => typeof titleOf(candidate.handle) === 'function');
  const title = failed
    ? pageTitle(m.errorTitle)
    : pageTitle(match && titleOf(match.handle)?.({ params: match.params, name }));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <PageFailedContext.Provider value={setFailed}>
      <PageNameContext.Provider value={setName}>{children}</PageNameContext.Provider>
    </PageFailedContext.Provider>
  );
}

function titleOf(handle: unknown): RouteHandle['title'] {
  return (handle as RouteHandle | undefined)?.title;
}
