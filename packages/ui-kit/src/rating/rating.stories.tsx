import type { Meta, StoryObj } from '@storybook/react-vite';
import { AgeBadge, Rating } from './rating.js';

const meta = {
  title: 'ui-kit/Rating',
  tags: ['autodocs'],
  component: Rating,
  args: { value: 7.89 },
} satisfies Meta<typeof Rating>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A good score, floored: 7,8. */
export const High: Story = {};

/** A middling score. */
export const Middle: Story = { args: { value: 6.25 } };

/** A poor score. */
export const Low: Story = { args: { value: 3.9 } };

/** The age rating badge. */
export const Age: Story = { render: () => <AgeBadge age={16} /> };

/** Every state, including 0 (nothing shown) for both. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      <Rating value={8.71} />
      <Rating value={6.25} />
      <Rating value={3.9} />
      <Rating value={0} />
      <AgeBadge age={0} />
      <AgeBadge age={6} />
      <AgeBadge age={12} />
      <AgeBadge age={18} />
    </div>
  ),
};
