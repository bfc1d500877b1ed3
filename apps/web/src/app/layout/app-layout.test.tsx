import type { CallId } from '@kadr/api-contract';
import { LOADING_BAR_DELAY_MS } from '@kadr/ui-kit';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueHandlers } from '../../testing/catalogue-fixtures';
import { createFakeServices, type FakeHandler, never } from '../../testing/fake-services';
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

/** The fixture's answer, except for the rails of the tab named `search`, which never come. */
const searchRailsNever: FakeHandler = (input) =>
  (input as { query: { tab_id: string } }).query.tab_id === 'search'
    ? never(input)
    : catalogueHandlers().getCollections?.(input);

/** Renders `path` with `call` answered by `handler` (never, by default). */
function renderWaiting(path: string, call: CallId, handler: FakeHandler = never) {
  const fake = createFakeServices({ handlers: { [call]: handler } });
  const app = renderApp(path, { fake });
  const asked = () => fake.calls.some((recorded) => recorded.id === call);
  return { ...app, asked };
}

/** Lets the bar's delay pass, so a bar that was going to show has shown. */
const pastTheDelay = () => act(() => new Promise((resolve) => setTimeout(resolve, LOADING_BAR_DELAY_MS * 2)));

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

  it.each([
    ['a content card', '/movie/12/', 'getContent' as const],
    ['a channel’s programme guide', '/tv/2/tv_guide', 'getTvSchedule' as const],
    ['the TV tab', '/tv', 'getCollections' as const],
  ])('shows while the primary data of %s loads', async (_, path, call) => {
    renderWaiting(path, call);
    expect(await screen.findByRole('progressbar', { name: 'Загрузка страницы' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
  });

  it('shows while the /search page’s recommendations load', async () => {
    renderWaiting('/search', 'getCollections', searchRailsNever);
    expect(await screen.findByRole('progressbar', { name: 'Загрузка страницы' })).toBeInTheDocument();
  });

  it.each([
    ['«Похожие фильмы» of a content card', '/movie/12/', 'getSimilar' as const],
    ['the profile on the account', '/account', 'getProfile' as const],
  ])('stays away while secondary data loads: %s', async (_, path, call) => {
    const { asked } = renderWaiting(path, call);
    await screen.findByRole('heading', { level: 1 });
    // The screen may ask for its secondary data a moment after its heading shows (a busy machine).
    await waitFor(() => expect(asked()).toBe(true));
    await pastTheDelay();
    expect(screen.queryByRole('progressbar', { name: 'Загрузка страницы' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
  });

  it('stays away while the header search box loads its recommendations and hints', async () => {
    const fake = createFakeServices({ handlers: { getCollections: searchRailsNever, searchHint: never } });
    const { user, ids, calls } = renderApp('/', { fake });
    await screen.findByRole('region', { name: 'Главное' });
    await user.click(screen.getByRole('button', { name: 'Поиск' }));
    await user.type(await screen.findByRole('searchbox', { name: 'Поиск' }), 'тихий');
    expect(calls.map((call) => call.input)).toContainEqual({
      query: expect.objectContaining({ tab_id: 'search' }),
    });
    await waitFor(() => expect(ids()).toContain('searchHint'));
    await pastTheDelay();
    expect(screen.queryByRole('progressbar', { name: 'Загрузка страницы' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
  });
});
