import type { Meta, StoryObj } from '@storybook/react-vite';
import { badgeOf, PackageBadge } from './package-badge';

const meta = {
  title: 'web/Account/PackageBadge',
  component: PackageBadge,
  args: { badge: badgeOf({ status: 'confirmed', isActiveParent: false, offer: '' }) },
} satisfies Meta<typeof PackageBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

const offer = '7 дней бесплатно, затем 199,00₽ в месяц';

/** Bought: «Подключена». */
export const Confirmed: Story = {};

/** Not bought: the offer look with the price line. */
export const NotPurchased: Story = {
  args: { badge: badgeOf({ status: 'not_purchased', isActiveParent: false, offer }) },
};

/** Every badge side by side. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {(['not_purchased', 'confirmed', 'suspended', 'cancelled'] as const).map((status) => (
        <PackageBadge key={status} badge={badgeOf({ status, isActiveParent: false, offer })} />
      ))}
      <PackageBadge badge={badgeOf({ status: 'not_purchased', isActiveParent: true, offer })} />
    </div>
  ),
};
