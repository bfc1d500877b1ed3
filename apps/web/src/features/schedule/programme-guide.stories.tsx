import type { ScheduleDay } from '@kadr/ui-kit';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProgrammeGuide } from './programme-guide';

const titles = [
  'Доброе утро',
  'Новости',
  'Жить здорово!',
  'Модный приговор',
  'Время покажет',
  'Вечерние новости',
];

const day = (key: string, label: string, onAirFirst = false): ScheduleDay => ({
  key,
  label,
  entries: titles.map((title, index) => ({
    id: `${key}-${index}`,
    time: onAirFirst && index === 0 ? 'Сейчас' : `${String(8 + index * 2).padStart(2, '0')}:00`,
    title,
    onAir: onAirFirst && index === 0,
  })),
});

const meta = {
  title: 'web/Schedule/ProgrammeGuide',
  component: ProgrammeGuide,
  parameters: { layout: 'fullscreen' },
  globals: { viewport: { value: 'mobile1' } },
  args: {
    channel: 'Кино ТВ',
    mobile: true,
    onBack: () => console.info('[story] back'),
    days: [
      day('d0', 'Сегодня', true),
      day('d1', 'Завтра'),
      day('d2', '26 ноября'),
      day('d3', '27 ноября'),
      day('d4', '28 ноября'),
      day('d5', '29 ноября'),
      day('d6', '30 ноября'),
    ],
  },
} satisfies Meta<typeof ProgrammeGuide>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A week: day tabs over the days, today from the programme on air («Сейчас»). */
export const Week: Story = {};

/** Some days still loading: the loaded ones show, a loader under them. */
export const Loading: Story = {
  args: {
    channel: undefined,
    days: [day('d0', 'Сегодня', true), { key: 'd1', label: 'Завтра', entries: null }],
  },
};

/** Nothing published for the week. */
export const Empty: Story = { args: { days: [{ key: 'd0', label: 'Сегодня', entries: [] }] } };

/** Every day failed. */
export const Failed: Story = {
  args: { channel: undefined, days: [{ key: 'd0', label: 'Сегодня', entries: [], failed: true }] },
};

/** Yesterday of the archive, then today with its ended programmes «В записи» before the one on air. */
const archiveDays: ScheduleDay[] = [
  {
    ...day('d-1', 'Вчера'),
    entries: (day('d-1', 'Вчера').entries ?? []).map((entry) => ({
      ...entry,
      archived: true,
      playable: true,
    })),
  },
  {
    ...day('d0', 'Сегодня'),
    entries: (day('d0', 'Сегодня').entries ?? []).map((entry, index) =>
      index < 2
        ? { ...entry, archived: true, playable: true }
        : index === 2
          ? { ...entry, time: 'Сейчас', onAir: true, playable: true }
          : entry,
    ),
  },
  day('d1', 'Завтра'),
];

/**
 * A channel with an archive: its days before today and today's ended programmes are marked «В записи»
 * and play, as does the one on air; the guide opens scrolled to it. ↑↓ move through the programmes,
 * ←→ through the days, Enter plays.
 */
export const Archive: Story = {
  args: { days: archiveDays, onPlay: (entry) => console.info('[story] play', entry.id) },
};

/** On a TV the remote starts on the programme on air (focused when the guide opens). */
export const TvRemote: Story = {
  args: { ...Archive.args, mobile: false, autoFocus: true },
};
