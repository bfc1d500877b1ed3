import { scheduleDays, viewerTimeZone } from '@kadr/schedule-utils';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Content } from '../../shared/catalogue-types';
import { useMovieStatusStore } from '../../shared/stores/movie-status-store';
import {
  channelContent,
  fakeScheduleDay,
  filmContent,
  goods,
  seasonId,
  seriesContent,
  seriesSeasons,
} from '../../testing/catalogue-fixtures';
import {
  apiError,
  createFakeServices,
  type FakeHandler,
  type FakeHandlers,
} from '../../testing/fake-services';
import { renderApp } from '../../testing/render-app';
import { ERROR_MODAL_DELAY_MS } from './use-movie';

// The real engine (video.js + hls.js) needs a browser: the card's tests play through a fake controller.
vi.mock('../player/videojs-engine', async () => {
  const { createFakeEngine } = await import('../player/fake-controller');
  return { videoJsEngine: createFakeEngine() };
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The app at `path` with getContent answering `content` (or `handler`). */
function setup(
  path: string,
  options: {
    content?: Content;
    getContent?: FakeHandler;
    mobile?: boolean;
    handlers?: FakeHandlers;
  } = {},
) {
  const fake = createFakeServices({
    handlers: {
      ...(options.content ? { getContent: () => options.content } : {}),
      ...(options.getContent ? { getContent: options.getContent } : {}),
      ...options.handlers,
    },
  });
  return renderApp(path, { fake, deviceKind: options.mobile ? 'mobile' : 'desktop' });
}

const facts = () => screen.getByRole('list', { name: 'О фильме' });

describe('content card', () => {
  it('shows the title, floored rating, year, genre and age with a plus', async () => {
    setup('/movie/12/', { content: filmContent({ kp_rating: 7.89, age_rating: 16 }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Тихий дом' })).toBeInTheDocument();
    expect(within(facts()).getByText('7,8')).toBeInTheDocument();
    expect(within(facts()).getByText('2023')).toBeInTheDocument();
    expect(within(facts()).getByText('Драма')).toBeInTheDocument();
    expect(within(facts()).getByText('16+')).toBeInTheDocument();
  });

  it('hides a rating of 0 and an age of 0', async () => {
    setup('/movie/12/', { content: filmContent({ kp_rating: 0, age_rating: 0 }) });
    await screen.findByRole('heading', { level: 1, name: 'Тихий дом' });
    expect(
      within(facts())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2023', 'Драма']);
  });

  it('shows the country on mobile only', async () => {
    setup('/movie/12/', { content: filmContent({ country: 'Франция' }) });
    await screen.findByRole('heading', { level: 1, name: 'Тихий дом' });
    expect(screen.queryByText('Франция')).not.toBeInTheDocument();
    cleanup();
    setup('/movie/12/', { content: filmContent({ country: 'Франция' }), mobile: true });
    expect(await screen.findByText('Франция')).toBeInTheDocument();
  });

  it('names the content by its logotype when it has one', async () => {
    setup('/movie/9/');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Северный ветер' });
    expect(within(heading).getByRole('img', { name: 'Северный ветер' })).toBeInTheDocument();
  });

  it('shows the partner label', async () => {
    setup('/movie/9/');
    expect(await screen.findByText('Оригинальный сериал Кадра')).toBeInTheDocument();
  });

  it('has Трейлер only when there is a trailer episode', async () => {
    setup('/movie/12/', { content: filmContent() });
    expect(await screen.findByRole('button', { name: 'Трейлер' })).toBeInTheDocument();
    cleanup();
    setup('/movie/12/', { content: filmContent({ trailer_episode: null }) });
    await screen.findByRole('heading', { level: 1, name: 'Тихий дом' });
    expect(screen.queryByRole('button', { name: 'Трейлер' })).not.toBeInTheDocument();
  });

  it('opens the player block with Смотреть and Трейлер, and closes it', async () => {
    const { user } = setup('/movie/12/');
    await user.click(await screen.findByRole('button', { name: 'Смотреть' }));
    const player = screen.getByRole('region', { name: 'Плеер' });
    expect(player).toHaveFocus();
    expect(await within(player).findByRole('timer')).toHaveTextContent('Бесплатный просмотр: 0:14');
    await user.click(screen.getByRole('button', { name: 'Трейлер' }));
    expect(await screen.findByRole('toolbar', { name: 'Управление плеером' })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Закрыть плеер' }));
    expect(screen.queryByRole('region', { name: 'Плеер' })).not.toBeInTheDocument();
  });

  it('collapses a long description on mobile behind Подробнее', async () => {
    const { user } = setup('/movie/12/', { mobile: true });
    const more = await screen.findByRole('button', { name: 'Подробнее' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(screen.getByRole('button', { name: 'Свернуть' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the whole description on desktop', async () => {
    setup('/movie/12/');
    await screen.findByRole('heading', { level: 1, name: 'Тихий дом' });
    expect(screen.queryByRole('button', { name: 'Подробнее' })).not.toBeInTheDocument();
  });

  it('lists «Похожие фильмы» from the similar call (page 0, 30), linking with the query', async () => {
    const { calls } = setup('/movie/12/?utm=1');
    const rail = await screen.findByRole('region', { name: 'Похожие фильмы' });
    expect(within(rail).getAllByRole('link')[0]).toHaveAttribute('href', '/movie/106/?utm=1');
    expect(calls.find((call) => call.id === 'getSimilar')?.input).toEqual({
      params: { id: 12 },
      query: { page_number: 0, limit: 30 },
    });
  });

  it('falls back to the content’s own similar list when the similar call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setup('/movie/12/', {
      handlers: {
        getSimilar: () => {
          throw apiError(500);
        },
      },
    });
    const rail = await screen.findByRole('region', { name: 'Похожие фильмы' });
    expect(within(rail).getAllByRole('link')).toHaveLength(6);
  });

  it('keeps the similar rail’s place while it loads when the content carries similar items of its own', async () => {
    const pending = () => new Promise<never>(() => {});
    setup('/movie/12/', { handlers: { getSimilar: pending } });
    await screen.findByRole('heading', { level: 1, name: 'Тихий дом' });
    // A placeholder of the rail's height, hidden from assistive technology until its cards come.
    expect(screen.queryByRole('region', { name: 'Похожие фильмы' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Похожие фильмы', hidden: true })).toBeInTheDocument();
    cleanup();
    setup('/movie/31/', { content: channelContent(), handlers: { getSimilar: pending } });
    await screen.findByRole('heading', { level: 1, name: channelContent().EK_title });
    expect(screen.queryByRole('region', { name: 'Похожие фильмы', hidden: true })).not.toBeInTheDocument();
  });

  it('has a back button on mobile that goes home with the query when there is no history', async () => {
    const { user, where } = setup('/movie/12/?utm=1', { mobile: true });
    await user.click(await screen.findByRole('button', { name: 'Назад' }));
    await vi.waitFor(() => expect(where()).toBe('/?utm=1'));
  });
});

describe('seasons and episodes', () => {
  it('shows season tabs «Сезон N» with the carried season selected and its episodes', async () => {
    setup('/movie/9/');
    const tabs = await screen.findByRole('tablist', { name: 'Сезоны' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Сезон 1', 'Сезон 2', 'Сезон 3']);
    expect(within(tabs).getByRole('tab', { name: 'Сезон 1' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Сезон 1' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(8);
    expect(within(panel).getByRole('link', { name: /Серия 1: Пилот$/ })).toHaveAttribute(
      'href',
      '/movie/9/101/',
    );
  });

  it('loads a season’s episodes when its tab is picked', async () => {
    const { user, calls } = setup('/movie/9/');
    await user.click(await screen.findByRole('tab', { name: 'Сезон 2' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Сезон 2' });
    await within(panel).findByRole('link', { name: /Серия 6: Обрыв$/ });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(6);
    expect(calls.filter((call) => call.id === 'getSeasonEpisodes').map((call) => call.input)).toEqual([
      { params: { season_id: seasonId(2) }, query: { EK_id: 9 } },
    ]);
  });

  it('does not load a season twice', async () => {
    const { user, calls } = setup('/movie/9/');
    await user.click(await screen.findByRole('tab', { name: 'Сезон 2' }));
    await screen.findByRole('link', { name: /Серия 6: Обрыв$/ });
    await user.click(screen.getByRole('tab', { name: 'Сезон 1' }));
    await user.click(screen.getByRole('tab', { name: 'Сезон 2' }));
    expect(calls.filter((call) => call.id === 'getSeasonEpisodes')).toHaveLength(1);
  });

  it('marks the announced episode «Скоро» without a link', async () => {
    const { user } = setup('/movie/9/');
    await user.click(await screen.findByRole('tab', { name: 'Сезон 3' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Сезон 3' });
    await within(panel).findByText('Серия 5: Чужие');
    expect(within(panel).queryByRole('link', { name: /Серия 5: Чужие$/ })).not.toBeInTheDocument();
    expect(within(panel).getByText('Скоро')).toBeInTheDocument();
  });

  it('opens at the season of the episode in the address, marking it current', async () => {
    const { calls } = setup('/movie/9/203/');
    const panel = await screen.findByRole('tabpanel', { name: 'Сезон 2' });
    expect(await within(panel).findByRole('link', { name: /Серия 3: Старый мост$/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(calls.find((call) => call.id === 'getSeasonByEpisodeId')?.input).toEqual({ body: { EP_id: 203 } });
  });

  it('offers a retry when a season cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { user } = setup('/movie/9/', {
      handlers: {
        getSeasonEpisodes: () => {
          if (fail) throw apiError(500);
          return { season_id: seasonId(2), season_number: 2, episodes: seriesSeasons[2] };
        },
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Сезон 2' }));
    expect(await screen.findByText('Не удалось загрузить серии.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('link', { name: /Серия 6: Обрыв$/ })).toBeInTheDocument();
  });
});

describe('?series=last', () => {
  it('opens the last non-announce episode of the last season, keeping the rest of the query', async () => {
    const { where, calls } = setup('/movie/9/?series=last&utm=1');
    await vi.waitFor(() => expect(where()).toBe('/movie/9/304/?utm=1'));
    expect(calls.filter((call) => call.id === 'getSeasonEpisodes').map((call) => call.input)).toContainEqual({
      params: { season_id: seasonId(3) },
      query: { EK_id: 9 },
    });
    const panel = await screen.findByRole('tabpanel', { name: 'Сезон 3' });
    expect(await within(panel).findByRole('link', { name: /Серия 4: Письмо$/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('uses the carried episodes when the last season is the one carried', async () => {
    const content = seriesContent({
      seasons: [{ season_id: seasonId(1), season_number: 1 }],
    });
    const { where, calls } = setup('/movie/9/?series=last', { content });
    await vi.waitFor(() => expect(where()).toBe('/movie/9/108/'));
    expect(calls.filter((call) => call.id === 'getSeasonEpisodes')).toHaveLength(0);
  });

  it('goes to /movie/{EK_id}/ when there are no episodes', async () => {
    const { where } = setup('/movie/12/?series=last', { content: filmContent() });
    await vi.waitFor(() => expect(where()).toBe('/movie/12/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Тихий дом' })).toBeInTheDocument();
  });
});

describe('channel-type content', () => {
  it('links Телепрограмма to the relative tv_guide route on mobile', async () => {
    setup('/movie/31/?utm=1', { mobile: true });
    expect(await screen.findByRole('link', { name: 'Телепрограмма' })).toHaveAttribute(
      'href',
      '/movie/31/tv_guide?utm=1',
    );
    expect(screen.queryByRole('heading', { name: 'Телепрограмма на неделю' })).not.toBeInTheDocument();
  });

  it('shows the week schedule on desktop: a card per day from today, the programme on air first', async () => {
    // 10:30 on the viewer's clock: the fake channel's 10:00–12:00 programme is on air.
    const [today] = scheduleDays(Date.now(), viewerTimeZone(), 1);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((today?.startsAt ?? 0) + 10.5 * 3_600_000);
    const { calls } = setup('/movie/31/');
    expect(await screen.findByRole('heading', { name: 'Телепрограмма на неделю' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Телепрограмма' })).not.toBeInTheDocument();
    const todayCard = await screen.findByRole('region', { name: 'Сегодня' });
    await within(todayCard).findByText('Дневные новости');
    const lines = within(todayCard).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Сейчас Дневные новости',
      '12:00 Сериал «Северный ветер»',
      '14:00 Спорт',
    ]);
    expect(screen.getByRole('region', { name: 'Завтра' })).toBeInTheDocument();
    // One call per day, today plus six, for this content item with the viewer's region.
    const scheduleCalls = calls.filter((call) => call.id === 'getTvSchedule');
    expect(scheduleCalls).toHaveLength(7);
    const body = (scheduleCalls[0]?.input as { body: Record<string, unknown> } | undefined)?.body ?? {};
    expect(body).toMatchObject({ EK_id: 31, tv_schedule_day_start_utc0: today?.dayStart });
    expect(JSON.parse(String(body.region_info))).toMatchObject({ timezone: viewerTimeZone() });
  });

  it('keeps the other days when one day of the schedule fails', async () => {
    let failed = false;
    const getTvSchedule: FakeHandler = (input) => {
      const day = String(
        (input as { body: { tv_schedule_day_start_utc0: string } }).body.tv_schedule_day_start_utc0,
      );
      if (!failed) {
        failed = true;
        throw apiError(500, 'internal');
      }
      return { items: fakeScheduleDay(day) };
    };
    setup('/movie/31/', { handlers: { getTvSchedule } });
    const todayCard = await screen.findByRole('region', { name: 'Сегодня' });
    expect(await within(todayCard).findByText('Не удалось загрузить программу')).toBeInTheDocument();
    const tomorrow = screen.getByRole('region', { name: 'Завтра' });
    expect(await within(tomorrow).findByText('Ночной эфир')).toBeInTheDocument();
  });

  it('has no seasons and no Трейлер', async () => {
    setup('/movie/31/', { content: channelContent() });
    await screen.findByRole('heading', { level: 1, name: 'Кино ТВ' });
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Трейлер' })).not.toBeInTheDocument();
  });
});

describe('load status and the error modal', () => {
  const errorModal = () => screen.queryByRole('alertdialog', { name: 'Что-то пошло не так :(' });

  it('is success once the content is loaded, and initial again after leaving', async () => {
    const { user } = setup('/movie/12/');
    await screen.findByRole('heading', { level: 1, name: 'Тихий дом' });
    expect(useMovieStatusStore.getState().status).toBe('success');
    await user.click(screen.getByRole('link', { name: 'Каталог' }));
    await screen.findByRole('region', { name: 'Главное' });
    expect(useMovieStatusStore.getState().status).toBe('initial');
  });

  it('shows the error modal 1 s after code 900 and reports the nocontent goal', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { goals } = setup('/movie/404/?utm=1');
    await vi.waitFor(() => expect(useMovieStatusStore.getState().status).toBe('error'));
    expect(goals).toEqual([{ goal: 'nocontent', params: { EK_id: 404 } }]);
    // The fake clock also advances with real time (shouldAdvanceTime), and a loaded machine can spend a few
    // hundred ms between the error and this line: half the delay is the margin that holds there.
    await act(() => vi.advanceTimersByTimeAsync(ERROR_MODAL_DELAY_MS / 2));
    expect(errorModal()).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(ERROR_MODAL_DELAY_MS / 2 + 50));
    // The modal's code loads when the load fails: on a loaded machine it may land after the delay.
    await vi.waitFor(() => expect(errorModal()).toBeInTheDocument());
    expect(errorModal()).toHaveAccessibleDescription('Вернитесь на «Главную»');
    expect(screen.getByRole('link', { name: 'Главная страница' })).toHaveAttribute('href', '/?utm=1');
  });

  it('treats content without goods.vendor_id as missing: error modal after 1 s and the goal', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { goals } = setup('/movie/12/', { content: filmContent({ goods: goods({ vendor_id: null }) }) });
    await vi.waitFor(() => expect(useMovieStatusStore.getState().status).toBe('error'));
    expect(goals).toEqual([{ goal: 'nocontent', params: { EK_id: 12 } }]);
    expect(screen.queryByRole('heading', { level: 1, name: 'Тихий дом' })).not.toBeInTheDocument();
    expect(errorModal()).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(ERROR_MODAL_DELAY_MS + 50));
    // The modal's code loads when the load fails: on a loaded machine it may land after the delay.
    await vi.waitFor(() => expect(errorModal()).toBeInTheDocument());
  });

  it('shows the modal for other failures too, without the nocontent goal', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { goals } = setup('/movie/12/', {
      getContent: () => {
        throw apiError(500, 'internal');
      },
    });
    await vi.waitFor(() => expect(useMovieStatusStore.getState().status).toBe('error'));
    await act(() => vi.advanceTimersByTimeAsync(ERROR_MODAL_DELAY_MS + 50));
    // The modal's code loads when the load fails: on a loaded machine it may land after the delay.
    await vi.waitFor(() => expect(errorModal()).toBeInTheDocument());
    expect(goals).toEqual([]);
  });

  it('takes the visitor home from the error modal', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, where } = setup('/movie/404/?utm=1');
    await vi.waitFor(() => expect(useMovieStatusStore.getState().status).toBe('error'));
    await act(() => vi.advanceTimersByTimeAsync(ERROR_MODAL_DELAY_MS + 50));
    await user.click(await screen.findByRole('link', { name: 'Главная страница' }));
    await vi.waitFor(() => expect(where()).toBe('/?utm=1'));
    // The address changes first; the modal leaves when the card unmounts, a render later (under load the
    // two can fall in different frames).
    await vi.waitFor(() => expect(errorModal()).not.toBeInTheDocument());
  });
});
