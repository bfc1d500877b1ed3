import type { Meta, StoryObj } from '@storybook/react-vite';
import { Logo } from './logo.js';

const meta = { title: 'ui-kit/Logo', tags: ['autodocs'], component: Logo } satisfies Meta<typeof Logo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The header logotype. */
export const Default: Story = {};

/** Every state: sizes and the mark alone. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 32, alignItems: 'center' }}>
      <Logo size={24} />
      <Logo />
      <Logo size={56} />
      <Logo markOnly />
    </div>
  ),
};
