import type { Meta, StoryObj } from '@storybook/react-vite';
import { HomeRoute } from '../../routes/home/home-route';
import { TvRoute } from '../../routes/tv/tv-route';
import { homeCollections, tvCollections } from '../../testing/catalogue-fixtures';
import { never } from '../../testing/fake-services';
import { withApp } from '../../testing/story-decorators';
import { CatalogueView } from './catalogue-view';
import { catalogueMessages as m } from './messages';
import { leadFirst, tvRails } from './order';

const meta = {
  title: 'web/Catalogue/CatalogueView',
  component: CatalogueView,
  parameters: { layout: 'fullscreen' },
  decorators: [withApp()],
  args: {
    title: m.home,
    status: 'ready',
    collections: leadFirst(homeCollections()),
    lead: true,
    arrows: true,
    onRetry: () => {},
  },
} satisfies Meta<typeof CatalogueView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The catalogue home on desktop: the banner rail leads, arrows on every rail. */
export const Home: Story = {};

/** The home on a phone: swipe, no arrows. */
export const HomeMobile: Story = {
  args: { arrows: false },
  parameters: { app: { deviceKind: 'mobile' } },
  globals: { viewport: { value: 'mobile1' } },
};

/** The TV tab: channel rails and channel-type content, with a visible heading. */
export const TvTab: Story = {
  args: { title: m.tv, showTitle: true, lead: false, collections: tvRails(tvCollections()) },
};

/** A loader while there are no rails yet. */
export const Loading: Story = { args: { status: 'loading', collections: [] } };

/** The rails could not be loaded: a retry. */
export const Failed: Story = { args: { status: 'error', collections: [] } };

/** Loaded, but empty. */
export const Empty: Story = { args: { collections: [] } };

/** The real home route over the fake API (tab Main2). */
export const HomeRouteStory: Story = {
  name: 'Home route (fake API)',
  render: () => <HomeRoute />,
};

/** The real TV route over the fake API (tab tv_channels_tab). */
export const TvRouteStory: Story = {
  name: 'TV route (fake API)',
  render: () => <TvRoute />,
};

/** The home route while the API does not answer. */
export const HomeRouteLoading: Story = {
  name: 'Home route, loading',
  parameters: { app: { handlers: { getCollections: never } } },
  render: () => <HomeRoute />,
};

/** Every state, one under another. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 48 }}>
      <CatalogueView {...args} status="loading" collections={[]} />
      <CatalogueView {...args} status="error" collections={[]} />
      <CatalogueView {...args} collections={[]} />
      <CatalogueView {...args} title={m.tv} showTitle lead={false} collections={tvRails(tvCollections())} />
      <CatalogueView {...args} />
    </div>
  ),
};
