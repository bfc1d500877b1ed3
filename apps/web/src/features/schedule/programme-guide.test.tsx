import { scheduleDays, viewerTimeZone } from '@kadr/schedule-utils';
import type { ScheduleDay } from '@kadr/ui-kit';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServices } from '../../testing/fake-services';
import { renderApp } from '../../testing/render-app';
import { ACTIVE_DAY_THRESHOLD_PX, ProgrammeGuide } from './programme-guide';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

const day = (key: string, label: string, titles: string[]): ScheduleDay => ({
  key,
  label,
  entries: titles.map((title, index) => ({ id: `${key}-${index}`, time: `0${index}:00`, title })),
});

/** Yesterday and today of a channel with an archive (today's first line ended), and tomorrow. */
function archiveWeek(): ScheduleDay[] {
  return [
    {
      key: 'd0',
      label: 'Вчера',
      entries: [{ id: 'd0-0', time: '06:00', title: 'Утро', archived: true, playable: true }],
    },
    {
      key: 'd1',
      label: 'Сегодня',
      entries: [
        { id: 'd1-0', time: '06:00', title: 'Утро', archived: true, playable: true },
        { id: 'd1-1', time: '09:00', title: 'Новости', archived: true, playable: true },
        { id: 'd1-2', time: 'Сейчас', title: 'Кино', onAir: true, playable: true },
        { id: 'd1-3', time: '12:00', title: 'Спорт' },
      ],
    },
    { key: 'd2', label: 'Завтра', entries: [{ id: 'd2-0', time: '06:00', title: 'Утро' }] },
  ];
}

/**
 * The navigation state each new location arrived with: the channel page takes the guide's state once
 * and clears it, so reading the router's state afterwards races with it.
 */
function recordNavigationStates(router: ReturnType<typeof renderApp>['router']): unknown[] {
  const states: unknown[] = [];
  let key = router.state.location.key;
  router.subscribe(({ location }) => {
    if (location.key === key) return;
    key = location.key;
    states.push(location.state);
  });
  return states;
}

/** The lines a Tab would reach. */
const tabbableLines = () => [...document.querySelectorAll('[data-entry-id][tabindex="0"]')];

/** jsdom has no scrolling: records which line or section was asked to scroll into view. */
function setupScrolling() {
  const scrolled: string[] = [];
  Object.defineProperty(Element.prototype, 'scrollIntoView', {
    configurable: true,
    value(this: HTMLElement) {
      scrolled.push(this.dataset.entryId ?? this.id);
    },
  });
  return { scrolled };
}

function setup(days: ScheduleDay[]) {
  const user = userEvent.setup();
  const onBack = vi.fn();
  const { scrolled } = setupScrolling();
  render(<ProgrammeGuide channel="Кино ТВ" days={days} onBack={onBack} />);
  const tabs = () => within(screen.getByRole('navigation', { name: 'Дни' })).getAllByRole('button');
  return { user, onBack, scrolled, tabs };
}

