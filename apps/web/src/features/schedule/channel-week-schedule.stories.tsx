import type { Meta, StoryObj } from '@storybook/react-vite';
import { apiError, never } from '../../testing/fake-services';
import { withApp } from '../../testing/story-decorators';
import { ChannelWeekSchedule } from './channel-week-schedule';

const meta = {
  title: 'web/Schedule/ChannelWeekSchedule',
  component: ChannelWeekSchedule,
  args: { ekId: 31, timeZone: 'Europe/Moscow' },
  decorators: [withApp()],
} satisfies Meta<typeof ChannelWeekSchedule>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The desktop card's week of a channel (fake API: a programme every two hours). */
export const Week: Story = {};

/** The week while every day is still loading. */
export const Loading: Story = { parameters: { app: { handlers: { getTvSchedule: never } } } };

/** Every day failed: each card says so. */
export const Failed: Story = {
  parameters: {
    app: {
      handlers: {
        getTvSchedule: () => {
          throw apiError(500, 'internal');
        },
      },
    },
  },
};
