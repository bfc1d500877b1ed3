import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/button.js';
import { Placeholder } from './placeholder.js';

const meta = {
  title: 'ui-kit/Placeholder',
  tags: ['autodocs'],
  component: Placeholder,
  args: { title: 'Плеер встроен с ошибкой: не указана ссылка на конфигурацию.' },
} satisfies Meta<typeof Placeholder>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A screen with nothing to show: a title alone. */
export const Default: Story = {};

/** Every state: a failure with its text and an action. */
export const AllStates: Story = {
  args: {
    title: 'Не удалось загрузить подборки',
    text: 'Проверьте подключение к интернету и попробуйте ещё раз.',
    children: <Button variant="secondary">Повторить</Button>,
  },
};
