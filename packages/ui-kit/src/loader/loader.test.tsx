import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Loader } from './loader.js';

describe('Loader', () => {
  it('announces itself as a status with the default Russian label', () => {
    render(<Loader />);
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка…');
  });

  it('shows its label on the full-page variant', () => {
    render(<Loader variant="fullPage" label="Перенаправляем…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Перенаправляем…');
  });
});
