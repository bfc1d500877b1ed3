import { Header } from '@kadr/ui-kit';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { layoutMessages } from '../../app/layout/messages';
import { headerItems, menuItem } from '../../app/layout/nav-items';
import { KitLink } from '../../shared/navigation/query-link';
import { withApp } from '../../testing/story-decorators';
import { searchMessages } from './messages';
import { SearchSlot } from './search-slot';

/** The slot where the app puts it: the desktop header, with room under it for the search panel. */
function InHeader() {
  return (
    <div style={{ minHeight: 600 }}>
      <Header
        homeHref="/"
        homeLabel={layoutMessages.home}
        items={headerItems}
        activeKey="catalogue"
        menuItem={menuItem}
        searchSlot={<SearchSlot />}
        LinkComponent={KitLink}
      />
    </div>
  );
}

const meta = {
  title: 'web/Search/SearchSlot',
  component: SearchSlot,
  parameters: { layout: 'fullscreen' },
  decorators: [withApp()],
  render: () => <InHeader />,
} satisfies Meta<typeof SearchSlot>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The header's search button; hovering or focusing it fetches the search box ahead of the click. */
export const Button: Story = {};

/** Pressed: the search box loads lazily and opens on the recommendations. */
export const Opened: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: searchMessages.title }));
    await canvas.findByRole('searchbox');
  },
};

/** Both states: the button, and the box it becomes once pressed. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid' }}>
      <InHeader />
      <InHeader />
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    const [, second] = await canvas.findAllByRole('button', { name: searchMessages.title });
    if (second) await userEvent.click(second);
    await canvas.findByRole('searchbox');
  },
};
