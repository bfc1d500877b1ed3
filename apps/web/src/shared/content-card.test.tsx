import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ContentCard, type ContentCardItem } from './content-card';

const item: ContentCardItem = {
  EK_id: 42,
  EK_title: 'Тихий дом',
  thumb_poster_url: 'https://img.kadr.example/poster/42.svg',
  genre: 'драма',
  year: 2021,
  sticker_image_url: null,
};

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '*', element: <ContentCard item={item} /> }], {
    initialEntries: [entry],
  });
  render(<RouterProvider router={router} />);
}

describe('ContentCard', () => {
  it('links to the content card, named by its title, genre and year', () => {
    renderAt('/');
    const link = screen.getByRole('link', { name: 'Тихий дом драма, 2021' });
    expect(link.getAttribute('href')).toBe('/movie/42/');
  });

  it('keeps the page’s query string (SPEC §9: the partner and campaign parameters travel along)', () => {
    renderAt('/?utm_source=partner');
    expect(screen.getByRole('link', { name: /Тихий дом/ }).getAttribute('href')).toBe(
      '/movie/42/?utm_source=partner',
    );
  });
});
