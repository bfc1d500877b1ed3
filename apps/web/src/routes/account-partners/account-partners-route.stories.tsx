import type { Meta, StoryObj } from '@storybook/react-vite';
import { withApp } from '../../testing/story-decorators';
import type { PartnersState } from '../account/account-menu-items';
import { AccountPartnersRoute } from './account-partners-route';

const partners: PartnersState = {
  externalAccounts: [
    { title: 'Кинозал', email: 'viewer@kinozal.example', password: 'Kz-8fQ2lI1' },
    {
      title: 'Музыкальный сервис с очень длинным названием',
      email: 'a.very.long.address.of.a.viewer@music-partner.example',
      password: 'пароль с пробелами и кириллицей',
    },
  ],
};

const meta = {
  title: 'web/Account/Partners',
  component: AccountPartnersRoute,
  decorators: [withApp()],
  parameters: { app: { path: '/account/partners', state: partners } },
} satisfies Meta<typeof AccountPartnersRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Desktop (in place beside the menu): every account's title, e-mail and password, long ones wrapped. */
export const AllStates: Story = {};

/** A phone: the back header above the accounts. */
export const Mobile: Story = {
  parameters: { app: { path: '/account/partners', state: partners, deviceKind: 'mobile' } },
};
