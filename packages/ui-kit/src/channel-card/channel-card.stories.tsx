import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyChannels } from '../testing/story-data.js';
import { ChannelCard } from './channel-card.js';

const channel = storyChannels[0]!;

const meta = {
  title: 'ui-kit/ChannelCard',
  tags: ['autodocs'],
  component: ChannelCard,
  args: { href: channel.href, title: channel.title, imageUrl: channel.imageUrl },
} satisfies Meta<typeof ChannelCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A channel logo and name. */
export const Default: Story = {};

/** No logo: a monogram. */
export const NoLogo: Story = { args: { imageUrl: null } };

/** Every state. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 16 }}>
      <ChannelCard {...args} />
      <ChannelCard {...args} imageUrl={null} />
      <ChannelCard {...args} title="Очень длинное имя телеканала" />
    </div>
  ),
};
