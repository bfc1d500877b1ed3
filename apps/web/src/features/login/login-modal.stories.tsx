import type { Meta, StoryObj } from '@storybook/react-vite';
import { withApp } from '../../testing/story-decorators';
import { LoginModal } from './login-modal';

// The modal bound to the real flow over the fake API. Every screen it can show, as a pure view, is in
// login-modal-view.stories.tsx (web/Login/LoginModalView, with its AllStates).
const meta = {
  title: 'web/Login/LoginModal',
  component: LoginModal,
  parameters: { layout: 'fullscreen' },
  decorators: [withApp({ modal: { loginOpen: true } })],
} satisfies Meta<typeof LoginModal>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The real flow over a fake API: any valid number; code 1234 logs in, any other is wrong. */
export const Interactive: Story = {};

/** Opened from the registration prompt: the prompt's title on the phone screen. */
export const FromRegistrationPrompt: Story = {
  parameters: { app: { modal: { loginOpen: true, loginPromptMode: true } } },
};

/** On a phone: the full-screen sheet. */
export const Mobile: Story = {
  parameters: { app: { deviceKind: 'mobile' } },
  globals: { viewport: { value: 'mobile1' } },
};
