import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServices } from '../../testing/fake-services';
import { renderApp } from '../../testing/render-app';

afterEach(() => {
  vi.useRealTimers();
});

/** The desktop app at `path` with the header search opened. */
async function openDesktopSearch(path = '/?utm=1') {
  const app = renderApp(path);
  await app.user.click(await screen.findByRole('button', { name: 'Поиск' }));
  const input = await screen.findByRole('searchbox', { name: 'Поиск' });
  const searches = () => app.calls.filter((call) => call.id === 'searchHint');
  return { ...app, input, searches };
}

describe('desktop header search', () => {
  it('expands into a field asking for a film, series or channel, focused', async () => {
    const { input } = await openDesktopSearch();
    expect(input).toHaveAttribute('placeholder', 'Фильм, сериал или телеканал');
    expect(input).toHaveFocus();
  });

  it('shows the recommendations of the search tab while idle', async () => {
    const { calls } = await openDesktopSearch();
    const row = await screen.findByRole('region', { name: 'Смотрят сейчас' });
    expect(within(row).getAllByRole('link').length).toBeGreaterThan(0);
    const tabs = calls.filter((call) => call.id === 'getCollections').map((call) => call.input);
    expect(tabs).toContainEqual({ query: { tab_id: 'search', RB_queue_count: 15, RB_teaser_count: 15 } });
  });

  it('queries only from 3 characters', async () => {
    const { user, input, searches } = await openDesktopSearch();
    await user.type(input, 'до');
    expect(searches()).toHaveLength(0);
    await user.type(input, 'м');
    expect(searches()).toHaveLength(1);
    expect(searches()[0]?.input).toEqual({ body: { search_query: 'дом' } });
  });

  it('links content results to /movie/{id}/ and channel results to /tv/{id}, with the query', async () => {
    const { user, input } = await openDesktopSearch();
    await user.type(input, 'пер');
    const results = await screen.findByRole('region', { name: 'Результаты поиска' });
    // A content card is named by its title, then its year.
    expect(within(results).getByRole('link', { name: 'Время первых 2017' })).toHaveAttribute(
      'href',
      '/movie/107/?utm=1',
    );
    expect(within(results).getByRole('link', { name: 'Первый' })).toHaveAttribute('href', '/tv/1?utm=1');
  });

  it('says nothing was found and keeps the recommendations', async () => {
    const { user, input } = await openDesktopSearch();
    await user.type(input, 'ъъъ');
    expect(await screen.findByText('По вашему запросу ничего не найдено.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Смотрят сейчас' })).toBeInTheDocument();
  });

  it('closes and clears the text on a click outside', async () => {
    const { user, input } = await openDesktopSearch();
    await user.type(input, 'дом');
    await screen.findByRole('region', { name: 'Результаты поиска' });
    await user.click(screen.getByRole('main'));
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Поиск' }));
    expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveValue('');
    expect(screen.queryByRole('region', { name: 'Результаты поиска' })).not.toBeInTheDocument();
  });

  it('closes after following a result', async () => {
    const { user, input, where } = await openDesktopSearch();
    await user.type(input, 'тих');
    const results = await screen.findByRole('region', { name: 'Результаты поиска' });
    await user.click(within(results).getByRole('link', { name: 'Тихий дом 2023' }));
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    // The content route loads lazily before the location changes.
    await vi.waitFor(() => expect(where()).toBe('/movie/101/?utm=1'));
  });

  it('shows the loader when the answer takes longer than 100 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (value: unknown) => void = () => {};
    const fake = createFakeServices({
      handlers: { searchHint: () => new Promise((resolve) => (answer = resolve)) },
    });
    const app = renderApp('/', { fake });
    await app.user.click(await screen.findByRole('button', { name: 'Поиск' }));
    await app.user.type(await screen.findByRole('searchbox', { name: 'Поиск' }), 'дом');
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(screen.getByText('Ищем…')).toBeInTheDocument();
    await act(async () => answer({ items: [] }));
    expect(await screen.findByText('По вашему запросу ничего не найдено.')).toBeInTheDocument();
  });
});

describe('mobile search page', () => {
  it('opens from the header search link and has a field with the placeholder Поиск', async () => {
    const { user, where } = renderApp('/?utm=1', { deviceKind: 'mobile' });
    await user.click(await screen.findByRole('link', { name: 'Поиск' }));
    const input = await screen.findByRole('searchbox', { name: 'Поиск' });
    expect(where()).toBe('/search?utm=1');
    expect(input).toHaveAttribute('placeholder', 'Поиск');
  });

  it('follows the same rules: recommendations, 3 characters, results and nothing found', async () => {
    const { user, calls } = renderApp('/search', { deviceKind: 'mobile' });
    const input = await screen.findByRole('searchbox', { name: 'Поиск' });
    expect(await screen.findByRole('region', { name: 'Смотрят сейчас' })).toBeInTheDocument();
    await user.type(input, 'ле');
    expect(calls.filter((call) => call.id === 'searchHint')).toHaveLength(0);
    await user.type(input, 'д');
    expect(await screen.findByRole('link', { name: 'Ледокол 2016' })).toHaveAttribute('href', '/movie/105/');
    await user.clear(input);
    await user.type(input, 'ъъъ');
    expect(await screen.findByText('По вашему запросу ничего не найдено.')).toBeInTheDocument();
  });

  it('goes back in history with the back button, or home with the query when there is none', async () => {
    const first = renderApp('/search?utm=1', { deviceKind: 'mobile' });
    await first.user.click(await screen.findByRole('button', { name: 'Назад' }));
    expect(first.where()).toBe('/?utm=1');
  });
});