describe('ProgrammeGuide', () => {
  it('names the channel, lists day tabs with today current, and leaves out days without programmes', () => {
    const { tabs } = setup([
      day('d0', 'Сегодня', ['Новости']),
      day('d1', 'Завтра', []),
      day('d2', '26 ноября', ['Кино']),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Телепрограмма: Кино ТВ' })).toBeInTheDocument();
    expect(tabs().map((tab) => tab.textContent)).toEqual(['Сегодня', '26 ноября']);
    expect(tabs()[0]).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByRole('region', { name: 'Завтра' })).not.toBeInTheDocument();
  });

  it('scrolls to a day when its tab is pressed and makes it current', async () => {
    const { user, scrolled, tabs } = setup([
      day('d0', 'Сегодня', ['Новости']),
      day('d1', 'Завтра', ['Кино']),
    ]);
    await user.click(screen.getByRole('button', { name: 'Завтра' }));
    expect(scrolled).toEqual(['guide-day-d1']);
    expect(tabs()[1]).toHaveAttribute('aria-current', 'true');
    expect(tabs()[0]).not.toHaveAttribute('aria-current');
  });

  it('moves the current tab to the day whose top has come within 100 px under the tabs', async () => {
    const { tabs } = setup([day('d0', 'Сегодня', ['Новости']), day('d1', 'Завтра', ['Кино'])]);
    const nav = screen.getByRole('navigation', { name: 'Дни' });
    const tomorrow = document.getElementById('guide-day-d1') as HTMLElement;
    vi.spyOn(nav, 'getBoundingClientRect').mockReturnValue({ bottom: 50 } as DOMRect);
    const top = vi.spyOn(tomorrow, 'getBoundingClientRect');
    const scrollTo = async (tomorrowTop: number) => {
      top.mockReturnValue({ top: tomorrowTop } as DOMRect);
      await act(async () => {
        window.dispatchEvent(new Event('scroll'));
        await new Promise((resolve) => requestAnimationFrame(resolve));
      });
    };
    await scrollTo(50 + ACTIVE_DAY_THRESHOLD_PX + 1);
    expect(tabs()[0]).toHaveAttribute('aria-current', 'true');
    await scrollTo(50 + ACTIVE_DAY_THRESHOLD_PX);
    expect(tabs()[1]).toHaveAttribute('aria-current', 'true');
  });

  it('announces loading, then says when nothing is published or the schedule failed', () => {
    const { unmount } = render(
      <ProgrammeGuide days={[{ key: 'd0', label: 'Сегодня', entries: null }]} onBack={() => {}} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Телепрограмма' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Загружаем программу…');
    unmount();
    const { unmount: again } = render(<ProgrammeGuide days={[day('d0', 'Сегодня', [])]} onBack={() => {}} />);
    expect(screen.getByText('Программа передач пока не опубликована.')).toBeInTheDocument();
    again();
    render(
      <ProgrammeGuide
        days={[{ key: 'd0', label: 'Сегодня', entries: [], failed: true }]}
        onBack={() => {}}
      />,
    );
    expect(screen.getByText('Не удалось загрузить программу. Попробуйте позже.')).toBeInTheDocument();
  });

  it('shows the days and names the channel only once every day has answered', () => {
    const loaded = [day('d0', 'Сегодня', ['Новости']), day('d1', 'Завтра', ['Кино'])];
    const { rerender } = render(
      <ProgrammeGuide
        channel="Кино ТВ"
        days={[loaded[0] as ScheduleDay, { key: 'd1', label: 'Завтра', entries: null }]}
        onBack={() => {}}
      />,
    );
    // Today has answered, tomorrow has not: the skeleton stays, the days would push each other in.
    expect(screen.getByRole('status')).toHaveTextContent('Загружаем программу…');
    expect(screen.queryByRole('navigation', { name: 'Дни' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Сегодня' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Телепрограмма' })).toBeInTheDocument();
    rerender(<ProgrammeGuide channel="Кино ТВ" days={loaded} onBack={() => {}} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getAllByRole('region').map((region) => region.id)).toEqual([
      'guide-day-d0',
      'guide-day-d1',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Телепрограмма: Кино ТВ' })).toBeInTheDocument();
  });

  it('marks the archive’s programmes and plays a playable line when pressed', async () => {
    const onPlay = vi.fn();
    const user = userEvent.setup();
    render(<ProgrammeGuide days={archiveWeek()} onPlay={onPlay} onBack={() => {}} />);
    const yesterday = screen.getByRole('region', { name: 'Вчера' });
    expect((await within(yesterday).findAllByRole('listitem'))[0]).toHaveTextContent('06:00 Утро В записи');
    await user.click(screen.getByRole('button', { name: 'Смотреть: 09:00 Новости В записи' }));
    expect(onPlay).toHaveBeenCalledWith(expect.objectContaining({ id: 'd1-1', archived: true }));
  });

  it('moves through the playable programmes with ↑↓ and through days with ←→; Enter plays, only one line is tabbable', async () => {
    const onPlay = vi.fn();
    const user = userEvent.setup();
    render(<ProgrammeGuide days={archiveWeek()} onPlay={onPlay} onBack={() => {}} />);
    const onAir = screen.getByRole('button', { name: 'Смотреть: Сейчас Кино' });
    // The tab order enters the guide on the programme on air.
    expect(tabbableLines()).toEqual([onAir]);
    onAir.focus();
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toHaveAccessibleName('Смотреть: 09:00 Новости В записи');
    expect(tabbableLines()).toEqual([document.activeElement]);
    await user.keyboard('{Enter}');
    expect(onPlay).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'd1-1', title: 'Новости' }));
    await user.keyboard('{ArrowLeft}');
    // Back a day: yesterday's first line (it has no programme on air).
    expect(document.activeElement).toHaveTextContent('06:00 Утро В записи');
    expect(document.activeElement?.closest('section')).toHaveAccessibleName('Вчера');
    expect(screen.getByRole('button', { name: 'Вчера' })).toHaveAttribute('aria-current', 'true');
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    // Nothing before the first day or line: the focus stays.
    expect(document.activeElement?.closest('section')).toHaveAccessibleName('Вчера');
    await user.keyboard('{ArrowRight}');
    // On a day, a day's programme on air first.
    expect(document.activeElement).toBe(onAir);
  });

  it('leaves programmes to come as text: the arrows stop at the last playable line and scroll the page', async () => {
    const user = userEvent.setup();
    render(<ProgrammeGuide days={archiveWeek()} onPlay={() => {}} onBack={() => {}} />);
    expect(screen.getByText('Спорт').closest('[tabindex]')).toBeNull();
    const onAir = screen.getByRole('button', { name: 'Смотреть: Сейчас Кино' });
    onAir.focus();
    // Not prevented: the browser scrolls on to the programmes to come.
    expect(fireEvent.keyDown(onAir, { key: 'ArrowDown' })).toBe(true);
    expect(fireEvent.keyDown(onAir, { key: 'ArrowRight' })).toBe(true);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(onAir);
  });

  it('understands the arrow keys of TV remotes that name them Up, Down, Left and Right', async () => {
    const user = userEvent.setup();
    render(<ProgrammeGuide days={archiveWeek()} onPlay={() => {}} onBack={() => {}} />);
    screen.getByRole('button', { name: 'Смотреть: Сейчас Кино' }).focus();
    await user.keyboard('{Up}');
    expect(document.activeElement).toHaveTextContent('09:00 Новости В записи');
    await user.keyboard('{Left}');
    expect(document.activeElement).toHaveTextContent('06:00 Утро В записи');
    await user.keyboard('{Right}{Down}');
    expect(document.activeElement).toHaveAccessibleName('Смотреть: Сейчас Кино');
  });

  it('opens on the programme on air when the archive comes before it, focused on a TV', () => {
    const { scrolled } = setupScrolling();
    render(<ProgrammeGuide days={archiveWeek()} onPlay={() => {}} autoFocus onBack={() => {}} />);
    expect(document.activeElement).toHaveAccessibleName('Смотреть: Сейчас Кино');
    expect(scrolled).toEqual(['d1-2']);
    expect(screen.getByRole('button', { name: 'Сегодня' })).toHaveAttribute('aria-current', 'true');
  });

  it('renders the day it opens on at once and the other days after it, each keeping its lines’ height', async () => {
    render(<ProgrammeGuide days={archiveWeek()} onPlay={() => {}} onBack={() => {}} />);
    const lines = (name: string) => within(screen.getByRole('region', { name })).queryAllByRole('listitem');
    expect(lines('Сегодня')).toHaveLength(4);
    // Yesterday and tomorrow: their headings and tabs, and a blank as tall as their lines, for now.
    expect(lines('Вчера')).toEqual([]);
    expect(lines('Завтра')).toEqual([]);
    expect(document.querySelector('[data-pending-day="d2"]')).toBeInTheDocument();
    // The day's section knows how many lines it has, for the blank's height and its own while off screen.
    expect(screen.getByRole('region', { name: 'Завтра' })).toHaveStyle({ '--guide-lines': '1' });
    expect(screen.getAllByRole('button', { name: /^(Вчера|Сегодня|Завтра)$/ })).toHaveLength(3);
    await vi.waitFor(() => expect(lines('Вчера')).toHaveLength(1));
    expect(lines('Завтра')).toHaveLength(1);
    expect(document.querySelector('[data-pending-day]')).toBeNull();
  });

  it('renders a day a tab or an arrow key goes to at once, before its turn', () => {
    const { scrolled } = setupScrolling();
    const dayBefore: ScheduleDay = {
      key: 'dm1',
      label: '25 ноября',
      entries: [
        { id: 'dm1-0', time: '05:00', title: 'Ночной эфир', archived: true, playable: true },
        { id: 'dm1-1', time: '06:00', title: 'Утро', archived: true, playable: true },
      ],
    };
    render(<ProgrammeGuide days={[dayBefore, ...archiveWeek()]} onPlay={() => {}} onBack={() => {}} />);
    // No idle moment has come yet (the events are dispatched synchronously): only today has lines.
    expect(document.querySelectorAll('[data-pending-day]')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Завтра' }));
    expect(within(screen.getByRole('region', { name: 'Завтра' })).getAllByRole('listitem')).toHaveLength(1);
    expect(scrolled).toContain('guide-day-d2');
    // ↑ from today's first line goes on into yesterday, not yet rendered.
    const todayFirst = within(screen.getByRole('region', { name: 'Сегодня' })).getByRole('button', {
      name: 'Смотреть: 06:00 Утро В записи',
    });
    todayFirst.focus();
    fireEvent.keyDown(todayFirst, { key: 'ArrowUp' });
    expect(document.activeElement).toHaveAccessibleName('Смотреть: 06:00 Утро В записи');
    expect(document.activeElement?.closest('section')).toHaveAccessibleName('Вчера');
    // ← from yesterday goes to the day before it, not yet rendered either: its first line.
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toHaveAccessibleName('Смотреть: 05:00 Ночной эфир В записи');
    expect(document.activeElement?.closest('section')).toHaveAccessibleName('25 ноября');
    expect(document.querySelectorAll('[data-pending-day]')).toHaveLength(0);
  });

  it('goes back with the back button', async () => {
    const { user, onBack } = setup([day('d0', 'Сегодня', ['Новости'])]);
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(onBack).toHaveBeenCalledOnce();
  });
});

describe('guide routes', () => {
  it('/movie/{EK_id}/tv_guide starts today at the programme on air, shown as Сейчас', async () => {
    const [today] = scheduleDays(Date.now(), viewerTimeZone(), 1);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((today?.startsAt ?? 0) + 10.5 * 3_600_000);
    const { calls } = renderApp('/movie/31/tv_guide', { deviceKind: 'mobile' });
    const todaySection = await screen.findByRole('region', { name: 'Сегодня' });
    const lines = within(todaySection).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Сейчас Дневные новости');
    expect(lines[1]).toHaveTextContent('12:00 Сериал «Северный ветер»');
    // Tomorrow is whole, from midnight.
    const tomorrow = screen.getByRole('region', { name: 'Завтра' });
    expect((await within(tomorrow).findAllByRole('listitem'))[0]).toHaveTextContent('00:00 Ночной эфир');
    expect(calls.filter((call) => call.id === 'getTvSchedule')).toHaveLength(7);
  });

  it('/tv/{tv_channel_id}/tv_guide asks by stream_id', async () => {
    const { calls } = renderApp('/tv/2/tv_guide', { deviceKind: 'mobile' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Телепрограмма: Кино ТВ' }),
    ).toBeInTheDocument();
    const call = calls.find((recorded) => recorded.id === 'getTvSchedule');
    expect((call?.input as { body: object } | undefined)?.body).toEqual({
      tv_schedule_day_start_utc0: expect.any(String),
      stream_id: 2,
    });
  });

  it('starts another channel’s week on the day it is opened, not on the day the guide first opened', async () => {
    const [today] = scheduleDays(Date.now(), viewerTimeZone(), 1);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((today?.startsAt ?? 0) + 23.5 * 3_600_000);
    const { calls, router } = renderApp('/tv/2/tv_guide', { deviceKind: 'mobile' });
    await screen.findByRole('heading', { level: 1, name: 'Телепрограмма: Кино ТВ' });
    const firstDay = (streamId: number) =>
      calls
        .filter((call) => call.id === 'getTvSchedule')
        .map(
          (call) => (call.input as { body: { stream_id?: number; tv_schedule_day_start_utc0: string } }).body,
        )
        .filter((body) => body.stream_id === streamId)
        // The week is asked for first, today on; the archive's days before it come after an answer.
        .map((body) => body.tv_schedule_day_start_utc0)[0];
    const [, tomorrow] = scheduleDays(Date.now(), viewerTimeZone(), 2);
    // Past midnight, the viewer goes to another channel's guide.
    vi.setSystemTime((today?.startsAt ?? 0) + 24.5 * 3_600_000);
    await act(() => router.navigate('/tv/8/tv_guide'));
    await vi.waitFor(() => expect(firstDay(8)).toBeDefined());
    expect(firstDay(2)).not.toBe(firstDay(8));
    expect(new Date(firstDay(8) ?? '').getTime()).toBe(tomorrow?.startsAt);
  });

  it('/tv/{id}/tv_guide shows the channel’s archive and opens the channel page playing a programme', async () => {
    const [today] = scheduleDays(Date.now(), viewerTimeZone(), 1);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((today?.startsAt ?? 0) + 10.5 * 3_600_000);
    const { calls, user, router, where } = renderApp('/tv/2/tv_guide?utm=1', { deviceKind: 'mobile' });
    const todaySection = await screen.findByRole('region', { name: 'Сегодня' });
    // Today plus 6, then the archive's three days before today once an answer named them.
    expect(calls.filter((call) => call.id === 'getTvSchedule')).toHaveLength(10);
    const days = within(screen.getByRole('navigation', { name: 'Дни' })).getAllByRole('button');
    expect(days.slice(0, 4).map((day) => day.textContent)).toEqual([
      expect.any(String),
      expect.any(String),
      'Вчера',
      'Сегодня',
    ]);
    const lines = within(todaySection).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('00:00 Ночной эфир В записи');
    expect(lines[5]).toHaveTextContent('Сейчас Дневные новости');
    expect(lines[6]).not.toHaveTextContent('В записи');
    const states = recordNavigationStates(router);
    await user.click(
      within(todaySection).getByRole('button', { name: 'Смотреть: 08:00 Кино до обеда В записи' }),
    );
    await vi.waitFor(() => expect(where()).toBe('/tv/2/?utm=1'));
    expect(states[0]).toEqual({
      play: { kind: 'archive', start: new Date((today?.startsAt ?? 0) + 8 * 3_600_000).toISOString() },
    });
  });

  it('plays the programme on air live from the guide, and marks nothing on a channel without an archive', async () => {
    const { user, router } = renderApp('/tv/4/tv_guide', { deviceKind: 'mobile' });
    const todaySection = await screen.findByRole('region', { name: 'Сегодня' });
    expect(screen.queryByText('В записи')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Вчера' })).not.toBeInTheDocument();
    const states = recordNavigationStates(router);
    await user.click(within(todaySection).getByRole('button', { name: /^Смотреть: Сейчас/ }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/tv/4/'));
    expect(states[0]).toEqual({ play: { kind: 'live' } });
  });

  it('says the schedule failed for content that is not a channel', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/movie/12/tv_guide', { deviceKind: 'mobile', fake: createFakeServices() });
    expect(await screen.findByText('Не удалось загрузить программу. Попробуйте позже.')).toBeInTheDocument();
  });
});
