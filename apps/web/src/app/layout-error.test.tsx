import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';

// The frame itself fails: nothing of the layout can be kept.
vi.mock('./layout/app-layout', () => ({
  AppLayout: () => {
    throw new Error('layout broke');
  },
}));

describe('layout error', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the error screen alone, with the way home and the tab titled «Кадр — Ошибка»', async () => {
    const { user, reloads } = renderApp('/tv?utm=1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Что-то пошло не так :(' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/?utm=1');
    expect(document.body).not.toHaveTextContent(/layout broke|Unexpected Application Error/);
    await vi.waitFor(() => expect(document.title).toBe('Кадр — Ошибка'));
    await user.click(screen.getByRole('button', { name: 'Обновить страницу' }));
    expect(reloads()).toBe(1);
  });
});
