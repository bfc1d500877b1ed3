import type { Meta, StoryObj } from '@storybook/react-vite';
import { config } from '../../env';
import { loginStates, noActions } from './login-fixtures';
import { PhoneScreen } from './phone-screen';

// The first screen of the login modal on its own, at the modal's width; in the modal it is
// web/Login/LoginModalView.
const meta = {
  title: 'web/Login/PhoneScreen',
  component: PhoneScreen,
  args: { state: loginStates.phone, actions: noActions, agreementUrl: config.agreementUrl },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof PhoneScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** «+7» in the field, the terms accepted, Продолжить. */
export const Default: Story = {};

/** 'Неверный номер телефона' under the field. */
export const InvalidPhone: Story = { args: { state: loginStates.invalidPhone } };

/** Sending the code: Продолжить shows a spinner. */
export const Sending: Story = { args: { state: loginStates.sending } };

/** The blocked provider's subscribers are told the site is unavailable (SPEC §8). */
export const ProviderBlocked: Story = { args: { state: loginStates.providerBlocked } };

/** Sending failed: the generic error. */
export const Failed: Story = { args: { state: loginStates.phoneFailed } };

/** Every state of the screen one under another (untick the terms to see Продолжить disabled). */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 40 }}>
      {(['phone', 'invalidPhone', 'sending', 'providerBlocked', 'phoneFailed'] as const).map((name) => (
        <PhoneScreen key={name} {...args} state={loginStates[name]} />
      ))}
    </div>
  ),
};
