import { art } from '@kadr/ui-kit/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { EmbedStill } from './embed-still';

/** The frame player before anything plays, in a partner's 640×360 container. */
const meta = {
  title: 'web/Embed/EmbedStill',
  component: EmbedStill,
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <div style={{ width: 640, height: 360, position: 'relative' }}>
        <Story />
      </div>
    ),
  ],
  args: {
    posterUrl: art('wide', 'Тихий дом'),
    title: 'Тихий дом',
    onWatch: () => console.info('[story] watch'),
    busy: false,
  },
} satisfies Meta<typeof EmbedStill>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};

/** A series whose episodes are still loading: Смотреть waits. */
export const Loading: Story = { args: { busy: true, title: 'Северный ветер' } };

/** A title without artwork. */
export const NoPoster: Story = { args: { posterUrl: null } };
