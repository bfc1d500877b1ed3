import type { Meta, StoryObj } from '@storybook/react-vite';
import { signedInStorage } from '../../testing/fake-services';
import { withApp } from '../../testing/story-decorators';
import { AccountMenu } from './account-menu';

const partner = { title: 'Кинозал', email: 'user@kinozal.example', password: 'secret' };

const meta = {
  title: 'web/Account/AccountMenu',
  component: AccountMenu,
  args: { externalAccounts: [] },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof AccountMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A guest: Вход или регистрация, no phone, no logout. */
export const Guest: Story = { decorators: [withApp()] };

/** Logged in: the phone and Выход из учетной записи (which asks for confirmation). */
export const LoggedIn: Story = {
  decorators: [withApp({ session: { loggedIn: true, phone: '79123456789' }, storage: signedInStorage })],
};

/** Every state: logged in, with partner-site accounts, a section open (desktop). */
export const AllStates: Story = {
  args: { externalAccounts: [partner], activeKey: 'receipts' },
  decorators: [withApp({ session: { loggedIn: true, phone: '79123456789' }, storage: signedInStorage })],
};
