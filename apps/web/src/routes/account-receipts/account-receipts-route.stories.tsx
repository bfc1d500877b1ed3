import type { Meta, StoryObj } from '@storybook/react-vite';
import { billingHandlers, sampleReceipts } from '../../testing/billing-fixtures';
import { never } from '../../testing/fake-services';
import { withApp } from '../../testing/story-decorators';
import { AccountReceiptsRoute } from './account-receipts-route';

const meta = {
  title: 'web/Account/Receipts',
  component: AccountReceiptsRoute,
  decorators: [withApp()],
  parameters: { app: { handlers: billingHandlers({ receipts: sampleReceipts() }) } },
} satisfies Meta<typeof AccountReceiptsRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A succeeded receipt (a link with its date), a pending and a cancelled one. */
export const AllStates: Story = {};

/** No receipts yet. */
export const Empty: Story = { parameters: { app: { handlers: billingHandlers() } } };

/** While the receipts load. */
export const Loading: Story = { parameters: { app: { handlers: { listReceipts: never } } } };

/** A phone: the back header. */
export const Mobile: Story = {
  parameters: { app: { deviceKind: 'mobile', handlers: billingHandlers({ receipts: sampleReceipts() }) } },
};
