import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyImage } from './lazy-image.js';

/** A stand-in for the browser's IntersectionObserver: the test says when a box comes on screen. */
class FakeObserver {
  static readonly instances: FakeObserver[] = [];
  readonly watched = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  unobserve(element: Element) {
    this.watched.delete(element);
  }
  disconnect() {
    this.watched.clear();
  }
  /** Reports `element` as on screen (or not). */
  show(element: Element, isIntersecting = true) {
    const entry = { target: element, isIntersecting } as IntersectionObserverEntry;
    act(() => this.callback([entry], this as unknown as IntersectionObserver));
  }
}

function onScreen(element: Element, isIntersecting = true) {
  const observer = FakeObserver.instances.find((o) => o.watched.has(element));
  if (!observer) throw new Error('nobody watches this box');
  observer.show(element, isIntersecting);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

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

  it('requests the image only once its box is on screen (SPEC §9: offset 0)', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { box } = setup();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(box().style.aspectRatio).toBe('285 / 400');
    onScreen(box(), false);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    onScreen(box());
    expect(screen.getByRole('img', { name: 'Тихий дом' })).toHaveAttribute('src', '/poster.svg');
  });

  it('stops watching once shown, and when it leaves the page before that', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const shown = setup();
    const box = shown.box();
    onScreen(box);
    expect(FakeObserver.instances.some((o) => o.watched.has(box))).toBe(false);
    const gone = setup({ alt: 'Другой' });
    const other = gone.box();
    expect(FakeObserver.instances.some((o) => o.watched.has(other))).toBe(true);
    gone.unmount();
    expect(FakeObserver.instances.some((o) => o.watched.has(other))).toBe(false);
  });

  it('does not wait for the screen with priority', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    setup({ priority: true });
    expect(screen.getByRole('img', { name: 'Тихий дом' })).toHaveAttribute('loading', 'eager');
  });

  it('shows the default mark when there is no address', () => {
    const { box } = setup({ src: null });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(box().querySelector('svg')).not.toBeNull();
  });
});
