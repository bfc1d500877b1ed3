import type { Meta, StoryObj } from '@storybook/react-vite';
import { FilmCard } from './film-card/film-card.js';
import { DefaultLink, type LinkComponentProps } from './link.js';
import { storyFilms } from './testing/story-data.js';

/** A stand-in for an app's router link: keeps the click in the page and logs where it would go. */
function LoggingLink({ href, state, onClick, ...props }: LinkComponentProps) {
  return (
    <a
      href={href}
      {...props}
      onClick={(event) => {
        event.preventDefault();
        console.info('[story] navigate', href, state);
        onClick?.(event);
      }}
    />
  );
}

const film = storyFilms[0]!;

/** The same film card with the default link and with {@link LoggingLink}. */
function Cards() {
  const card = {
    href: film.href,
    title: film.title,
    imageUrl: film.imageUrl,
    genre: film.genre,
    year: film.year,
  };
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <FilmCard {...card} />
      <FilmCard {...card} LinkComponent={LoggingLink} />
    </div>
  );
}

// The kit never imports a router: components render links through a `LinkComponent` the app injects,
// DefaultLink (a plain anchor) when it injects none.
const meta = {
  title: 'ui-kit/Link',
  tags: ['autodocs'],
  component: DefaultLink,
  args: { href: '#/about_us', children: 'О нас' },
} satisfies Meta<typeof DefaultLink>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An in-app path as a plain anchor. */
export const Default: Story = {};

/** An outside page in a new tab: the anchor's own attributes pass through. */
export const External: Story = {
  args: {
    href: 'https://kadr.example/legal/agreement',
    target: '_blank',
    rel: 'noopener noreferrer',
    children: 'Пользовательское соглашение',
  },
};

/** Router navigation state is dropped: the anchor gets no `state` attribute. */
export const WithNavigationState: Story = { args: { state: { from: 'catalogue' } } };

/** A card with the default link, and with an injected one (clicks are logged, not followed). */
export const InComponents: Story = { render: () => <Cards /> };

/** Every usage: in-app, outside, in components. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16, justifyItems: 'start' }}>
      <DefaultLink {...args} />
      <DefaultLink {...args} {...External.args} />
      <Cards />
    </div>
  ),
};
