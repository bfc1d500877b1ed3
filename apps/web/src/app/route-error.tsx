import { ErrorScreen, Loader } from '@kadr/ui-kit';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { KitLink } from '../shared/navigation/query-link';
import { useServices } from '../shared/services';
import { isChunkLoadError } from './chunk-recovery';
import { layoutMessages as m } from './layout/messages';
import { useErrorPageTitle } from './page-title';

/** Props of {@link RouteErrorBoundary}. */
export interface RouteErrorBoundaryProps {
  /** True when the page is reloading to recover a failed chunk: wait quietly instead. */
  reloading?: () => boolean;
  /** The layout failed too: the screen stands alone, in a <main> of its own. */
  standalone?: boolean;
}

/**
 * The `errorElement` of every route (routes.tsx): a screen that threw while loading or rendering is
 * replaced by the Russian error screen — «Обновить страницу» and «На главную» — inside the layout, so the
 * header stays; the tab reads «Кадр — Ошибка». Details go to the console in every build; the
 * page never shows them.
 */
export function RouteErrorBoundary({ reloading, standalone = false }: RouteErrorBoundaryProps) {
  const error = useRouteError();
  const { reload } = useServices();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    // Logged in every build, like the app's other failures (query-client.ts): a crash in production must
    // leave a trace for whoever reads the console or collects it; only the page keeps it out of view.
    console.error('[web] screen failed', error);
  }, [error]);
  useErrorPageTitle();
  // The page is reloading to recover a failed chunk: whatever failed meanwhile (a component's own lazy
  // chunk resolves to nothing while the reload is pending), wait for the new page quietly.
  if (reloading?.()) return <Loader variant="fullPage" />;
  const errorScreen = (
    <ErrorScreen
      homeHref="/"
      onReload={reload}
      LinkComponent={KitLink}
      labels={chunk ? { text: m.chunkFailedText } : undefined}
    />
  );
  // Inside the layout the screen sits in its <main>; alone it needs its own.
  return standalone ? <main>{errorScreen}</main> : errorScreen;
}
