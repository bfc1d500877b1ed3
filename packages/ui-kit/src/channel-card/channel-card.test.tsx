import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChannelCard } from './channel-card.js';

describe('ChannelCard', () => {
  it('links to the channel, named by its name', () => {
    render(<ChannelCard href="/tv/7/" title="Первый" imageUrl="/logo.svg" />);
    expect(screen.getByRole('link', { name: 'Первый' })).toHaveAttribute('href', '/tv/7/');
  });

  it('shows a monogram when there is no logo', () => {
    render(<ChannelCard href="/tv/7/" title="Первый" imageUrl={null} />);
    expect(screen.getByText('Пе')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Первый' })).toBeInTheDocument();
  });
});
