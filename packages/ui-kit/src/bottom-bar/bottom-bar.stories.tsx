import type { Meta, StoryObj } from '@storybook/react-vite';
import { BottomBar, type BottomBarItem } from './bottom-bar.js';

const items: BottomBarItem[] = [
  { key: 'catalogue', label: 'Каталог', href: '#/', icon: 'catalogue' },
  { key: 'tv', label: 'ТВ', href: '#/tv', icon: 'tv' },
  { key: 'packages', label: 'Подписки', href: '#/account/packages', icon: 'subscriptions' },
  { key: 'menu', label: 'Меню', href: '#/account', icon: 'menu' },
];

const meta = {
  title: 'ui-kit/BottomBar',
  component: BottomBar,
  parameters: { layout: 'fullscreen' },
  args: { items, activeKey: 'catalogue' },
} satisfies Meta<typeof BottomBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** On the catalogue. */
export const Catalogue: Story = {};

/** Every state: each item active in turn (the bars are stacked, not fixed, here). */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16 }}>
      {[undefined, ...items.map((item) => item.key)].map((key) => (
        <div key={key ?? 'none'} style={{ position: 'relative', height: 64, transform: 'translateZ(0)' }}>
          <BottomBar items={items} activeKey={key} />
        </div>
      ))}
    </div>
  ),
};
