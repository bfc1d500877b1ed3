import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingBar, type LoadingBarProps } from './loading-bar.js';

function setup(props: LoadingBarProps) {
  const view = render(<LoadingBar {...props} />);
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  const bar = () => screen.queryByRole('progressbar', { name: 'Загрузка страницы' });
  return { ...view, advance, bar };
}

describe('LoadingBar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a busy progressbar «Загрузка страницы» once loading has lasted 150 ms', () => {
    const { advance, bar } = setup({ active: true });
    advance(149);
    expect(bar()).not.toBeInTheDocument();
    advance(1);
    expect(bar()).toHaveAttribute('aria-busy', 'true');
    expect(bar()).not.toHaveAttribute('aria-valuenow');
  });

  it('never flashes for a load shorter than the delay', () => {
    const { advance, bar, rerender } = setup({ active: true });
    advance(100);
    rerender(<LoadingBar active={false} />);
    advance(500);
    expect(bar()).not.toBeInTheDocument();
  });

  it('goes away the moment loading ends and waits the delay again next time', () => {
    const { advance, bar, rerender } = setup({ active: true, delayMs: 50 });
    advance(50);
    expect(bar()).toBeInTheDocument();
    rerender(<LoadingBar active={false} delayMs={50} />);
    expect(bar()).not.toBeInTheDocument();
    rerender(<LoadingBar active delayMs={50} />);
    expect(bar()).not.toBeInTheDocument();
    advance(50);
    expect(bar()).toBeInTheDocument();
  });

  it('takes its accessible name from label', () => {
    const { advance } = setup({ active: true, label: 'Загружаем фильм' });
    advance(150);
    expect(screen.getByRole('progressbar', { name: 'Загружаем фильм' })).toBeInTheDocument();
  });
});
