import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, within } from 'storybook/test';
import { billingHandlers, trialOffer } from '../../testing/billing-fixtures';
import { never } from '../../testing/fake-services';
import { withApp } from '../../testing/story-decorators';
import { installFakeCheckoutWidget } from './fake-checkout-widget';
import { PaymentOverlay } from './payment-overlay';

const meta = {
  title: 'web/Payment/PaymentOverlay',
  component: PaymentOverlay,
  args: {
    packageId: 3,
    texts: ['Фильмы и сериалы без рекламы', 'Смотрите на пяти устройствах', 'Отмена в любой момент'],
    source: { goal: 'EK_BUY_SUCCESS', EK_id: 12 },
    onClose: () => {},
    onConfirmed: () => {},
  },
  parameters: { app: { handlers: billingHandlers() } },
  decorators: [
    // A stand-in for YooKassa's widget, there before the overlay's first effect: no network needed.
    (Story) => {
      const [fake] = useState(() => installFakeCheckoutWidget());
      useEffect(() => fake.remove, [fake]);
      return Story();
    },
    withApp(),
  ],
} satisfies Meta<typeof PaymentOverlay>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The card: title, bullets, price, the payment information link and the card form. */
export const Ready: Story = {};

/** A trial's payment: the 1 ₽ card check is said above the price. */
export const TrialCardCheck: Story = {
  args: { packageId: 12, trial: { cost: 199 } },
  parameters: { app: { handlers: billingHandlers({ packages: [trialOffer()] }) } },
  play: async () => {
    const page = within(document.body);
    await expect(await page.findByText(/спишем с неё 1,00₽/)).toBeVisible();
  },
};

/** Every state of the card: the payment information open. */
export const AllStates: Story = {
  play: async ({ userEvent }) => {
    // The overlay is portalled to the body, outside the story's canvas.
    const page = within(document.body);
    await userEvent.click(await page.findByRole('button', { name: 'Информация об оплате' }));
  },
};

/** While the payment is being created: the loader. */
export const Loading: Story = { parameters: { app: { handlers: { createPayment: never } } } };

/** The payment could not be created. */
export const Failed: Story = {
  parameters: {
    app: {
      handlers: {
        ...billingHandlers(),
        createPayment: () => {
          throw new Error('offline');
        },
      },
    },
  },
};
