import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { PhoneField } from './phone-field.js';

const meta = {
  title: 'ui-kit/PhoneField',
  tags: ['autodocs'],
  component: PhoneField,
  args: { label: 'Номер телефона' },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof PhoneField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: the «+7» placeholder; a phone keyboard and autofill on touch devices. */
export const Empty: Story = {};

/** As the login modal opens it: «+7» typed in, the label only for screen readers. */
export const LoginModal: Story = { args: { defaultValue: '+7', hideLabel: true } };

/** A full number (12 characters at most). */
export const Filled: Story = { args: { defaultValue: '+79123456789' } };

/** A rejected number: marked invalid, the error announced. */
export const Invalid: Story = { args: { defaultValue: '+7912', error: 'Неверный номер телефона' } };

/** Disabled while the code is being sent. */
export const Disabled: Story = { args: { defaultValue: '+79123456789', disabled: true } };

/** Controlled, as the app uses it: every change goes to the app, which keeps the value. */
export const Controlled: Story = {
  render: (args) => {
    const [value, setValue] = useState('+7');
    return <PhoneField {...args} value={value} onChange={(event) => setValue(event.target.value)} />;
  },
};

/** Every state, one under another. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 24 }}>
      {Object.entries({ Empty, LoginModal, Filled, Invalid, Disabled }).map(([name, story]) => (
        <PhoneField key={name} {...args} {...story.args} />
      ))}
    </div>
  ),
};
