import { createMemoryStorage } from '@kadr/auth-session';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';
import { createChunkRecovery } from './chunk-recovery';
import { createAppRoutes } from './routes';

// A screen that throws while rendering, and one whose chunk cannot be loaded (as after a release).
vi.mock('../routes/about-us/about-us-route', () => ({
  AboutUsRoute: () => {
    throw new Error('boom: secret detail');
  },
}));
vi.mock('../routes/account-cards/account-cards-route', () => ({
  get AccountCardsRoute() {
    throw new TypeError('Failed to fetch dynamically imported module: /promo/web/assets/account-cards-1.js');
  },
}));

const TITLE = 'Что-то пошло не так :(';

/** The page across reloads: its session storage stays, each `routes()` is the app after a reload. */
function setup() {
  const storage = createMemoryStorage();
  const reload = vi.fn();
  const routes = () => createAppRoutes({ chunks: createChunkRecovery({ storage, reload }) });
  return { reload, routes };
}

describe('route errors', () => {
  beforeEach(() => {
    // React and the boundary report the error in development; keep the run's output readable.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows a screen that throws as the Russian error screen inside the layout, header kept', async () => {
    renderApp('/about_us?utm=1');
    const region = await screen.findByRole('region', { name: TITLE });
    expect(within(region).getByText(/Не удалось показать эту страницу/)).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/?utm=1');
    expect(screen.getByRole('navigation', { name: 'Основная навигация' })).toBeInTheDocument();
  });

  it('never shows the error itself or its stack, and logs it to the console (every build)', async () => {
    renderApp('/about_us');
    await screen.findByRole('region', { name: TITLE });
    expect(document.body).not.toHaveTextContent(/boom|secret detail|Unexpected Application Error|at /);
    // Logged from the boundary's effect, which may run a moment after its screen is painted.
    await vi.waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('[web] screen failed', expect.any(Error)),
    );
  });

  it('reloads the page on «Обновить страницу» and goes home on «На главную»', async () => {
    const { user, reloads } = renderApp('/about_us');
    await user.click(await screen.findByRole('button', { name: 'Обновить страницу' }));
    expect(reloads()).toBe(1);
    await user.click(screen.getByRole('link', { name: 'На главную' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Каталог' })).toBeInTheDocument();
  });

  it('reloads once when a screen chunk fails to load, then shows the error screen', async () => {
    const { reload, routes } = setup();
    renderApp('/account/cards', { routes: routes() });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('region', { name: TITLE })).not.toBeInTheDocument();

    // The page after its reload: the chunk fails again.
    cleanup();
    renderApp('/account/cards', { routes: routes() });
    const region = await screen.findByRole('region', { name: TITLE });
    expect(within(region).getByText(/Не удалось загрузить страницу/)).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
    // The account's menu (its parent route) stays.
    expect(screen.getByRole('navigation', { name: 'Меню аккаунта' })).toBeInTheDocument();
  });

  it('names the tab «Кадр — Ошибка» whichever page failed', async () => {
    renderApp('/about_us');
    await screen.findByRole('region', { name: TITLE });
    await vi.waitFor(() => expect(document.title).toBe('Кадр — Ошибка'));
  });

  it('names the tab after the next page once the visitor leaves the error screen', async () => {
    const { user } = renderApp('/about_us');
    await screen.findByRole('region', { name: TITLE });
    await vi.waitFor(() => expect(document.title).toBe('Кадр — Ошибка'));
    await user.click(screen.getByRole('link', { name: 'На главную' }));
    await screen.findByRole('heading', { level: 1, name: 'Каталог' });
    await vi.waitFor(() => expect(document.title).toBe('Кадр — Каталог'));
  });
});
