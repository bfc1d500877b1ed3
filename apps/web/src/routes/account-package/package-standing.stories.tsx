import type { Meta, StoryObj } from '@storybook/react-vite';
import { PackageStanding, type StandingGoods, standingOf } from './package-standing';

const NOW = Date.parse('2026-12-07T12:00:00Z');
const goods = (overrides: Partial<StandingGoods> = {}): StandingGoods => ({
  status: 'confirmed',
  is_active_parent: false,
  is_trial_current: false,
  store_name: 'web',
  ended_at: '2026-12-26T09:00:00+03:00',
  cost: 249,
  ...overrides,
});
const at = (overrides: Partial<StandingGoods> = {}) => ({ standing: standingOf(goods(overrides), NOW) });

const meta = {
  title: 'web/Account/PackageStanding',
  component: PackageStanding,
  args: at(),
} satisfies Meta<typeof PackageStanding>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Bought: paid until and the next charge with its amount. */
export const Confirmed: Story = {};

/** In its trial: the days left and the first charge. */
export const InTrial: Story = {
  args: at({ is_trial_current: true, ended_at: '2026-12-12T09:00:00+03:00', cost: 199 }),
};

/** Cancelled: valid until, renewal off. */
export const Cancelled: Story = { args: at({ status: 'cancelled' }) };

/** Suspended: the renewal charge failed. */
export const Suspended: Story = { args: at({ status: 'suspended' }) };

/** Not bought: the price a month. */
export const NotPurchased: Story = {
  args: at({ status: 'not_purchased', store_name: null, ended_at: null }),
};

/** Every state, one under another. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 24 }}>
      {[
        goods(),
        goods({ is_trial_current: true, ended_at: '2026-12-12T09:00:00+03:00', cost: 199 }),
        goods({ status: 'cancelled' }),
        goods({ status: 'suspended' }),
        goods({ store_name: 'apple' }),
        goods({ status: 'not_purchased', is_active_parent: true, store_name: null }),
        goods({ status: 'not_purchased', store_name: null, ended_at: null }),
      ].map((item, i) => (
        <PackageStanding key={i} standing={standingOf(item, NOW)} />
      ))}
    </div>
  ),
};
