import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ScheduleDay, ScheduleDayCard, ScheduleListSkeleton, WeekSchedule } from './schedule.js';

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
    expect(within(card).getByRole('listitem')).toHaveTextContent('СейчасНовости');
    expect(within(card).queryByRole('button')).toBeNull();
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
