import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/button.js';
import { Placeholder } from './placeholder.js';

const meta = {
  title: 'ui-kit/Placeholder',
  tags: ['autodocs'],
  component: Placeholder,
  args: { title: 'Телеканалы' },
} satisfies Meta<typeof Placeholder>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A screen that is not built yet. */
export const Default: Story = {};

/** Every state: custom text and actions. */
export const AllStates: Story = {
  args: {
    title: 'Вход через партнёра',
    text: 'Вход через внешний сервис пока не подключён.',
    children: <Button variant="secondary">На главную</Button>,
  },
};
