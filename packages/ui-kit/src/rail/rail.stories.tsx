import type { Meta, StoryObj } from '@storybook/react-vite';
import { BannerCard } from '../banner-card/banner-card.js';
import { ChannelCard } from '../channel-card/channel-card.js';
import { FilmCard } from '../film-card/film-card.js';
import { storyChannels, storyFilms } from '../testing/story-data.js';
import { Rail } from './rail.js';

const films = storyFilms.map(({ key, ...film }) => <FilmCard key={key} {...film} />);

const meta = {
  title: 'ui-kit/Rail',
  component: Rail,
  parameters: { layout: 'fullscreen' },
  args: { title: 'Новинки', children: films },
  decorators: [(Story) => <div style={{ padding: '24px 0' }}>{Story()}</div>],
} satisfies Meta<typeof Rail>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A rail of film cards with arrows (desktop): the left arrow appears once scrolled. */
export const Films: Story = {};

/** Banner cards. */
export const Banners: Story = {
  args: {
    title: 'Премьеры недели',
    children: storyFilms.map(({ key, ...film }) => (
      <BannerCard key={key} {...film} imageUrl={film.bannerUrl} />
    )),
  },
};

/** The big banners of the home page's first rail. */
export const LeadBanners: Story = {
  args: {
    title: 'Главное',
    children: storyFilms
      .slice(0, 5)
      .map(({ key, ...film }, index) => (
        <BannerCard key={key} {...film} imageUrl={film.bannerUrl} size="l" priority={index === 0} />
      )),
  },
};

/** Channel tiles. */
export const Channels: Story = {
  args: {
    title: 'Телеканалы',
    children: storyChannels.map(({ key, ...channel }) => <ChannelCard key={key} {...channel} />),
  },
};

/** Phones swipe: no arrows. */
export const Mobile: Story = { args: { arrows: false }, globals: { viewport: { value: 'mobile1' } } };

/** A short rail that fits: no arrows at all. */
export const Short: Story = { args: { title: 'Скоро', children: films.slice(0, 3) } };

/** Every state: long, short, without arrows, without a heading. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 32 }}>
      <Rail {...args} />
      <Rail {...args} title="Скоро">
        {films.slice(0, 3)}
      </Rail>
      <Rail {...args} title="Без стрелок" arrows={false} />
      <Rail {...args} title={undefined} label="Без заголовка" />
    </div>
  ),
};
