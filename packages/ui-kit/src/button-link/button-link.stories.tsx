import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../button/button.js';
import { ButtonLink } from './button-link.js';

const meta = {
  title: 'ui-kit/ButtonLink',
  component: ButtonLink,
  tags: ['autodocs'],
  args: { href: '#/', children: 'На главную' },
} satisfies Meta<typeof ButtonLink>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An in-app link home, as the error screen has it. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'На главную' })).toBeVisible();
  },
};

/** A letter in the mail app (the about page's feedback). */
export const MailLetter: Story = {
  args: { href: 'mailto:support@kadr.example?subject=Отзыв', children: 'Написать отзыв' },
};

/** Every state: beside the kit's buttons it matches. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'center' }}>
      <Button>Обновить страницу</Button>
      <Button variant="secondary">Кнопка</Button>
      <ButtonLink {...args} />
    </div>
  ),
};
