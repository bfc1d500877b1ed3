import { Button } from '@kadr/ui-kit';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { layoutMessages } from '../../app/layout/messages';
import { useModalStore } from '../../shared/stores/modal-store';
import { withApp } from '../../testing/story-decorators';
import { RegistrationPromptView } from '../registration-prompt/registration-prompt';
import { LoginModalHost } from './login-modal-host';

/** What opens the modal in the app: the header's Войти and the registration prompt's button. */
function Openers() {
  const openLogin = useModalStore((state) => state.openLogin);
  return (
    <div style={{ display: 'grid', gap: 16, justifyItems: 'start' }}>
      <RegistrationPromptView onRegister={() => openLogin({ promptMode: true })} onDismiss={() => {}} />
      <div style={{ padding: '0 24px' }}>
        <Button size="s" onClick={() => openLogin()}>
          {layoutMessages.login}
        </Button>
      </div>
    </div>
  );
}

// The host renders nothing until the modal store opens the login modal, then loads it lazily. Its
// states follow one app-wide store, so they cannot sit side by side: there is no AllStates here; every
// screen of the modal is in web/Login/LoginModalView's AllStates.
const meta = {
  title: 'web/Login/LoginModalHost',
  component: LoginModalHost,
  parameters: { layout: 'fullscreen' },
  decorators: [withApp()],
  render: () => (
    <>
      <Openers />
      <LoginModalHost />
    </>
  ),
} satisfies Meta<typeof LoginModalHost>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: the host renders nothing; Войти or the prompt's button loads and opens the modal. */
export const Closed: Story = {};

/** Open from Войти: the lazily loaded modal over the fake API (code 1234 logs in). */
export const Open: Story = { parameters: { app: { modal: { loginOpen: true } } } };

/** Open from the registration prompt: the prompt's title. */
export const OpenFromPrompt: Story = {
  parameters: { app: { modal: { loginOpen: true, loginPromptMode: true } } },
};
