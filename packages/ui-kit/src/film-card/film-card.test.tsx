import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LinkComponentProps } from '../link.js';
import { FilmCard, FilmCardSkeleton } from './film-card.js';

function Custom({ state: _state, ...props }: LinkComponentProps) {
  return <a data-custom="" {...props} />;
}

function setup(props: Partial<Parameters<typeof FilmCard>[0]> = {}) {
  const view = render(
    <FilmCard
      href="/movie/12/"
      title="Тихий дом"
      imageUrl="/poster.svg"
      genre="Драма"
      year={2023}
      {...props}
    />,
  );
  const link = () => screen.getByRole('link', { name: 'Тихий дом Драма, 2023' });
  const poster = () => view.container.querySelector('img') as HTMLImageElement;
  return { ...view, link, poster };
}

describe('FilmCard', () => {
  it('links to the content card, named by the title with genre and year', () => {
    const { link } = setup();
    expect(link()).toHaveAttribute('href', '/movie/12/');
    // Its whole visible text, title first (WCAG 2.5.3 label in name).
    expect(link()).toHaveAccessibleName('Тихий дом Драма, 2023');
    expect(screen.getByText('Драма, 2023')).toBeInTheDocument();
  });

  it('reserves the poster at 142.5 × 200 (a 2× image) and loads it lazily', () => {
    const { poster } = setup();
    expect(poster()).toHaveAttribute('width', '285');
    expect(poster()).toHaveAttribute('height', '400');
    expect(poster()).toHaveAttribute('loading', 'lazy');
    expect(poster()).toHaveAttribute('alt', '');
  });

  it('shows the sticker when there is one', () => {
    const { container } = setup({ stickerUrl: '/new.svg' });
    expect(container.querySelectorAll('img')).toHaveLength(2);
  });

  it('shows only the year when there is no genre', () => {
    setup({ genre: undefined });
    expect(screen.getByText('2023')).toBeInTheDocument();
  });

  it('renders its link through the injected LinkComponent', () => {
    const { link } = setup({ LinkComponent: Custom });
    expect(link()).toHaveAttribute('data-custom');
  });
});

describe('FilmCardSkeleton', () => {
  it('takes the card’s box and is hidden from assistive technology', () => {
    const { container } = render(<FilmCardSkeleton />);
    const card = container.firstElementChild as HTMLElement;
    expect(card).toHaveAttribute('aria-hidden', 'true');
    // The card's own classes (its 142.5 × 290 box), so a rail keeps its height when the cards arrive.
    const { container: real } = render(<FilmCard href="/movie/1/" title="Тихий дом" imageUrl={null} />);
    expect(card.className).toBe(real.querySelector('a')?.className);
  });
});
