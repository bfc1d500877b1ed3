import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { billingHandlers, sampleCards } from '../../testing/billing-fixtures';
import { never } from '../../testing/fake-services';
import { withApp } from '../../testing/story-decorators';
import { AccountCardsRoute } from './account-cards-route';

const meta = {
  title: 'web/Account/Cards',
  component: AccountCardsRoute,
  decorators: [withApp()],
  parameters: { app: { handlers: billingHandlers({ cards: sampleCards() }) } },
} satisfies Meta<typeof AccountCardsRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two saved cards (one with its first six digits) and the renewal note. */
export const AllStates: Story = {};

/** A phone: the back header. */
export const Mobile: Story = {
  parameters: { app: { deviceKind: 'mobile', handlers: billingHandlers({ cards: sampleCards() }) } },
};

/** No card. */
export const NoCard: Story = { parameters: { app: { handlers: billingHandlers() } } };

/** While the cards load. */
export const Loading: Story = { parameters: { app: { handlers: { getCardList: never } } } };

/** Deleting is refused while a package is held. */
export const Refused: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Удалить карту •••• 4242' }));
    await expect(await within(document.body).findByRole('alertdialog')).toBeVisible();
  },
};

/** The card was deleted. */
export const Deleted: Story = {
  parameters: { app: { handlers: billingHandlers({ cards: sampleCards(), packages: [] }) } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Удалить карту •••• 4242' }));
    await expect(
      await within(document.body).findByRole('alertdialog', { name: 'Платежное средство удалено.' }),
    ).toBeVisible();
  },
};
