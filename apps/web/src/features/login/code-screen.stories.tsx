import type { Meta, StoryObj } from '@storybook/react-vite';
import { config } from '../../env';
import { CodeScreen } from './code-screen';
import { loginStates, noActions } from './login-fixtures';

// The code screen of the login modal on its own, at the modal's width; in the modal it is
// web/Login/LoginModalView.
const meta = {
  title: 'web/Login/CodeScreen',
  component: CodeScreen,
  args: { state: loginStates.code, actions: noActions, supportEmail: config.supportEmail },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof CodeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Right after sending: the masked number, four empty digits, resend locked for 60 s. */
export const Default: Story = {};

/** A push confirmation is awaited on the phone. */
export const AwaitingPush: Story = { args: { state: loginStates.awaitingPush } };

/** 'Неверный код': the digits marked invalid; resend available again. */
export const WrongCode: Story = { args: { state: loginStates.wrongCode } };

/** Checking the code: the digits disabled. */
export const Verifying: Story = { args: { state: loginStates.verifying } };

/** Checking failed for another reason: the generic error. */
export const Failed: Story = { args: { state: loginStates.codeFailed } };

/** Every state of the screen one under another. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 40 }}>
      {(['code', 'awaitingPush', 'wrongCode', 'verifying', 'codeFailed'] as const).map((name) => (
        <CodeScreen key={name} {...args} state={loginStates[name]} />
      ))}
    </div>
  ),
};
