import type { ScheduleDay } from '@kadr/ui-kit';
import { art } from '@kadr/ui-kit/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SCHEDULE_TITLES } from '../../testing/catalogue-fixtures';
import { withApp } from '../../testing/story-decorators';
import { ChannelNotFound, ChannelView } from './channel-view';

const time = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** A day of two-hour programmes; on `today` the ones before 10:00 ended (the archive) and 10:00 is on. */
const day = (key: string, label: string, today = false): ScheduleDay => ({
  key,
  label,
  entries: SCHEDULE_TITLES.map((title, index) => {
    const onAir = today && index === 5;
    const archived = today && index < 5;
    return {
      id: `${key}-${index}`,
      time: onAir ? 'Сейчас' : time(index * 2),
      title,
      onAir,
      archived,
      playable: onAir || archived,
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

/** A stand-in for the player slot (its own stories show it). */
const slot = (
  <div
    style={{
      aspectRatio: '16 / 9',
      borderRadius: 16,
      background: `center / cover url("${art('wide', 'Кино ТВ')}")`,
    }}
  />
);

const meta = {
  title: 'web/Channel/ChannelView',
  component: ChannelView,
  parameters: { layout: 'fullscreen' },
  decorators: [withApp({ path: '/tv/2/' })],
  args: {
    channelId: 2,
    name: 'Кино ТВ',
    logoUrl: art('channel', 'Кино ТВ'),
    onAir: {
      kind: 'programme',
      title: 'Дневные новости',
      description: 'Главные события дня: политика, экономика, культура и спорт.',
      start: '10:00',
      end: '12:00',
      startsAt: '2026-11-24T07:00:00.000Z',
      endsAt: '2026-11-24T09:00:00.000Z',
      imageUrl: art('wide', 'Кино ТВ: Дневные новости'),
    },
    next: [
      { id: 'n1', time: '12:00', title: 'Сериал «Северный ветер»' },
      { id: 'n2', time: '14:00', title: 'Спорт' },
      { id: 'n3', time: '16:00', title: 'Вечерние новости' },
    ],
    week,
    previous: { id: 1, name: 'Первый' },
    following: { id: 3, name: 'Спорт 24' },
    player: slot,
    onPlay: (entry) => console.info('[story] play', entry.id),
  },
} satisfies Meta<typeof ChannelView>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A channel: the player, the logo and name with channel down and up, the programme on air with its
 * announcement image, the guide link, the next three and the week (today's ended programmes «В
 * записи», behind the toggle).
 */
export const Channel: Story = {
  play: async ({ canvas }) => {
    const image = await canvas.findByRole('img', { name: 'Анонс: Дневные новости' });
    await expect(image).toHaveAttribute('src', art('wide', 'Кино ТВ: Дневные новости'));
  },
};

/** On a phone: one column. */
export const Mobile: Story = {
  parameters: { app: { deviceKind: 'mobile' } },
  globals: { viewport: { value: 'mobile1' } },
  args: { mobile: true },
};

/** While the schedule and the channel list load. */
export const Loading: Story = {
  args: {
    name: undefined,
    logoUrl: null,
    onAir: { kind: 'loading' },
    next: null,
    week: week.map((item) => ({ ...item, entries: null })),
    previous: undefined,
    following: undefined,
  },
};

/** The schedule failed (SPEC §8): every day empty, and said so. */
export const ScheduleFailed: Story = {
  args: {
    onAir: { kind: 'failed' },
    next: [],
    week: week.map((item) => ({ ...item, entries: [], failed: true })),
  },
};

/** A programme on air without an announcement image: the block is its texts alone. */
export const ProgrammeWithoutImage: Story = {
  args: {
    onAir: {
      kind: 'programme',
      title: 'Дневные новости',
      description: 'Главные события дня: политика, экономика, культура и спорт.',
      start: '10:00',
      end: '12:00',
      startsAt: '2026-11-24T07:00:00.000Z',
      endsAt: '2026-11-24T09:00:00.000Z',
      imageUrl: null,
    },
  },
};

/** Nothing on by the schedule right now. */
export const NothingOnAir: Story = { args: { onAir: { kind: 'none' } } };

/** The package could not be loaded: Watch cannot tell whether it is bought; a retry. */
export const PackageFailed: Story = { args: { packageFailed: true, onRetryPackage: () => {} } };

/** An unknown channel. */
export const NotFound: StoryObj<typeof ChannelNotFound> = { render: () => <ChannelNotFound /> };
