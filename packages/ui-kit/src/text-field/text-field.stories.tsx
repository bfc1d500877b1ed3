import type { Meta, StoryObj } from '@storybook/react-vite';
import { PhoneField } from './phone-field';
import { TextField } from './text-field';

const meta = {
  title: 'ui-kit/TextField',
  component: TextField,
  args: { label: 'Имя', placeholder: 'Как к вам обращаться' },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A plain labelled field. */
export const Default: Story = {};

/** The phone field of the login modal. */
export const Phone: Story = {
  render: () => <PhoneField label="Номер телефона" defaultValue="+7" />,
};

/** Every state: hint, error, disabled, hidden label. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 24, maxWidth: 360 }}>
      <TextField label="С подсказкой" hint="Подсказка под полем" />
      <PhoneField label="Номер телефона" defaultValue="+7912" error="Неверный номер телефона" />
      <TextField label="Недоступно" defaultValue="Текст" disabled />
      <TextField label="Скрытая подпись" hideLabel placeholder="Подпись только для скринридера" />
    </div>
  ),
};
