import type { Meta, StoryObj } from '@storybook/react-vite';
import { CastControls } from './cast-controls';

/** The frame's casting controls over a black 640×360 player. */
const meta = {
  title: 'web/Embed/CastControls',
  component: CastControls,
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <div style={{ width: 640, height: 360, position: 'relative', background: '#000' }}>
        <Story />
      </div>
    ),
  ],
  args: {
    available: true,
    casting: false,
    onCast: () => console.info('[story] cast'),
    onStop: () => console.info('[story] stop casting'),
  },
} satisfies Meta<typeof CastControls>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Casting is possible: the button over the player. */
export const Available: Story = {};

/** A device has the video: the note and the way back. */
export const Casting: Story = { args: { casting: true } };
