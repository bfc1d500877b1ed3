import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router';
import { expect } from 'storybook/test';
import { signedInStorage } from '../../testing/fake-services';
import { withApp } from '../../testing/story-decorators';
import { AccountPartnersRoute } from '../account-partners/account-partners-route';
import { AccountHome } from './account-home';
import { AccountLayout } from './account-layout';
import type { ExternalAccount, PartnersState } from './account-menu-items';

const accounts: ExternalAccount[] = [
  { title: 'Кинозал', email: 'viewer@kinozal.example', password: 'Kz-8fQ2lI1' },
  { title: 'Музбокс', email: 'viewer@muzbox.example', password: 'mb secret' },
];
const session = { loggedIn: true, phone: '79123456789', profileId: 42 };
const profile = { getProfile: () => ({ profile_id: 42, phone: '79123456789', external_accounts: accounts }) };

/** /account with its home and the partners section, as the app routes them. */
function AccountScreens() {
  return (
    <Routes>
      <Route path="/account" element={<AccountLayout />}>
        <Route index element={<AccountHome />} />
        <Route path="partners" element={<AccountPartnersRoute />} />
      </Route>
    </Routes>
  );
}

const meta = {
  title: 'web/Account/AccountLayout',
  component: AccountScreens,
  decorators: [withApp({ session, storage: signedInStorage })],
  parameters: { app: { path: '/account', handlers: profile } },
} satisfies Meta<typeof AccountScreens>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Desktop: the menu with «Сайты-партнёры» (the profile has accounts) beside the summary. */
export const Desktop: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Сайты-партнёры' })).toBeVisible();
  },
};

/** Desktop with «Сайты-партнёры» chosen: the accounts open in place, the item marked. */
export const DesktopPartners: Story = {
  parameters: {
    app: {
      path: '/account/partners',
      state: { externalAccounts: accounts } satisfies PartnersState,
      handlers: profile,
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('viewer@muzbox.example')).toBeVisible();
    await expect(canvas.getByText('Kz-8fQ2lI1')).toBeVisible();
  },
};

/** A phone: the account home is the menu and the profile id; sections are pages of their own. */
export const Mobile: Story = {
  parameters: { app: { path: '/account', deviceKind: 'mobile', handlers: profile } },
};

/** A profile without partner-site accounts: no «Сайты-партнёры». */
export const WithoutPartners: Story = {
  parameters: {
    app: {
      path: '/account',
      handlers: { getProfile: () => ({ profile_id: 42, phone: '79123456789', external_accounts: [] }) },
    },
  },
};
