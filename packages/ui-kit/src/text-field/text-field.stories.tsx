import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextField } from './text-field.js';

const meta = {
  title: 'ui-kit/TextField',
  tags: ['autodocs'],
  component: TextField,
  args: { label: 'Имя', placeholder: 'Как к вам обращаться' },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A plain labelled field (the phone field built on it is ui-kit/PhoneField). */
export const Default: Story = {};

/** Every state: hint, error, disabled, hidden label. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 24, maxWidth: 360 }}>
      <TextField label="С подсказкой" hint="Подсказка под полем" />
      <TextField label="С ошибкой" error="Обязательное поле" />
      <TextField label="Недоступно" defaultValue="Текст" disabled />
      <TextField label="Скрытая подпись" hideLabel placeholder="Подпись только для скринридера" />
    </div>
  ),
};
