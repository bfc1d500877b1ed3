import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyFilms } from '../testing/story-data.js';
import { BannerCard } from './banner-card.js';

const film = storyFilms[1]!;

const meta = {
  title: 'ui-kit/BannerCard',
  tags: ['autodocs'],
  component: BannerCard,
  args: { href: film.href, title: film.title, imageUrl: film.bannerUrl, genre: film.genre, year: film.year },
} satisfies Meta<typeof BannerCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A banner in a 290 px card. */
export const Default: Story = {};

/** The large banner of the page's first rail, the title over the picture. */
export const Large: Story = { args: { size: 'l', priority: true } };

/** With a sticker. */
export const WithSticker: Story = { args: { stickerUrl: storyFilms[0]!.stickerUrl } };

/** Every state. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 24, justifyItems: 'start' }}>
      <BannerCard {...args} size="l" />
      <div style={{ display: 'flex', gap: 16 }}>
        <BannerCard {...args} />
        <BannerCard {...args} stickerUrl={storyFilms[0]!.stickerUrl} />
        <BannerCard {...args} imageUrl={null} />
      </div>
    </div>
  ),
};
