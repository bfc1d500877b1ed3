import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Placeholder } from './placeholder.js';

describe('Placeholder', () => {
  it('names the screen in a heading and says it is coming soon', () => {
    render(<Placeholder title="Телеканалы" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Телеканалы' })).toBeInTheDocument();
    expect(screen.getByText(/скоро появится/)).toBeInTheDocument();
  });
});
