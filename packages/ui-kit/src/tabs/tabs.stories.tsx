import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { TabPanel, Tabs, type TabsProps } from './tabs.js';

const seasons = [1, 2, 3, 4].map((n) => ({ key: String(n), label: `Сезон ${n}` }));

const meta = {
  title: 'ui-kit/Tabs',
  tags: ['autodocs'],
  component: Tabs,
  args: { id: 'seasons', label: 'Сезоны', items: seasons, selectedKey: '1', onSelect: () => {} },
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Season tabs that switch a panel (click, arrow keys, Home, End). */
export const Seasons: Story = {
  render: (args) => {
    const [selected, setSelected] = useState(args.selectedKey);
    return (
      <>
        <Tabs {...args} selectedKey={selected} onSelect={setSelected} />
        <TabPanel tabsId={args.id} selectedKey={selected}>
          <p>Серии сезона {selected}</p>
        </TabPanel>
      </>
    );
  },
};

/** A tab list with the panel its tabs control (`aria-controls` must name an element on the page). */
function TabsWithPanel(args: TabsProps) {
  return (
    <div>
      <Tabs {...args} />
      <TabPanel tabsId={args.id} selectedKey={args.selectedKey}>
        <p>Серии сезона {args.selectedKey}</p>
      </TabPanel>
    </div>
  );
}

/** Many seasons scroll sideways. */
export const Many: Story = {
  args: { items: Array.from({ length: 14 }, (_, i) => ({ key: String(i + 1), label: `Сезон ${i + 1}` })) },
  render: (args) => <TabsWithPanel {...args} />,
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
};

/** Every state: first, middle and last selected, a single season. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <TabsWithPanel {...args} id="a" selectedKey="1" />
      <TabsWithPanel {...args} id="b" selectedKey="2" />
      <TabsWithPanel {...args} id="c" selectedKey="4" />
      <TabsWithPanel {...args} id="d" items={seasons.slice(0, 1)} selectedKey="1" />
    </div>
  ),
};
