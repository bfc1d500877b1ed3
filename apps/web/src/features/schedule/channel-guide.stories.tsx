import type { Meta, StoryObj } from '@storybook/react-vite';
import { withApp } from '../../testing/story-decorators';
import { ChannelGuide } from './channel-guide';

const meta = {
  title: 'web/Schedule/ChannelGuide',
  component: ChannelGuide,
  parameters: { layout: 'fullscreen', app: { deviceKind: 'mobile' } },
  globals: { viewport: { value: 'mobile1' } },
  args: { source: { ekId: 31 } },
  decorators: [withApp()],
} satisfies Meta<typeof ChannelGuide>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The guide of the fake channel-type title 31 (a programme every two hours), as a phone shows it. */
export const ByContent: Story = {};

/** The same guide asked for by the channel (stream_id 2). */
export const ByChannel: Story = { args: { source: { streamId: 2 } } };

/** The channel's own guide: its archive's days and marks, a playable line logs what it would play. */
export const ChannelWithArchive: Story = {
  args: {
    source: { streamId: 2 },
    onPlay: (programme, onAir) => console.info('[story] play', onAir ? 'live' : programme.tv_air_date_start),
  },
};
