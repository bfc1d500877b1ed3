import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BannerCard } from './banner-card.js';

describe('BannerCard', () => {
  it('links to the content card with its title, genre and year', () => {
    render(<BannerCard href="/movie/5/" title="Море" imageUrl="/banner.svg" genre="Драма" year={2021} />);
    const link = screen.getByRole('link', { name: 'Море Драма, 2021' });
    expect(link).toHaveAttribute('href', '/movie/5/');
  });

  it('reserves the banner at its 1280 × 540 ratio', () => {
    const { container } = render(<BannerCard href="/movie/5/" title="Море" imageUrl="/banner.svg" />);
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('width', '1280');
    expect(image).toHaveAttribute('height', '540');
  });

  it('lays the title over a large banner and loads it at once when asked', () => {
    const { container } = render(
      <BannerCard href="/movie/5/" title="Море" imageUrl="/banner.svg" size="l" priority />,
    );
    expect(screen.getByRole('link', { name: 'Море' })).toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('loading', 'eager');
  });
});
