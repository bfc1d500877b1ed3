import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AgeBadge, floorRating, formatRating, Rating } from './rating.js';

describe('floorRating', () => {
  it.each([
    [7.89, 7.8],
    [8.7, 8.7],
    [6.05, 6],
    [9.99, 9.9],
    [0.04, 0],
    [10, 10],
  ])('floors %s to %s', (value, floored) => {
    expect(floorRating(value)).toBe(floored);
  });

  it('writes the score with a decimal comma', () => {
    expect(formatRating(7.89)).toBe('7,8');
    expect(formatRating(8)).toBe('8,0');
    expect(formatRating(10)).toBe('10,0');
    expect(formatRating(0.05)).toBe('0,0');
  });
});

describe('Rating', () => {
  it('shows the floored score, named for assistive technology', () => {
    render(<Rating value={7.89} />);
    expect(screen.getByText('7,8')).toBeInTheDocument();
    expect(screen.getByText('Рейтинг Кинопоиска', { exact: false })).toBeInTheDocument();
  });

  it('shows nothing for 0 (or a score that floors to 0)', () => {
    const { container } = render(
      <>
        <Rating value={0} />
        <Rating value={0.04} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('AgeBadge', () => {
  it('adds a plus to the age', () => {
    render(<AgeBadge age={16} />);
    expect(screen.getByText('16+')).toBeInTheDocument();
  });

  it('shows nothing for 0', () => {
    const { container } = render(<AgeBadge age={0} />);
    expect(container).toBeEmptyDOMElement();
  });
});
