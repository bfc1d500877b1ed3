import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueHandlers } from '../../testing/catalogue-fixtures';
import { createFakeServices } from '../../testing/fake-services';
import { renderApp } from '../../testing/render-app';
import type { ChunkRecovery } from '../chunk-recovery';
import { createAppRoutes } from '../routes';

/** The app whose TV screen chunk loads only when `release()` is called. */
function setup() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const chunks: ChunkRecovery = {
    load: async (target, importer) => {
      if (target === 'tv') await gate;
      return importer();
    },
    handlePreloadError: () => {},
    listen: () => () => {},
    reloading: () => false,
  };
  const app = renderApp('/', { routes: createAppRoutes({ chunks }) });
  const bar = () => screen.queryByRole('progressbar', { name: 'Загрузка страницы' });
  const openTv = async () => {
    await screen.findByRole('heading', { level: 1, name: 'Каталог' });
    const nav = screen.getByRole('navigation', { name: 'Основная навигация' });
    await app.user.click(within(nav).getByRole('link', { name: 'ТВ' }));
  };
  return { ...app, release, bar, openTv };
}

describe('loading bar', () => {
  it('shows while the next screen’s chunk loads, after a short delay, and marks the main busy', async () => {
    const { release, bar, openTv } = setup();
    await openTv();
    expect(bar()).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('progressbar', { name: 'Загрузка страницы' })).toBeInTheDocument();
    act(() => release());
    expect(await screen.findByRole('heading', { level: 1, name: 'Телеканалы' })).toBeInTheDocument();
    // The screen's rails load next (the bar stays for them); once they are in, the bar is gone.
    await screen.findAllByRole('region');
    await waitFor(() => expect(bar()).not.toBeInTheDocument());
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
  });

  it('stays while a screen’s data loads for the first time, and then goes', async () => {
    let answer: (value: unknown) => void = () => {};
    const fake = createFakeServices({
      handlers: { getCollections: () => new Promise((resolve) => (answer = resolve)) },
    });
    renderApp('/', { fake });
    expect(await screen.findByRole('progressbar', { name: 'Загрузка страницы' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    await act(async () => answer(catalogueHandlers().getCollections?.({ query: { tab_id: 'Main2' } })));
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Загрузка страницы' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
  });
});
