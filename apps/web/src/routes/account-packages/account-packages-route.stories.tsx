import type { Meta, StoryObj } from '@storybook/react-vite';
import { billingHandlers } from '../../testing/billing-fixtures';
import { never } from '../../testing/fake-services';
import { withApp } from '../../testing/story-decorators';
import { AccountPackagesRoute } from './account-packages-route';

const meta = {
  title: 'web/Account/Packages',
  component: AccountPackagesRoute,
  parameters: { app: { path: '/account/packages', handlers: billingHandlers() } },
  decorators: [withApp()],
} satisfies Meta<typeof AccountPackagesRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every state of a card: parents (one bought), individual packages offered, held, trial, cancelled, suspended. */
export const AllStates: Story = {};

/** A phone: one card a row, a back button before the heading. */
export const Mobile: Story = {
  parameters: { app: { path: '/account/packages', deviceKind: 'mobile', handlers: billingHandlers() } },
};

/** While the list loads: the sections' layout with placeholders. */
export const Loading: Story = { parameters: { app: { handlers: { getEkPackages: never } } } };

/** No packages. */
export const Empty: Story = { parameters: { app: { handlers: billingHandlers({ packages: [] }) } } };

/** The list failed to load. */
export const Failed: Story = {
  parameters: {
    app: {
      handlers: {
        getEkPackages: () => {
          throw new Error('offline');
        },
      },
    },
  },
};
