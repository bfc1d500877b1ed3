import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Collection, CollectionType } from '../../shared/catalogue-types';
import { homeCollections, tvCollections } from '../../testing/catalogue-fixtures';
import { withApp } from '../../testing/story-decorators';
import { CollectionRail } from './collection-rail';

/** The fixture rails of one type, in fixture order (home and TV tabs together). */
const ofType = (type: CollectionType): Collection[] =>
  [...homeCollections(), ...tvCollections()].filter((collection) => collection.RB_type === type);

const [leadBanners, banners] = ofType('banner');
const [teasers] = ofType('teaser');
const [queue] = ofType('queue');
const [channels] = ofType('tv_channels');

const meta = {
  title: 'web/Catalogue/CollectionRail',
  component: CollectionRail,
  parameters: { layout: 'fullscreen' },
  decorators: [withApp(), (Story) => <div style={{ padding: '24px 0' }}>{Story()}</div>],
  args: { collection: banners!, arrows: true },
} satisfies Meta<typeof CollectionRail>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A banner rail: medium banner thumbnails with genre and year. */
export const Banners: Story = {};

/** The page's first (lead) rail: big banners, the first two loaded at once. */
export const LeadBanners: Story = { args: { collection: leadBanners!, lead: true } };

/** A teaser rail: poster thumbnails. */
export const Teasers: Story = { args: { collection: teasers! } };

/** A queue rail: poster thumbnails too. */
export const Queue: Story = { args: { collection: queue! } };

/** A channel rail: channel tiles linking to /tv/{id}. */
export const Channels: Story = { args: { collection: channels! } };

/** Phones swipe: no arrows. */
export const Mobile: Story = {
  args: { arrows: false },
  parameters: { app: { deviceKind: 'mobile' } },
  globals: { viewport: { value: 'mobile1' } },
};

/** Every kind of rail, one under another, then one without arrows. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 32 }}>
      <CollectionRail {...args} collection={leadBanners!} lead />
      <CollectionRail {...args} collection={banners!} />
      <CollectionRail {...args} collection={teasers!} />
      <CollectionRail {...args} collection={queue!} />
      <CollectionRail {...args} collection={channels!} />
      <CollectionRail {...args} collection={teasers!} arrows={false} />
    </div>
  ),
};
