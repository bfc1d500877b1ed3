import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './skeleton.js';

describe('Skeleton', () => {
  it('is hidden from assistive technology and takes the size it is given', () => {
    const { container } = render(<Skeleton width={120} height={40} shape="block" />);
    const block = container.firstElementChild as HTMLElement;
    expect(block).toHaveAttribute('aria-hidden', 'true');
    expect(block.style.width).toBe('120px');
    expect(block.style.height).toBe('40px');
  });
});
