import type { Meta, StoryObj } from '@storybook/react-vite';
import { Skeleton } from './skeleton.js';

const meta = {
  title: 'ui-kit/Skeleton',
  component: Skeleton,
  args: { width: 240 },
} satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A line of text that is loading. */
export const Text: Story = {};

/** Every shape: a line of text, a block (poster) and a pill (tab). */
export const AllShapes: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16, maxWidth: 320, fontSize: 16, lineHeight: 1.5 }}>
      <Skeleton width="80%" />
      <Skeleton shape="block" width={142} height={200} />
      <Skeleton shape="round" width={96} height={38} />
    </div>
  ),
};
