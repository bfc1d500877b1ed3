import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VisuallyHidden } from './visually-hidden.js';

describe('VisuallyHidden', () => {
  it('keeps its text in the accessibility tree, as a span by default', () => {
    render(
      <button type="button">
        ⚙<VisuallyHidden>Качество</VisuallyHidden>
      </button>,
    );
    const button = screen.getByRole('button', { name: '⚙Качество' });
    expect(button.querySelector('span')).toHaveTextContent('Качество');
  });

  it('renders the element asked for and passes its attributes through', () => {
    render(
      <>
        <VisuallyHidden as="h1">Поиск</VisuallyHidden>
        <VisuallyHidden role="status">Загрузка…</VisuallyHidden>
      </>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Поиск' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка…');
  });
});
