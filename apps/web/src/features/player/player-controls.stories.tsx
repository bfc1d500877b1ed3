import type { Meta, StoryObj } from '@storybook/react-vite';
import { PlayerControls } from './player-controls';
import { buyerSnapshot, noActions, playerSnapshot } from './player-fixtures';

const meta = {
  title: 'web/Player/PlayerControls',
  component: PlayerControls,
  parameters: { layout: 'padded' },
  args: { snapshot: playerSnapshot(), actions: noActions() },
} satisfies Meta<typeof PlayerControls>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A non-buyer: play/pause, position and sound only (SPEC §6). */
export const NonBuyer: Story = {};

/** Paused and muted: the play and muted icons. */
export const PausedMuted: Story = { args: { snapshot: playerSnapshot({ phase: 'paused', muted: true }) } };

/** A buyer: seek ±10 s, episode buttons, quality, speed and picture-in-picture. */
export const Buyer: Story = { args: { snapshot: buyerSnapshot() } };

/** Every face, one under another. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <PlayerControls {...args} />
      <PlayerControls {...args} snapshot={playerSnapshot({ phase: 'paused', muted: true })} />
      <PlayerControls {...args} snapshot={buyerSnapshot()} />
    </div>
  ),
};
