import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Rail } from './rail.js';

function setup(props: { arrows?: boolean } = {}) {
  const user = userEvent.setup();
  render(
    <Rail title="Новинки" {...props}>
      {['Один', 'Два', 'Три'].map((name) => (
        <a key={name} href={`/${name}`}>
          {name}
        </a>
      ))}
    </Rail>,
  );
  const track = screen.getByRole('list');
  const scrollBy = vi.fn();
  track.scrollBy = scrollBy as unknown as typeof track.scrollBy;
  /** Lays the track out: jsdom has no layout, so its sizes are set by hand and a scroll is fired. */
  const layout = (sizes: { scrollWidth: number; clientWidth: number; scrollLeft: number }) => {
    for (const [key, value] of Object.entries(sizes)) {
      Object.defineProperty(track, key, { configurable: true, value });
    }
    fireEvent.scroll(track);
  };
  const previous = () => screen.queryByRole('button', { name: 'Прокрутить влево' });
  const next = () => screen.queryByRole('button', { name: 'Прокрутить вправо' });
  return { user, track, scrollBy, layout, previous, next };
}

describe('Rail', () => {
  it('is a region named by its title, with one list item per card', () => {
    setup();
    const region = screen.getByRole('region', { name: 'Новинки' });
    expect(region).toContainElement(screen.getByRole('heading', { level: 2, name: 'Новинки' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Два' })).toHaveAttribute('href', '/Два');
  });

  it('hides both arrows when everything fits', () => {
    const { layout, previous, next } = setup();
    layout({ scrollWidth: 600, clientWidth: 600, scrollLeft: 0 });
    expect(previous()).not.toBeInTheDocument();
    expect(next()).not.toBeInTheDocument();
  });

  it('shows only the right arrow at the start of a long rail', () => {
    const { layout, previous, next } = setup();
    layout({ scrollWidth: 2000, clientWidth: 600, scrollLeft: 0 });
    expect(previous()).not.toBeInTheDocument();
    expect(next()).toBeVisible();
  });

  it('shows only the left arrow at the end', () => {
    const { layout, previous, next } = setup();
    layout({ scrollWidth: 2000, clientWidth: 600, scrollLeft: 1400 });
    expect(previous()).toBeVisible();
    expect(next()).not.toBeInTheDocument();
  });

  it('scrolls by a page forwards and backwards', async () => {
    const { user, layout, scrollBy, previous, next } = setup();
    layout({ scrollWidth: 2000, clientWidth: 600, scrollLeft: 700 });
    await user.click(next()!);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 510, behavior: 'smooth' });
    await user.click(previous()!);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -510, behavior: 'smooth' });
  });

  it('has no arrows when asked for none (phones swipe)', () => {
    const { layout, previous, next } = setup({ arrows: false });
    layout({ scrollWidth: 2000, clientWidth: 600, scrollLeft: 700 });
    expect(previous()).not.toBeInTheDocument();
    expect(next()).not.toBeInTheDocument();
  });

  it('is named by `label` when it has no heading', () => {
    render(
      <Rail label="Серии">
        <a href="/1">1</a>
      </Rail>,
    );
    expect(screen.getByRole('region', { name: 'Серии' })).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
