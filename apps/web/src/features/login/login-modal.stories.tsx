import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import { GOODLINE_PHONE } from '../../testing/fake-services';
import { withApp } from '../../testing/story-decorators';
import { codeState, noActions, phoneState, promptState } from './login-fixtures';
import { LoginModal } from './login-modal';
import { LoginModalView } from './login-modal-view';

const meta = {
  title: 'web/Login/LoginModal',
  component: LoginModalView,
  parameters: { layout: 'fullscreen' },
  args: {
    open: true,
    state: phoneState(),
    actions: noActions,
    onClose: () => {},
    hasProfile: true,
    layout: 'desktop',
    supportEmail: 'support@kadr.example',
    agreementUrl: 'https://kadr.example/legal/agreement',
  },
} satisfies Meta<typeof LoginModalView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Phone screen as it opens from Войти. */
export const PhoneScreen: Story = {};

/** Phone screen opened from the registration prompt. */
export const PromptMode: Story = { args: { state: promptState() } };

/** 'Неверный номер телефона' under the field. */
export const InvalidPhone: Story = {
  args: { state: phoneState({ phoneInput: '+7912', phoneError: 'Неверный номер телефона' }) },
};

/** Sending the code. */
export const Sending: Story = { args: { state: phoneState({ phoneInput: '+79123456789', sending: true }) } };

/** The blocked provider's subscribers are refused (SPEC §8); no code screen. */
export const ProviderBlocked: Story = {
  args: { state: phoneState({ phoneInput: `+${GOODLINE_PHONE}`, goodlineBlocked: true }) },
};

/** Code screen right after sending: masked number, four digits, 60 s resend lockout. */
export const CodeScreen: Story = { args: { state: codeState() } };

/** Code screen while a push confirmation is awaited. */
export const CodeScreenAwaitingPush: Story = {
  args: { state: codeState({ asyncStatus: 'pending', resendIn: 37 }) },
};

/** 'Неверный код' after a wrong code; resend available. */
export const WrongCode: Story = { args: { state: codeState({ codeError: 'Неверный код', resendIn: 0 }) } };

/** Checking the code. */
export const Verifying: Story = {
  args: { state: codeState({ digits: ['1', '2', '3', '4'], focusIndex: 3, verifying: true, resendIn: 12 }) },
};

/** Phone screen on a phone: a full-screen sheet. */
export const MobilePhoneScreen: Story = {
  args: { layout: 'mobile' },
  globals: { viewport: { value: 'mobile1' } },
};

/** Code screen on a phone. */
export const MobileCodeScreen: Story = {
  args: { layout: 'mobile', state: codeState() },
  globals: { viewport: { value: 'mobile1' } },
};

/** The real flow over a fake API: any valid number; code 1234 logs in, any other is wrong. */
export const Interactive: Story = {
  decorators: [withApp({ modal: { loginOpen: true } })],
  render: () => <LoginModal />,
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
      {[
        phoneState(),
        promptState(),
        phoneState({ phoneInput: '+7912', phoneError: 'Неверный номер телефона' }),
        phoneState({ goodlineBlocked: true }),
        codeState(),
        codeState({ codeError: 'Неверный код', resendIn: 0 }),
      ].map((state, index) => (
        <Frame key={index}>
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
