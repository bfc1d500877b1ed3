import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import { config } from '../../env';
import { loginStates, noActions } from './login-fixtures';
import { LoginModalView } from './login-modal-view';

const meta = {
  title: 'web/Login/LoginModalView',
  component: LoginModalView,
  parameters: { layout: 'fullscreen' },
  args: {
    open: true,
    state: loginStates.phone,
    actions: noActions,
    onClose: () => {},
    hasProfile: true,
    layout: 'desktop',
    supportEmail: config.supportEmail,
    agreementUrl: config.agreementUrl,
  },
} satisfies Meta<typeof LoginModalView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Phone screen as it opens from Войти. */
export const PhoneScreen: Story = {};

/** Phone screen opened from the registration prompt: its own title. */
export const PromptMode: Story = { args: { state: loginStates.prompt } };

/** 'Неверный номер телефона' under the field. */
export const InvalidPhone: Story = { args: { state: loginStates.invalidPhone } };

/** Sending the code. */
export const Sending: Story = { args: { state: loginStates.sending } };

/** The blocked provider's subscribers are refused (SPEC §8); no code screen. */
export const ProviderBlocked: Story = { args: { state: loginStates.providerBlocked } };

/** Code screen right after sending: the title «Вход», a back arrow, masked number, 60 s resend lockout. */
export const CodeScreen: Story = { args: { state: loginStates.code } };

/** Code screen while a push confirmation is awaited. */
export const CodeScreenAwaitingPush: Story = { args: { state: loginStates.awaitingPush } };

/** 'Неверный код' after a wrong code; resend available. */
export const WrongCode: Story = { args: { state: loginStates.wrongCode } };

/** Checking the code. */
export const Verifying: Story = { args: { state: loginStates.verifying } };

/** No profile_id yet: the code screen may not render, so the phone screen stays (SPEC §2). */
export const CodeWithoutProfile: Story = { args: { state: loginStates.code, hasProfile: false } };

/** Phone screen on a phone: a full-screen sheet. */
export const MobilePhoneScreen: Story = {
  args: { layout: 'mobile' },
  globals: { viewport: { value: 'mobile1' } },
};

/** Code screen on a phone. */
export const MobileCodeScreen: Story = {
  args: { layout: 'mobile', state: loginStates.code },
  globals: { viewport: { value: 'mobile1' } },
};

/** Every state side by side, each modal portalled into its own frame. */
export const AllStates: Story = {
  render: (args) => (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(520px, 1fr))',
        gap: 16,
        padding: 16,
      }}
    >
      {Object.entries(loginStates).map(([name, state]) => (
        <Frame key={name}>
          {(container) => <LoginModalView {...args} state={state} container={container} />}
        </Frame>
      ))}
    </div>
  ),
};

/** A box that contains a fixed-position modal (the transform makes it the containing block). */
function Frame({ children }: { children: (container: HTMLElement) => ReactNode }) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  return (
    <div
      ref={setElement}
      style={{ position: 'relative', height: 620, transform: 'translateZ(0)', overflow: 'hidden' }}
    >
      {element && children(element)}
    </div>
  );
}
