import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    expect(bar()).not.toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
  });
});

describe('scroll restoration', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('starts a new screen at the top and brings Back to where the visitor was', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { release, openTv, router } = setup();
    release();
    await screen.findByRole('heading', { level: 1, name: 'Каталог' });
    Object.defineProperty(window, 'scrollY', { value: 700, configurable: true });
    await openTv();
    await screen.findByRole('heading', { level: 1, name: 'Телеканалы' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 1, name: 'Каталог' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 700);
  });
});
