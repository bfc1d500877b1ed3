import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useTvSchedule } from '../features/schedule/use-tv-schedule';
import { HomeRoute } from '../routes/home/home-route';
import { SCREEN_QUERY, useScreenDataLoading } from '../shared/data/query-client';
import { catalogueHandlers } from '../testing/catalogue-fixtures';
import { apiError, createFakeServices, type FakeHandler, never } from '../testing/fake-services';
import { renderApp, renderWithApp } from '../testing/render-app';

const count = (calls: { id: string }[], id: string) => calls.filter((call) => call.id === id).length;

/** Shows whether a screen's data is loading, as a loading bar would read it. */
function LoadingProbe() {
  return <output aria-label="loading">{String(useScreenDataLoading())}</output>;
}

/** Reads a query whose answer never comes, marked as a screen's primary data or not. */
function PendingQuery({ name, screen }: { name: string; screen: boolean }) {
  useQuery({
    queryKey: ['pending', name],
    queryFn: () => new Promise(() => {}),
    meta: screen ? SCREEN_QUERY : undefined,
  });
  return null;
}

/** A secondary query loading, then — on «screen» — a screen's primary query beside it. */
function SecondaryThenScreen() {
  const [withScreen, setWithScreen] = useState(false);
  return (
    <>
      <LoadingProbe />
      <PendingQuery name="similar" screen={false} />
      {withScreen && <PendingQuery name="content" screen />}
      <button type="button" onClick={() => setWithScreen(true)}>
        screen
      </button>
    </>
  );
}

/** Shows the state of each day of a channel's week. */
function WeekProbe() {
  const { days } = useTvSchedule({ ekId: 31 }, 'Europe/Moscow');
  return (
    <ol aria-label="week">
      {days.map((day) => (
        <li key={day.date}>
          {day.items === null
            ? 'loading'
            : day.error
              ? `failed: ${(day.error as Error).message}`
              : day.items.length}
        </li>
      ))}
    </ol>
  );
}

describe('page data', () => {
  it('keeps a screen’s data between screens: home → TV → home asks for the home rails once', async () => {
    const { calls, router } = renderApp('/');
    await screen.findByRole('region', { name: 'Главное' });
    await act(() => router.navigate('/tv'));
    await screen.findByRole('heading', { level: 1, name: 'Телеканалы' });
    await act(() => router.navigate('/'));
    expect(screen.getByRole('region', { name: 'Главное' })).toBeInTheDocument();
    expect(calls.filter((call) => call.id === 'getCollections').map((call) => call.input)).toMatchObject([
      { query: { tab_id: 'Main2' } },
      { query: { tab_id: 'tv_channels_tab' } },
    ]);
  });

  it('asks once for data two parts of a screen read (the account menu and home share the profile)', async () => {
    const { calls } = renderApp('/account');
    await screen.findByRole('navigation', { name: 'Меню аккаунта' });
    // The menu may show before the session lets the profile be asked for (a loaded machine): wait for the
    // ask, let every reader of the screen settle, and count again.
    await vi.waitFor(() => expect(count(calls, 'getProfile')).toBe(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(count(calls, 'getProfile')).toBe(1);
  });

  it('shows a content card again at once from the cache and refreshes it behind (stale-while-revalidate)', async () => {
    const { calls, router } = renderApp('/movie/12/');
    const title = (await screen.findByRole('heading', { level: 1 })).textContent;
    await act(() => router.navigate('/'));
    await act(() => router.navigate('/movie/12/'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title ?? '');
    expect(count(calls, 'getContent')).toBe(2);
  });

  it('says a screen’s data is loading until it has arrived', async () => {
    let answer: (value: unknown) => void = () => {};
    const fake = createFakeServices({
      handlers: { getCollections: () => new Promise((resolve) => (answer = resolve)) },
    });
    renderWithApp(
      <>
        <LoadingProbe />
        <HomeRoute />
      </>,
      { fake },
    );
    const probe = screen.getByRole('status', { name: 'loading' });
    await waitFor(() => expect(probe).toHaveTextContent('true'));
    await act(async () => answer(catalogueHandlers().getCollections?.({ query: { tab_id: 'Main2' } })));
    await waitFor(() => expect(probe).toHaveTextContent('false'));
    expect(await screen.findByRole('region', { name: 'Главное' })).toBeInTheDocument();
  });

  it('counts only the queries marked as a screen’s primary data', async () => {
    const fake = createFakeServices();
    const { user } = renderWithApp(<SecondaryThenScreen />, { fake });
    const probe = screen.getByRole('status', { name: 'loading' });
    await waitFor(() => expect(fake.services.queryClient.isFetching()).toBe(1));
    expect(probe).toHaveTextContent('false');
    await user.click(screen.getByRole('button', { name: 'screen' }));
    await waitFor(() => expect(probe).toHaveTextContent('true'));
  });

  it('counts a query one of whose readers marks it as a screen’s, whichever reader rendered last', async () => {
    renderWithApp(
      <>
        <LoadingProbe />
        <PendingQuery name="rails" screen />
        <PendingQuery name="rails" screen={false} />
      </>,
    );
    await waitFor(() => expect(screen.getByRole('status', { name: 'loading' })).toHaveTextContent('true'));
  });

  it('keeps the loading signal quiet while a stale answer is refreshed behind the screen', async () => {
    const fake = createFakeServices();
    renderWithApp(
      <>
        <LoadingProbe />
        <HomeRoute />
      </>,
      { fake },
    );
    const probe = screen.getByRole('status', { name: 'loading' });
    await screen.findByRole('region', { name: 'Главное' });
    await waitFor(() => expect(probe).toHaveTextContent('false'));
    const before = count(fake.calls, 'getCollections');
    let refreshing = false;
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(probe.textContent ?? ''));
    observer.observe(probe, { childList: true, characterData: true, subtree: true });
    await act(async () => {
      refreshing = true;
      await fake.services.queryClient.refetchQueries();
    });
    observer.disconnect();
    expect(refreshing).toBe(true);
    expect(count(fake.calls, 'getCollections')).toBeGreaterThan(before);
    expect(seen).not.toContain('true');
  });

  it('loads the 7 days of a schedule in parallel, and a failed day keeps its error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fixture = catalogueHandlers().getTvSchedule as FakeHandler;
    let asked = 0;
    const fake = createFakeServices({
      handlers: {
        getTvSchedule: (input) => {
          asked += 1;
          if (asked === 3) throw apiError(503, 'unavailable');
          return asked === 7 ? never(input) : fixture(input);
        },
      },
    });
    renderWithApp(<WeekProbe />, { fake });
    expect(count(fake.calls, 'getTvSchedule')).toBe(7);
    const days = async () => (await screen.findAllByRole('listitem')).map((item) => item.textContent ?? '');
    await screen.findByText('failed: api error 503');
    const week = await days();
    expect(week).toHaveLength(7);
    expect(week[2]).toBe('failed: api error 503');
    expect(week[6]).toBe('loading');
    expect(week.filter((day) => /^\d+$/.test(day))).toHaveLength(5);
    vi.restoreAllMocks();
  });
});
