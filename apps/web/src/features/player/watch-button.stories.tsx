import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { WatchButton } from './watch-button';

const meta = {
  title: 'web/Player/WatchButton',
  component: WatchButton,
  parameters: { layout: 'padded' },
  args: { onClick: fn(), children: 'Смотреть' },
} satisfies Meta<typeof WatchButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The content card's and the channel page's Watch: the play icon, then the word. */
export const Default: Story = {};

/** Every state: as it stands, and on a dark first-play image. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16, justifyItems: 'start' }}>
      <WatchButton {...args} />
      <div style={{ padding: 24, background: '#000' }}>
        <WatchButton {...args} />
      </div>
    </div>
  ),
};
