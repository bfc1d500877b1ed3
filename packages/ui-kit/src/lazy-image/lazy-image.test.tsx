import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyImage } from './lazy-image';

function setup(props: Partial<Parameters<typeof LazyImage>[0]> = {}) {
  const view = render(<LazyImage src="/poster.svg" alt="Тихий дом" width={285} height={400} {...props} />);
  const box = () => view.container.firstElementChild as HTMLElement;
  return { ...view, box };
}

describe('LazyImage', () => {
  it('loads lazily and decodes asynchronously, with its intrinsic size set', () => {
    setup();
    const image = screen.getByRole('img', { name: 'Тихий дом' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image).toHaveAttribute('width', '285');
    expect(image).toHaveAttribute('height', '400');
  });

  it('reserves the box by aspect ratio before the image arrives', () => {
    const { box } = setup();
    expect(box().style.aspectRatio).toBe('285 / 400');
  });

  it('fades the image in once it has loaded', () => {
    setup();
    const image = screen.getByRole('img', { name: 'Тихий дом' });
    expect(image).toHaveAttribute('data-state', 'loading');
    fireEvent.load(image);
    expect(image).toHaveAttribute('data-state', 'loaded');
  });

  it('loads eagerly with high priority when it is the first screen’s image', () => {
    setup({ priority: true });
    const image = screen.getByRole('img', { name: 'Тихий дом' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    // Painted as soon as it arrives: no asynchronous decode (and no fade-in).
    expect(image).toHaveAttribute('decoding', 'auto');
  });

  it('shows the fallback when the image fails or there is none', () => {
    setup({ fallback: <span>нет картинки</span> });
    fireEvent.error(screen.getByRole('img', { name: 'Тихий дом' }));
    expect(screen.queryByRole('img', { name: 'Тихий дом' })).not.toBeInTheDocument();
    expect(screen.getByText('нет картинки')).toBeInTheDocument();
  });

  it('shows the default mark when there is no address', () => {
    const { box } = setup({ src: null });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(box().querySelector('svg')).not.toBeNull();
  });
});
