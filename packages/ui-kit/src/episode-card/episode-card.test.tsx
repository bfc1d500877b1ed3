import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EpisodeCard, EpisodeSlider } from './episode-card.js';

const episodes = [
  { key: '1', href: '/movie/9/1/', title: 'Пилот', orderNumber: 1, imageUrl: '/1.svg' },
  { key: '2', href: '/movie/9/2/', title: 'Гроза', orderNumber: 2, imageUrl: '/2.svg' },
  { key: '3', href: '/movie/9/3/', title: 'Финал', orderNumber: 3, imageUrl: null, announce: true },
];

describe('EpisodeCard', () => {
  it('links to the episode, named by «N серия» and its title as shown', () => {
    render(<EpisodeCard href="/movie/9/1/" title="Пилот" orderNumber={1} imageUrl="/1.svg" />);
    const link = screen.getByRole('link', { name: '1 серия Пилот' });
    expect(link).toHaveAttribute('href', '/movie/9/1/');
  });

  it('marks the episode open now', () => {
    render(<EpisodeCard href="/movie/9/1/" title="Пилот" orderNumber={1} imageUrl={null} current />);
    expect(screen.getByRole('link', { name: '1 серия Пилот' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows an announced episode with «Скоро» and no link', () => {
    render(<EpisodeCard href="/movie/9/3/" title="Финал" orderNumber={3} imageUrl={null} announce />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Скоро')).toBeInTheDocument();
    expect(screen.getByText('Финал')).toBeInTheDocument();
  });
});

describe('EpisodeSlider', () => {
  it('lists a season in a rail, marking the current episode', () => {
    render(<EpisodeSlider episodes={episodes} currentKey="2" label="Серии" />);
    expect(screen.getByRole('region', { name: 'Серии' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: '2 серия Гроза' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '1 серия Пилот' })).not.toHaveAttribute('aria-current');
  });
});
