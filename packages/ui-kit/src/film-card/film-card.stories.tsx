import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyFilms } from '../testing/story-data.js';
import { FilmCard, FilmCardSkeleton } from './film-card.js';

const film = storyFilms[0]!;

const meta = {
  title: 'ui-kit/FilmCard',
  tags: ['autodocs'],
  component: FilmCard,
  args: {
    href: film.href,
    title: film.title,
    imageUrl: film.imageUrl,
    genre: film.genre,
    year: film.year,
  },
} satisfies Meta<typeof FilmCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Poster, title and «genre, year». */
export const Default: Story = {};

/** With a sticker over the poster. */
export const WithSticker: Story = { args: { stickerUrl: film.stickerUrl } };

/** A long title is cut after two lines; the card keeps its 290 px. */
export const LongTitle: Story = {
  args: { title: 'Очень длинное название фильма, которое не помещается в две строки' },
};

/** A search result: the year alone. */
export const SearchResult: Story = { args: { genre: undefined } };

/** No poster yet: the placeholder keeps the size. */
export const NoPoster: Story = { args: { imageUrl: null } };

/** Loading: the card's box, for a rail whose cards have not arrived. */
export const Loading: Story = { render: () => <FilmCardSkeleton /> };

/** Every state side by side. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <FilmCard {...args} />
      <FilmCard {...args} stickerUrl={film.stickerUrl} />
      <FilmCard {...args} title="Очень длинное название фильма, которое не помещается в две строки" />
      <FilmCard {...args} genre={undefined} />
      <FilmCard {...args} imageUrl={null} />
      <FilmCard {...args} imageUrl="/no-such-poster.png" />
      <FilmCardSkeleton />
    </div>
  ),
};
