import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  type ScheduleDay,
  ScheduleDayCard,
  ScheduleList,
  ScheduleListSkeleton,
  WeekSchedule,
} from './schedule.js';

const titles = [
  'Доброе утро',
  'Новости',
  'Жить здорово!',
  'Модный приговор',
  'Время покажет',
  'Новости',
  'Давай поженимся!',
  'Мужское / Женское',
  'Вечерние новости',
  'Поле чудес',
];

/** A day of programmes every 90 minutes from 06:00; the second one on air when `onAir`. */
const day = (key: string, label: string, onAir = false): ScheduleDay => ({
  key,
  label,
  entries: titles.map((title, index) => {
    const minutes = 6 * 60 + index * 90;
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return {
      id: `${key}-${index}`,
      title,
      time: onAir && index === 1 ? 'Сейчас' : time,
      onAir: onAir && index === 1,
    };
  }),
});

const week: ScheduleDay[] = [
  day('2026-11-24', 'Сегодня', true),
  day('2026-11-25', 'Завтра'),
  day('2026-11-26', '26 ноября'),
  day('2026-11-27', '27 ноября'),
  day('2026-11-28', '28 ноября'),
  day('2026-11-29', '29 ноября'),
  day('2026-11-30', '30 ноября'),
];

const meta = {
  title: 'ui-kit/WeekSchedule',
  tags: ['autodocs'],
  component: WeekSchedule,
  args: { days: week },
} satisfies Meta<typeof WeekSchedule>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A channel's week: a card per day, three programmes each until expanded; today's on-air one marked. */
export const Week: Story = {};

/** Every state of a day card: loading, loaded, empty, failed, and a short day with no toggle. */
export const AllStates: Story = {
  args: {
    days: [
      { key: 'loading', label: 'Сегодня', entries: null },
      day('loaded', 'Завтра'),
      { key: 'empty', label: '26 ноября', entries: [] },
      { key: 'failed', label: '27 ноября', entries: [], failed: true },
      {
        key: 'short',
        label: '28 ноября',
        entries: [
          { id: 'a', time: '06:00', title: 'Доброе утро' },
          { id: 'b', time: '09:00', title: 'Новости' },
        ],
      },
    ],
  },
};

/** Today on a channel with an archive: ended programmes marked «В записи», playable like the one on air. */
const archivedDay = (key: string, label: string): ScheduleDay => {
  const base = day(key, label, true);
  return {
    ...base,
    entries: (base.entries ?? []).map((entry, index) =>
      index === 0
        ? { ...entry, archived: true, playable: true }
        : entry.onAir
          ? { ...entry, playable: true }
          : entry,
    ),
  };
};

/**
 * A channel with an archive: yesterday's programmes and today's ended ones are marked «В записи» and
 * play when pressed, as does the one on air; today's card opens collapsed on the one on air.
 */
export const Archive: Story = {
  args: {
    days: [
      {
        ...day('2026-11-23', 'Вчера'),
        entries: (day('2026-11-23', 'Вчера').entries ?? []).map((entry) => ({
          ...entry,
          archived: true,
          playable: true,
        })),
      },
      archivedDay('2026-11-24', 'Сегодня'),
      day('2026-11-25', 'Завтра'),
    ],
    onPlay: (entry) => console.info('[story] play', entry.id),
  },
};

/** One day card on its own. */
export const DayCard: StoryObj<typeof ScheduleDayCard> = {
  render: () => (
    <div style={{ maxWidth: 320 }}>
      <ScheduleDayCard day={day('2026-11-24', 'Сегодня', true)} />
    </div>
  ),
};

/** The programme lines alone, as the guide lists a day. */
export const List: StoryObj<typeof ScheduleList> = {
  render: () => <ScheduleList entries={day('2026-11-24', 'Сегодня', true).entries ?? []} />,
};

/**
 * The lines as the programme guide drives them with the keyboard or a remote: the playable lines are
 * buttons, one of them in the tab order (the one on air); the others are text, never a focus stop.
 */
export const ListRovingFocus: StoryObj<typeof ScheduleList> = {
  render: () => (
    <ScheduleList
      entries={archivedDay('2026-11-24', 'Сегодня').entries ?? []}
      tabbableId="2026-11-24-1"
      onPlay={(entry) => console.info('[story] play', entry.id)}
    />
  ),
  play: async ({ canvasElement }) => {
    const focusable = [...canvasElement.querySelectorAll('[tabindex]')];
    await expect(focusable.map((line) => line.tagName)).toEqual(['BUTTON', 'BUTTON']);
    await expect(focusable.map((line) => line.getAttribute('tabindex'))).toEqual(['-1', '0']);
  },
};

/** The programme lines while they load, in the list's own layout. */
export const ListLoading: StoryObj<typeof ScheduleListSkeleton> = {
  render: () => <ScheduleListSkeleton rows={8} />,
};
