import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  type ScheduleDay,
  ScheduleDayCard,
  type ScheduleEntry,
  ScheduleList,
  ScheduleListSkeleton,
  WeekSchedule,
} from './schedule.js';

const entries = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: String(index),
    time: `${String(6 + index).padStart(2, '0')}:00`,
    title: `Передача ${index + 1}`,
  }));

function setup(day: Partial<ScheduleDay> = {}) {
  const user = userEvent.setup();
  render(<ScheduleDayCard day={{ key: 'd', label: 'Сегодня', entries: entries(5), ...day }} />);
  const card = screen.getByRole('region', { name: 'Сегодня' });
  return { user, card };
}

describe('ScheduleDayCard', () => {
  it('shows three programmes while collapsed and all of them when expanded, then collapses again', async () => {
    const { user, card } = setup();
    expect(within(card).getAllByRole('listitem')).toHaveLength(3);
    const toggle = within(card).getByRole('button', { name: 'Вся программа (5)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(card).getAllByRole('listitem')).toHaveLength(5);
    expect(within(card).getByRole('button', { name: 'Свернуть' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(card).getByRole('button', { name: 'Свернуть' }));
    expect(within(card).getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows each programme’s time and title, and no toggle for three or fewer', () => {
    const { card } = setup({ entries: [{ id: 'a', time: 'Сейчас', title: 'Новости', onAir: true }] });
    expect(within(card).getByRole('listitem')).toHaveTextContent('Сейчас Новости');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('opens collapsed on the programme on air, earlier lines (the archive) behind the toggle', async () => {
    const day = entries(6).map((entry, index) => ({ ...entry, onAir: index === 2 }));
    const { user, card } = setup({ entries: day });
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['08:00 Передача 3', '09:00 Передача 4', '10:00 Передача 5']);
    await user.click(within(card).getByRole('button', { name: 'Вся программа (6)' }));
    expect(within(card).getAllByRole('listitem')).toHaveLength(6);
  });

  it('keeps three lines when the programme on air is among the last', () => {
    const day = entries(5).map((entry, index) => ({ ...entry, onAir: index === 4 }));
    const { card } = setup({ entries: day });
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['08:00 Передача 3', '09:00 Передача 4', '10:00 Передача 5']);
  });

  it('announces loading, and says a day is empty or failed', () => {
    const { unmount } = render(<ScheduleDayCard day={{ key: 'l', label: 'Сегодня', entries: null }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Загружаем программу…');
    unmount();
    render(<ScheduleDayCard day={{ key: 'e', label: 'Завтра', entries: [] }} />);
    expect(screen.getByText('Передач нет')).toBeInTheDocument();
    render(<ScheduleDayCard day={{ key: 'f', label: '26 ноября', entries: [], failed: true }} />);
    expect(screen.getByText('Не удалось загрузить программу')).toBeInTheDocument();
  });
});

describe('WeekSchedule', () => {
  it('renders a card per day, each named by its label', () => {
    render(
      <WeekSchedule
        days={['Сегодня', 'Завтра', '26 ноября'].map((label) => ({ key: label, label, entries: entries(2) }))}
      />,
    );
    expect(
      screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby')),
    ).toHaveLength(3);
    expect(screen.getByRole('heading', { name: '26 ноября' })).toBeInTheDocument();
  });
});

describe('ScheduleListSkeleton', () => {
  it('lays out the lines it is asked for, hidden from assistive technology', () => {
    const { container } = render(<ScheduleListSkeleton rows={4} />);
    const list = container.querySelector('ul');
    expect(list).toHaveAttribute('aria-hidden', 'true');
    expect(list?.querySelectorAll('li')).toHaveLength(4);
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('ScheduleList', () => {
  const archive: ScheduleEntry[] = [
    { id: 'a', time: '06:00', title: 'Утро', archived: true, playable: true },
    { id: 'b', time: 'Сейчас', title: 'Новости', onAir: true, playable: true },
    { id: 'c', time: '09:00', title: 'Кино' },
  ];

  it('marks programmes of the archive «В записи» and makes playable lines buttons that play them', async () => {
    const user = userEvent.setup();
    const onPlay = vi.fn();
    render(<ScheduleList entries={archive} onPlay={onPlay} />);
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('06:00 Утро В записи');
    await user.click(screen.getByRole('button', { name: 'Смотреть: 06:00 Утро В записи' }));
    await user.click(screen.getByRole('button', { name: 'Смотреть: Сейчас Новости' }));
    expect(onPlay.mock.calls.map(([entry]) => entry.id)).toEqual(['a', 'b']);
    // A programme still to come plays nothing.
    expect(screen.getAllByRole('button')).toHaveLength(2);
  });

  it('has no buttons without onPlay', () => {
    render(<ScheduleList entries={archive} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('06:00 Утро В записи');
  });

  it('makes only the playable lines focusable, one in the tab order, when a roving focus is asked for', () => {
    const { container, rerender } = render(
      <ScheduleList entries={archive} onPlay={() => {}} tabbableId="b" />,
    );
    const tabIndexes = () =>
      [...container.querySelectorAll('[data-entry-id]')].map((line) => [
        line.getAttribute('data-entry-id'),
        line.getAttribute('tabindex'),
      ]);
    expect(tabIndexes()).toEqual([
      ['a', '-1'],
      ['b', '0'],
    ]);
    rerender(<ScheduleList entries={archive} onPlay={() => {}} tabbableId={null} />);
    expect(tabIndexes().map(([, index]) => index)).toEqual(['-1', '-1']);
  });

  it('leaves lines that cannot play as text: no focus stop, no tabindex', () => {
    const { container } = render(<ScheduleList entries={archive} tabbableId="c" />);
    expect(container.querySelectorAll('[tabindex], [data-entry-id]')).toHaveLength(0);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('listitem')[2]).toHaveTextContent('09:00 Кино');
  });

  it('marks the programme on air as the schedule’s current item', () => {
    render(<ScheduleList entries={archive} />);
    expect(screen.getAllByRole('listitem').map((line) => line.getAttribute('aria-current'))).toEqual([
      null,
      'time',
      null,
    ]);
  });
});
