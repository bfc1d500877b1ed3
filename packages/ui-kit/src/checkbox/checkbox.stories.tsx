import type { Meta, StoryObj } from '@storybook/react-vite';
import { Checkbox } from './checkbox.js';

const meta = {
  title: 'ui-kit/Checkbox',
  tags: ['autodocs'],
  component: Checkbox,
  args: { label: 'Я принимаю условия пользовательского соглашения', defaultChecked: true },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The terms checkbox of the login modal (checked by default). */
export const Terms: Story = {};

/** Every state. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16 }}>
      <Checkbox label="Отмечено" defaultChecked />
      <Checkbox label="Не отмечено" />
      <Checkbox label="Недоступно" disabled />
      <Checkbox
        label={
          <>
            Со ссылкой на <a href="#terms">пользовательское соглашение</a>
          </>
        }
        defaultChecked
      />
    </div>
  ),
};
