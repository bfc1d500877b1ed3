import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Logo } from './logo.js';

describe('Logo', () => {
  it('is an image named Кадр', () => {
    render(<Logo />);
    expect(screen.getByRole('img', { name: 'Кадр' })).toBeInTheDocument();
  });
});
