import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, within } from 'storybook/test';
import { billingHandlers } from '../../testing/billing-fixtures';
import { withApp } from '../../testing/story-decorators';
import { installFakeCheckoutWidget } from './fake-checkout-widget';
import { LazyPaymentOverlay } from './lazy-payment-overlay';

const meta = {
  title: 'web/Payment/LazyPaymentOverlay',
  component: LazyPaymentOverlay,
  args: {
    packageId: 3,
    texts: ['Фильмы и сериалы без рекламы', 'Отмена в любой момент'],
    source: { goal: 'EK_BUY_SUCCESS', EK_id: 12 },
    onClose: () => {},
    onConfirmed: () => {},
  },
  parameters: { app: { handlers: billingHandlers() } },
  decorators: [
    (Story) => {
      const [fake] = useState(() => installFakeCheckoutWidget());
      useEffect(() => fake.remove, [fake]);
      return Story();
    },
    withApp(),
  ],
} satisfies Meta<typeof LazyPaymentOverlay>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The full-page loader while the overlay's own chunk arrives, then the overlay itself. */
export const LoadsTheOverlay: Story = {
  play: async () => {
    // The overlay is portalled to the body, outside the story's canvas.
    const page = within(document.body);
    await expect(await page.findByRole('button', { name: 'Информация об оплате' })).toBeVisible();
  },
};
