import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STICKER_HEIGHT, Sticker } from './sticker.js';

function setup(src = '/new.svg') {
  const { container } = render(<Sticker src={src} />);
  return { image: () => container.querySelector('img') };
}

describe('Sticker', () => {
  it('shows the image at the sticker height, decoded off the main path', () => {
    const { image } = setup();
    expect(image()).toHaveAttribute('src', '/new.svg');
    expect(image()).toHaveAttribute('height', String(STICKER_HEIGHT));
    expect(image()).toHaveAttribute('decoding', 'async');
  });

  it('stays out of the accessibility tree (the card names the title)', () => {
    const { image } = setup();
    expect(image()).toHaveAttribute('alt', '');
    expect(image()).toHaveAttribute('aria-hidden', 'true');
  });
});
