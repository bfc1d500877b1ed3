import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { VisuallyHidden } from './visually-hidden.js';

const meta = {
  title: 'ui-kit/VisuallyHidden',
  component: VisuallyHidden,
  args: { children: 'Загрузка…', role: 'status' },
} satisfies Meta<typeof VisuallyHidden>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A loading status: nothing to see, a screen reader announces «Загрузка…». */
export const Status: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Загрузка…');
  },
};

/** An icon button whose name is hidden text beside the icon. */
export const InAButton: Story = {
  render: () => (
    <button type="button">
      <span aria-hidden="true">⚙</span>
      <VisuallyHidden>Качество</VisuallyHidden>
    </button>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Качество' })).toBeVisible();
  },
};
